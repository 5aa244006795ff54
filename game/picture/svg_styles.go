package picture

import (
	"bytes"
	"html"
	"slices"
	"strings"
	"sync"
)

// A page's board repeats the same paint on many elements (every unit's
// count, every callout's frame, every home province of a nation): written
// once as a style rule and named by a class, each element carries a short
// class instead of its attributes (issue 20: the game page's bytes).
// WriteStyled does this for the ops it writes; the rules follow them in a
// <style> of the drawing. A rule's class is named by a hash of the rule
// itself, so two drawings on one page that share a name share its paint.

// styles names each paint signature (the attributes an element would
// carry) of a drawing once, by its index in infos, with the class that
// stands for it; nil writes every attribute. Counting, grouping and
// writing ask for an op's signature again and again: an op's indexes are
// kept in slots, a string is hashed once per op.
type styles struct {
	// slots holds two signature indexes plus one an op (0: not made
	// yet): its paint's (sig), and its text's or line's (textSig,
	// lineSig). The ops are numbered as both passes over a drawing walk
	// them (block): a slice's ops one after the other, a group's
	// children a block of their own when the walk enters the group. A
	// map by op's address was a tenth of a styled drawing's CPU.
	slots []int32
	next  int // the next block's first op
	// arena holds each signature once, one after the other: most ops
	// share their paint with others, and a string each was an
	// allocation (a third of a position layer's)
	arena []byte
	// uniq finds a signature by its hash (sigHash); one that clashes
	// with the hash's first is looked for among all (it never happens
	// with a drawing's few dozen)
	uniq  map[uint64]int32
	infos []sigInfo
	// keys finds a signature by what it is made of (paintKey): most ops
	// share their paint with others, and making each one's signature
	// (its numbers formatted, its bytes hashed) was a fifth of Caesar's
	// position layer's CPU
	keys map[paintKey]int32
}

// sigInfo is a signature of the drawing (arena[off:end]), the class
// standing for it (if classed) and its uses without and with a class of
// their own.
type sigInfo struct {
	off, end int32
	class    [7]byte
	classed  bool
	uses     [2]int
}

// sigOf is signature i's attributes.
func (st *styles) sigOf(i int32) []byte {
	in := &st.infos[i]
	return st.arena[in.off:in.end]
}

// block numbers n ops, a slice the walk enters, and returns the first's
// number (nil styles: 0, unused).
func (st *styles) block(n int) int {
	if st == nil {
		return 0
	}
	k := st.next
	st.next += n
	if need := 2 * st.next; len(st.slots) < need {
		st.slots = append(st.slots, make([]int32, need-len(st.slots))...)
	}
	return k
}

// sig is the index of paintSig of o, op number k.
func (st *styles) sig(o *Op, k int) int32 {
	if i := st.slots[2*k]; i > 0 {
		return i - 1
	}
	i := st.keyed(paintKeyOf(o), o)
	st.slots[2*k] = i + 1
	return i
}

// textSig is the index of textPaint of o, op number k.
func (st *styles) textSig(o *Op, k int) int32 {
	if i := st.slots[2*k+1]; i > 0 {
		return i - 1
	}
	i := st.keyed(textKeyOf(o), o)
	st.slots[2*k+1] = i + 1
	return i
}

// lineSig is the index of the paint of o, op number k, written as a
// <line> (no fill to say).
func (st *styles) lineSig(o *Op, k int) int32 {
	if i := st.slots[2*k+1]; i > 0 {
		return i - 1
	}
	key := paintKeyOf(o)
	key.fill = textOf(Inherit)
	i := st.keyed(key, o)
	st.slots[2*k+1] = i + 1
	return i
}

// once is the signature b's index, the same each time.
func (st *styles) once(b []byte) int32 {
	h := sigHash(b)
	i, ok := st.uniq[h]
	if ok && bytes.Equal(st.sigOf(i), b) {
		return i
	}
	if ok { // a clash: another signature holds the hash
		for j := range st.infos {
			if bytes.Equal(st.sigOf(int32(j)), b) {
				return int32(j)
			}
		}
	}
	off := int32(len(st.arena))
	st.arena = append(st.arena, b...)
	i = int32(len(st.infos))
	st.infos = append(st.infos, sigInfo{off: off, end: int32(len(st.arena))})
	if !ok {
		st.uniq[h] = i
	}
	return i
}

// sigHash is FNV-1a, 64 bits, of a signature.
func sigHash(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// WriteStyled writes ops like WriteOps, with each paint that repeats
// enough to pay for its rule written as a class, and the rules after
// the ops.
func WriteStyled(w *strings.Builder, ops []Op, mapURL string, over bool) {
	m := lendStyles(len(ops))
	defer m.release()
	st := &m.st
	st.countSigs(ops, over)
	var room [64]styleRule
	rules := st.keep(room[:0], m.used)
	st.next = 0 // the writing walks the ops as the counting did
	out := m.sink(len(ops))
	writeOps(&out, ops, attr(mapURL), over, st)
	m.flush(w, out)
	if len(rules) > 0 {
		// the same drawing, the same bytes: sorted as the rules' text
		// (`.name{css}`), which is by name, a name's rules being one
		slices.SortFunc(rules, func(a, b styleRule) int { return bytes.Compare(a.name[:], b.name[:]) })
		w.WriteString(`<style>`)
		var cssRoom [160]byte
		for _, r := range rules {
			css, _ := appendCSS(cssRoom[:0], st.sigOf(r.sig)) // as keep made it
			w.WriteByte('.')
			w.Write(r.name[:])
			w.WriteByte('{')
			w.Write(css)
			w.WriteByte('}')
		}
		w.WriteString(`</style>`)
	}
}

// keep names the signatures that pay for a rule by their class, and
// appends their rules to rules. used is each class's signature: a clash
// (two rules, one name) keeps the later's attributes. The rules, their
// names and their declarations are made on the stack, not as strings:
// most signatures do not pay for one, and the ones that do are written
// from their signatures again.
func (st *styles) keep(rules []styleRule, used map[[7]byte]int32) []styleRule {
	var cssRoom, otherRoom [160]byte
	for i := range st.infos {
		sig, n := st.sigOf(int32(i)), st.infos[i].uses
		if n == [2]int{} {
			continue // asked for, never written so
		}
		css, ok := appendCSS(cssRoom[:0], sig)
		if !ok || len(css) == 0 {
			continue
		}
		name := classOf(css)
		// a class costs ` class="k…"`, or ` k…` beside an own class; its
		// rule is `.k…{…}`
		saved := n[0]*(len(sig)-len(` class="`)-len(name)-1) + n[1]*(len(sig)-len(name)-1)
		if saved <= len(name)+len(css)+3 {
			continue
		}
		if other, ok := used[name]; ok {
			if o, _ := appendCSS(otherRoom[:0], st.sigOf(other)); !bytes.Equal(o, css) {
				continue
			}
		}
		used[name] = int32(i)
		st.infos[i].class, st.infos[i].classed = name, true
		rules = append(rules, styleRule{name: name, sig: int32(i)})
	}
	return rules
}

// styleRule is a class kept for a drawing: its name and the signature
// whose declarations it holds.
type styleRule struct {
	name [7]byte
	sig  int32
}

// styleMaps is a styled drawing's maps and slots, and any drawing's
// sink's bytes, lent from one drawing to the next.
type styleMaps struct {
	used map[[7]byte]int32
	st   styles
	out  []byte
}

// lendStyles lends a drawing of n ops the memory of one before.
func lendStyles(n int) *styleMaps {
	if m, _ := styleMemory.Get().(*styleMaps); m != nil {
		return m
	}
	return &styleMaps{used: map[[7]byte]int32{},
		st: styles{slots: make([]int32, 0, 4*n), arena: make([]byte, 0, 4<<10), uniq: make(map[uint64]int32, 64), keys: make(map[paintKey]int32, 64), infos: make([]sigInfo, 0, 64)}}
}

// sink is a sink in the lent bytes, room for some 100 bytes an op (a
// board's groups' children included) made at once.
func (m *styleMaps) sink(n int) sink {
	if len(m.out) < 100*n {
		m.out = make([]byte, 100*n)
	}
	return sink{b: m.out}
}

// flush writes what out holds to w and keeps its bytes, grown or not,
// for the next drawing.
func (m *styleMaps) flush(w *strings.Builder, out sink) {
	w.Write(out.bytes())
	m.out = out.b
}

var styleMemory sync.Pool // of *styleMaps

// release empties the maps (no drawing's ops or strings stay reachable
// from the pool) and lends them again.
func (m *styleMaps) release() {
	clear(m.used)
	clear(m.st.slots)
	m.st.slots, m.st.next = m.st.slots[:0], 0
	clear(m.st.uniq)
	clear(m.st.keys)
	m.st.arena = m.st.arena[:0]
	clear(m.st.infos)
	m.st.infos = m.st.infos[:0]
	styleMemory.Put(m)
}

// countSigs counts the uses of the paint signatures the ops would write,
// apart for elements with a class of their own; a run of map elements
// painted alike (run) says its paint once.
func (st *styles) countSigs(ops []Op, over bool) {
	base := st.block(len(ops))
	for i := 0; i < len(ops); i++ {
		o, k := &ops[i], base+i
		if n := st.runOf(ops[i:], k, over); n > 1 {
			st.add(st.sig(o, k), o.Class != "")
			i += n - 1
			continue
		}
		switch {
		case o.Kind == OpGroup:
			if o.Ref == "" {
				st.countSigs(o.Ops, over)
			}
		case o.Kind == OpText:
			st.add(st.textSig(o, k), false)
		case o.Kind == OpArrow:
		case o.Kind == OpPoly && len(o.Points) == 2 && o.Fill == "":
			st.add(st.lineSig(o, k), o.Class != "")
		default:
			st.add(st.sig(o, k), o.Class != "")
		}
	}
}

// add counts a use of signature i, with a class of its own or without.
func (st *styles) add(i int32, own bool) {
	if own {
		st.infos[i].uses[1]++
	} else {
		st.infos[i].uses[0]++
	}
}

// writePaint writes the paint attributes of o, op number k, its own
// class and the class of its paint when it has one.
func (st *styles) writePaint(w *sink, o *Op, k int) {
	if st == nil {
		w.WriteString(paint(*o))
		return
	}
	st.writeClassed(w, st.sig(o, k), o.Class)
}

// writeClassed writes signature i's attributes, or its class, with own.
func (st *styles) writeClassed(w *sink, i int32, own string) {
	in := &st.infos[i]
	switch {
	case in.classed:
		w.WriteString(` class="`)
		if own != "" {
			ws(w, attr(own), ` `)
		}
		w.Write(in.class[:])
		w.WriteByte('"')
	case own != "":
		w.Write(st.sigOf(i))
		ws(w, ` class="`, attr(own), `"`)
	default:
		w.Write(st.sigOf(i))
	}
}

// writeLinePaint writes the paint of o, op number k, as a <line>: no
// fill to say.
func (st *styles) writeLinePaint(w *sink, o *Op, k int) {
	if st == nil {
		line := *o
		line.Fill = Inherit
		w.WriteString(paint(line))
		return
	}
	st.writeClassed(w, st.lineSig(o, k), o.Class)
}

// writeText writes the font and paint attributes of o, text number k,
// or their class.
func (st *styles) writeText(w *sink, o *Op, k int) {
	if st == nil {
		w.WriteString(textPaint(o))
		return
	}
	st.writeClassed(w, st.textSig(o, k), "")
}

// cssOf turns a signature's attributes (` name="value"` each) into CSS
// declarations; "" when there are none.
func cssOf(sig string) string {
	var buf [160]byte // the declarations joined on the stack, made a string once
	b, ok := appendCSS(buf[:0], []byte(sig))
	if !ok {
		return ""
	}
	return string(b)
}

// appendCSS appends cssOf(sig) to b; ok is false for a value a rule
// cannot hold safely.
func appendCSS(b []byte, sig []byte) (_ []byte, ok bool) {
	start := len(b)
	for rest := sig; ; {
		name, value, more, ok := nextAttr(rest)
		if !ok {
			break
		}
		rest = more
		v := value
		if bytes.IndexByte(v, '&') >= 0 {
			v = []byte(html.UnescapeString(string(value)))
		}
		if bytes.ContainsAny(v, "{};<>") {
			return b, false // not a value a rule can hold safely
		}
		if len(b) > start {
			b = append(b, ';')
		}
		b = append(append(append(b, name...), ':'), v...)
		if string(name) == "font-size" {
			b = append(b, "px"...)
		}
	}
	return b, true
}

// nextAttr finds the next ` name="value"` in s whose name is lower-case
// letters and hyphens, as the signatures write them.
func nextAttr(s []byte) (name, value, rest []byte, ok bool) {
	for {
		i := bytes.Index(s, []byte(`="`))
		if i < 0 {
			return nil, nil, nil, false
		}
		start := i
		for start > 0 && (s[start-1] >= 'a' && s[start-1] <= 'z' || s[start-1] == '-') {
			start--
		}
		end := bytes.IndexByte(s[i+2:], '"')
		if end < 0 {
			return nil, nil, nil, false
		}
		if start < i && start > 0 && s[start-1] == ' ' {
			return s[start:i], s[i+2 : i+2+end], s[i+2+end+1:], true
		}
		s = s[i+2+end+1:]
	}
}

// className names a rule by six hex digits of its hash (FNV-1a, 32
// bits, its low 24), written without a hasher or a formatter.
func className(rule string) string {
	name := classOf([]byte(rule))
	return string(name[:])
}

// classOf is className of a rule held as bytes.
func classOf(rule []byte) [7]byte {
	h := uint32(2166136261)
	for _, c := range rule {
		h ^= uint32(c)
		h *= 16777619
	}
	const hex = "0123456789abcdef"
	name := [7]byte{'k'}
	for i := 6; i >= 1; i-- {
		name[i] = hex[h&0xf]
		h >>= 4
	}
	return name
}

// A page's board draws its regions one after the other, a nation's
// provinces in a row painted alike (issue 20: the game page's bytes): a
// run of map elements with the same paint and no tooltip of their own is
// written as a group saying the paint once, each <use> inheriting it.

// runOf is how many ops from the first, op number k, are such a run
// over the map (0 or 1: none).
func (st *styles) runOf(ops []Op, k int, over bool) int {
	if !over || !st.runnable(&ops[0], k) {
		return 0
	}
	sig, own := st.sig(&ops[0], k), ops[0].Class // indexes: equal for equal signatures
	n := 1
	for n < len(ops) && st.runnable(&ops[n], k+n) && ops[n].Class == own && st.sig(&ops[n], k+n) == sig {
		n++
	}
	return n
}

// runnable: o, op number k, written as a bare <use> of a map element,
// painted.
func (st *styles) runnable(o *Op, k int) bool {
	if o.Ref == "" || o.Kind == OpGroup || o.Title != "" {
		return false
	}
	if o.Class != "" {
		return true
	}
	in := &st.infos[st.sig(o, k)]
	return in.end > in.off // painted

}

// writeRun writes a run, its first op number k, as a group with its
// paint, of <use>s without.
func writeRun(w *sink, ops []Op, k int, url string, st *styles) {
	w.WriteString(`<g`)
	st.writeClassed(w, st.sig(&ops[0], k), ops[0].Class)
	w.WriteString(`>`)
	for i := range ops {
		ws(w, `<use href="`, url, `#`, attr(ops[i].Ref), `"`)
		writeData(w, &ops[i])
		w.WriteString(`/>`)
	}
	w.WriteString(`</g>`)
}
