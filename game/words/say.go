package words

import "strconv"

// A message's words are mostly other messages' words: a move names a
// nation (a term) and a sum of money (format.money), an account's line a
// nested Text. Said one by one, each was a string of its own, made only
// to be copied into the message holding it (a tenth of a game page's
// allocations were such strings). So a message is written into one
// buffer, its arguments' words appended where they go, the buffer on the
// stack of the Say that started it; the sentence is the one string made.

// slowSayers is Arg, called by the appending sayer through a func value
// for what it leaves to Arg. Called directly, Arg (which says through
// Say) and the appending sayer were one cycle of calls to the compiler,
// which then keeps no buffer handed into the cycle on the stack (a call
// of the cycle might keep it): each sentence's buffer was moved to the
// heap.
type slowSayers struct {
	arg func(*Speaker, Arg) string
}

// sayRoom is how many bytes a sentence is written in on the stack; a
// longer one grows onto the heap.
const sayRoom = 256

// said is the words segs make with args' values, one string made for
// them (none when they are one literal, or one argument said whole).
func (sp *Speaker) said(segs []segment, args Args) string {
	if len(segs) == 1 {
		if segs[0].arg == "" {
			return segs[0].lit
		}
		if a, ok := args.Get(segs[0].arg); ok {
			return sp.Arg(a) // the argument's words are the message's
		}
	}
	var room [sayRoom]byte
	return string(sp.appendSaid(room[:0], segs, args))
}

// noValue is what text/template writes for a missing key.
const noValue = "<no value>"

// sayDepth is how deep appendSaid follows messages in messages itself;
// one deeper is said as a string of its own.
const sayDepth = 8

// sayFrame is a message being written: the segments left and the values.
type sayFrame struct {
	segs []segment
	args Args
}

// appendSaid appends the words segs make with args' values to dst. It
// follows the messages in them with a stack of its own, not by calling
// itself: the compiler keeps no buffer on the stack that is handed to a
// function calling itself, whose calls might keep it.
func (sp *Speaker) appendSaid(dst []byte, segs []segment, args Args) []byte {
	var stack [sayDepth]sayFrame
	stack[0] = sayFrame{segs, args}
	n := 1
	for n > 0 {
		f := &stack[n-1]
		if len(f.segs) == 0 {
			n--
			continue
		}
		s := f.segs[0]
		f.segs = f.segs[1:]
		if s.arg == "" {
			dst = append(dst, s.lit...)
			continue
		}
		a, ok := f.args.Get(s.arg)
		if !ok {
			dst = append(dst, noValue...)
			continue
		}
		if m, t, ok := sp.nested(a); ok && n < sayDepth {
			stack[n] = sayFrame{m.form(sp.tag, countOf(t.Args)), t.Args}
			n++
			continue
		}
		dst = sp.appendArg(dst, a)
	}
	return dst
}

// nested is the compiled message a term or a nested text says, and the
// text (!ok if a is neither or its message is not compiled).
func (sp *Speaker) nested(a Arg) (m entry, t Text, ok bool) {
	switch a.kind {
	case argTerm:
		t = Text{ID: a.s}
	case argText:
		t = a.more.text
	default:
		return m, t, false
	}
	if t.ID == "" {
		return m, t, false
	}
	m, ok = sp.compiled[t.ID]
	return m, t, ok
}

// appendText appends Say(t) to dst.
func (sp *Speaker) appendText(dst []byte, t Text) []byte {
	if t.ID == "" {
		return append(dst, t.Raw...)
	}
	if m, ok := sp.compiled[t.ID]; ok {
		return sp.appendSaid(dst, m.form(sp.tag, countOf(t.Args)), t.Args)
	}
	return append(dst, sp.cat.slow.arg(sp, Sub(t))...) // go-i18n says it
}

// appendWhole appends Arg(a) to dst, its messages in messages too.
func (sp *Speaker) appendWhole(dst []byte, a Arg) []byte {
	if m, t, ok := sp.nested(a); ok {
		return sp.appendSaid(dst, m.form(sp.tag, countOf(t.Args)), t.Args)
	}
	return sp.appendArg(dst, a)
}

// countOf is the number that picks args' plural form (nil for none).
func countOf(args Args) any {
	if a, ok := args.Get(CountArg); ok && a.kind == argNum {
		return a.n
	}
	return nil
}

// appendArg appends Arg(a) to dst: a list's items one after another
// (join.go), anything else as appendLeaf does.
func (sp *Speaker) appendArg(dst []byte, a Arg) []byte {
	if a.kind == argList {
		if out, ok := sp.appendList(dst, a.more.list); ok {
			return out
		}
	}
	return sp.appendLeaf(dst, a)
}

// appendLeaf appends Arg(a) to dst: the words of a number, a sum, a seat,
// literal words and old words (a Raw text) itself, the others' (not
// compiled, or a list) as Arg says them.
func (sp *Speaker) appendLeaf(dst []byte, a Arg) []byte {
	switch a.kind {
	case argNum:
		return sp.appendNumber(dst, a.n)
	case argMoney:
		m, ok := sp.compiled["format.money"]
		if !ok {
			break
		}
		var room [24]byte
		n := room[:0]
		if sp.moneyScale != 1 {
			n = strconv.AppendInt(n, int64(a.n*sp.moneyScale), 10) // as Arg: one number, not grouped
		} else {
			n = sp.appendNumber(n, a.n)
		}
		return appendWith(dst, m.form(sp.tag, nil), "n", n)
	case argSeat:
		if a.n >= 0 && a.n < len(sp.names) && sp.names[a.n] != "" {
			return append(dst, sp.names[a.n]...)
		}
		m, ok := sp.compiled["format.seat"]
		if !ok {
			break
		}
		var room [24]byte
		return appendWith(dst, m.form(sp.tag, nil), "n", sp.appendNumber(room[:0], a.n+1))
	case argText:
		if a.more.text.ID == "" {
			return append(dst, a.more.text.Raw...)
		}
	case argLit:
		return append(dst, a.s...)
	}
	return append(dst, sp.cat.slow.arg(sp, a)...)
}

// appendWith appends the words of segs, a message of one argument name
// whose words are v (T(id, name, v) says them), to dst.
func appendWith(dst []byte, segs []segment, name string, v []byte) []byte {
	for _, s := range segs {
		switch s.arg {
		case "":
			dst = append(dst, s.lit...)
		case name:
			dst = append(dst, v...)
		default:
			dst = append(dst, noValue...)
		}
	}
	return dst
}

// appendNumber appends Number(n) to dst.
func (sp *Speaker) appendNumber(dst []byte, n int) []byte {
	if n > -1000 && n < 1000 {
		return strconv.AppendInt(dst, int64(n), 10)
	}
	return append(dst, sp.printer.Sprint(n)...)
}

// TS is T(id, pairs...) for values that are words already (name, value,
// name, value ...): T takes its values as anys, and a string put in one
// is an allocation of its own.
func (sp *Speaker) TS(id string, pairs ...string) string {
	m, ok := sp.compiled[id]
	if !ok || len(pairs) < 2 {
		anys := make([]any, len(pairs))
		for i, p := range pairs {
			anys[i] = p
		}
		return sp.T(id, anys...)
	}
	segs := m.form(sp.tag, nil) // a count given as words picks no form, as T reads it
	if len(segs) == 1 && segs[0].arg == "" {
		return segs[0].lit
	}
	var room [sayRoom]byte
	dst := room[:0]
	for _, s := range segs {
		if s.arg == "" {
			dst = append(dst, s.lit...)
		} else if v, ok := stringPair(pairs, s.arg); ok {
			dst = append(dst, v...)
		} else {
			dst = append(dst, noValue...)
		}
	}
	return string(dst)
}

// stringPair is pairOf for TS's pairs.
func stringPair(pairs []string, name string) (string, bool) {
	for i := len(pairs)/2*2 - 2; i >= 0; i -= 2 {
		if pairs[i] == name {
			return pairs[i+1], true
		}
	}
	return "", false
}
