package handlers

import (
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"slices"
	"strings"
	"sync"

	"rondel/game"
	"rondel/game/words"
)

// summaryHTML renders any game's Summary (JSON-encodable data) as nested
// lists and tables, so every game has a readable overview even before it
// draws a board. Every value is escaped: nothing here is trusted markup.
// Its words come from the catalogue where they are fixed (see vocab).
func summaryHTML(v vocab, sum any) template.HTML {
	return summaryHTMLRemembering(v, sum, true)
}

// summaryHTMLRemembering is summaryHTML with its writer remembering the
// keys it said or not (summaryWriter.remember: a test compares the two).
func summaryHTMLRemembering(v vocab, sum any, remember bool) template.HTML {
	var plans *typePlans
	if v.memo != nil {
		plans = &v.memo.plans
	}
	generic, size, ok := genericOfWith(sum, plans)
	if !ok {
		data, err := json.Marshal(sum)
		if err != nil {
			return ""
		}
		if generic, err = readGeneric(data); err != nil {
			return ""
		}
		size = len(data)
	}
	var b strings.Builder
	b.Grow(2*size + 512) // an overview's HTML is about twice its JSON: grown once
	w := &summaryWriter{b: &b, v: v, remember: remember}
	w.value(generic, 0, "")
	return template.HTML(b.String())
}

// vocab says a summary's fixed words. Its keys are the catalogue's
// summary.key.<key> (else the key with spaces for underscores). A value or
// a map key that is an id of the game's (a nation, region, city, space of
// the rondel, decision ...) reads as the first of:
//   - summary.value.<domain>.<key>.<id>, the word for the id under that key
//     (a decision kind "factory" is not the rondel's space "Factory");
//   - summary.value.<domain>.<id>;
//   - <domain>.name for the game's own id;
//   - the game's own term for it: a message of the game's domains without
//     arguments, in a family of terms (not one of the kinds of messages
//     docs/words.md names: prompts, moves, events, rules ...), whose id
//     ends in .<id>: the one in the family the key names ("colour",
//     "nation"), else the one of the smallest family; with trailing digits
//     dropped when nothing matches (the two "production" spaces share
//     their name).
//
// Anything else (a player's name) is shown as it is.
type vocab struct {
	sp      *words.Speaker
	kind    string
	domains []string  // the catalogue domains the game speaks from
	terms   termIndex // the catalogue's terms (the server builds it once)
	memo    *vocabMemo
}

// vocabMemo remembers which catalogue id says a summary's key or value
// (or that none does) per kind of game: the same few hundred names recur
// in every overview, and finding one tries several ids in the catalogue.
// The ids do not depend on the reader's language. It stops remembering at
// vocabMemoMax entries (values include players' names, which are many).
//
// It also holds the plans of the summaries' types (genericOf): they
// are the server's as much as the words are.
type vocabMemo struct {
	mu    sync.RWMutex
	m     map[vocabMemoKey]vocabMemoEntry
	plans typePlans
}

const vocabMemoMax = 50_000

type vocabMemoKey struct {
	kind     string
	what     byte // 'k' a key, 'v' a value, 'm' a key of money
	s, under string
}

type vocabMemoEntry struct {
	id string
	ok bool
}

// lookup returns find(s, under), remembered.
func (m *vocabMemo) lookup(kind string, what byte, s, under string, find func(s, under string) (string, bool)) (string, bool) {
	if m == nil {
		return find(s, under)
	}
	k := vocabMemoKey{kind: kind, what: what, s: s, under: under}
	m.mu.RLock()
	e, known := m.m[k]
	m.mu.RUnlock()
	if known {
		return e.id, e.ok
	}
	id, ok := find(s, under)
	m.mu.Lock()
	if len(m.m) < vocabMemoMax {
		if m.m == nil {
			m.m = map[vocabMemoKey]vocabMemoEntry{}
		}
		m.m[k] = vocabMemoEntry{id: id, ok: ok}
	}
	m.mu.Unlock()
	return id, ok
}

// keyFor finds the catalogue's word for a summary's key.
func (v vocab) keyFor(k string) (string, bool) {
	id := "summary.key." + k
	return id, v.sp.Catalogue().Has("en", id)
}

// moneyKey finds the catalogue's word for a key whose numbers are sums of
// money in one of the game's domains (summary.money.<domain>.<key>).
func (v vocab) moneyKey(k string) (string, bool) {
	for _, d := range v.domains {
		if id := "summary.money." + d + "." + k; v.sp.Catalogue().Has("en", id) {
			return id, true
		}
	}
	return "", false
}

// key says a key of the summary: a fact's name, or an id (a map by nation).
// scope is what termIndex.scope makes of the key it is found under.
func (v vocab) key(k, scope string) string {
	id, ok := v.memo.lookup(v.kind, 'k', k, scope, v.keyOrWords)
	if ok {
		return v.sp.Term(id)
	}
	return id // the key's own words (keyOrWords)
}

// keyOrWords is keyID, or the key's own words (keyWords) and !ok when
// the catalogue has none: remembered with the miss, they are not made
// again for every overview (an Imperial one had two such keys).
func (v vocab) keyOrWords(k, parent string) (string, bool) {
	if id, ok := v.keyID(k, parent); ok {
		return id, true
	}
	return keyWords(k), false
}

// keyID finds the catalogue id for a key of the summary.
func (v vocab) keyID(k, parent string) (string, bool) {
	if id, ok := v.moneyKey(k); ok {
		return id, true
	}
	if id, ok := v.keyFor(k); ok {
		return id, true
	}
	return v.termFor(k, parent)
}

// id says a value of the summary found under key.
func (v vocab) id(s, key string) string {
	if id, ok := v.memo.lookup(v.kind, 'v', s, v.terms.scope(key), v.termFor); ok {
		return v.sp.Term(id)
	}
	return s
}

// isMoney reports whether the numbers under key are sums of money.
func (v vocab) isMoney(key string) bool {
	_, ok := v.memo.lookup(v.kind, 'm', key, "", func(k, _ string) (string, bool) { return v.moneyKey(k) })
	return ok
}

func (v vocab) termFor(s, key string) (string, bool) {
	cat := v.sp.Catalogue()
	var room [128]byte // the ids tried, made on the stack: a string only for the one found
	for _, d := range v.domains {
		id := append(append(append(room[:0], "summary.value."...), d...), '.')
		domain := len(id)
		if id = append(append(append(id, key...), '.'), s...); cat.HasBytes("en", id) {
			return string(id), true
		}
		if id = append(id[:domain], s...); cat.HasBytes("en", id) {
			return string(id), true
		}
		if s == d && cat.Has("en", d+".name") {
			return d + ".name", true
		}
	}
	if id, ok := v.terms.find(v.domains, s, key); ok {
		return id, true
	}
	if trimmed := strings.TrimRight(s, "0123456789"); trimmed != s && trimmed != "" {
		return v.terms.find(v.domains, trimmed, key)
	}
	return "", false
}

// vocab is the summary vocabulary of a kind of game for sp.
func (s *Server) vocab(sp *words.Speaker, kind string) vocab {
	v := vocab{sp: sp, kind: kind, terms: s.terms, memo: &s.vocabMemo}
	if g, err := s.store.Registry().Get(kind); err == nil {
		v.domains = domainsOf(g.Info())
	}
	return v
}

// domainsOf lists the catalogue domains a game's words come from: the
// first parts of the ids its name and options use ("imperial2030" and
// "imperial" for Imperial 2030).
func domainsOf(info game.Info) []string {
	var out []string
	add := func(t words.Text) {
		if d, _, ok := strings.Cut(t.ID, "."); ok && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	add(info.Name)
	for _, o := range info.Options {
		add(o.Label)
		add(o.Help)
		for _, c := range o.ChoiceLabels {
			add(c)
		}
	}
	return out
}

// keyWords is a key as words when the catalogue has none for it.
func keyWords(key string) string {
	s := strings.ReplaceAll(key, "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// summaryWriter writes a summary's HTML.
type summaryWriter struct {
	b     *strings.Builder
	v     vocab
	comma string // summary.comma escaped, said once per overview ("" until then)

	// An overview says the same few dozen keys again and again (an
	// Imperial one 105 keys, 34 of them different) and asks of its
	// numbers' few keys whether they are money (119 times, 8 keys): each
	// was a look-up in the server's memo, under its lock, and the key's
	// words found in the catalogue anew. The writer remembers the first
	// ones it meets, escaped, in room of its own (on the stack, no map),
	// and the sums of money it said (each a string made).
	remember   bool
	keys       [48]saidKey
	nkeys      int
	moneyKeys  [16]moneyKey
	nmoneyKeys int
	sums       [16]saidSum // sums of money said (a bond's cost recurs)
	nsums      int
}

// saidSum is a sum of money in words.
type saidSum struct {
	n    int
	said string
}

// money is n as a sum of money in words.
func (w *summaryWriter) money(n int) string {
	if w.remember {
		for i := range w.sums[:w.nsums] {
			if w.sums[i].n == n {
				return w.sums[i].said
			}
		}
	}
	s := w.v.sp.Arg(words.Money(n))
	if w.remember && w.nsums < len(w.sums) {
		w.sums[w.nsums] = saidSum{n, s}
		w.nsums++
	}
	return s
}

// saidKey is a key said under a scope, escaped for HTML.
type saidKey struct{ k, scope, html string }

// moneyKey is whether the numbers under a key are sums of money.
type moneyKey struct {
	k  string
	ok bool
}

// key is the key k found under parent, said and escaped for HTML.
func (w *summaryWriter) key(k, parent string) string {
	scope := w.v.terms.scope(parent)
	if w.remember {
		for i := range w.keys[:w.nkeys] {
			if e := &w.keys[i]; e.k == k && e.scope == scope {
				return e.html
			}
		}
	}
	h := html.EscapeString(w.v.key(k, scope))
	if w.remember && w.nkeys < len(w.keys) {
		w.keys[w.nkeys] = saidKey{k, scope, h}
		w.nkeys++
	}
	return h
}

// isMoney reports whether the numbers under key are sums of money.
func (w *summaryWriter) isMoney(key string) bool {
	if w.remember {
		for i := range w.moneyKeys[:w.nmoneyKeys] {
			if e := &w.moneyKeys[i]; e.k == key {
				return e.ok
			}
		}
	}
	ok := w.v.isMoney(key)
	if w.remember && w.nmoneyKeys < len(w.moneyKeys) {
		w.moneyKeys[w.nmoneyKeys] = moneyKey{key, ok}
		w.nmoneyKeys++
	}
	return ok
}

// commaHTML is the reader's summary.comma, escaped: what separates a list's items.
func (w *summaryWriter) commaHTML() string {
	if w.comma == "" {
		w.comma = html.EscapeString(w.v.sp.T("summary.comma"))
	}
	return w.comma
}

func (w *summaryWriter) scalar(x any, key string) (string, bool) {
	switch x := x.(type) {
	case nil:
		return "–", true
	case bool:
		if x {
			return w.v.sp.T("pages.yes"), true
		}
		return w.v.sp.T("pages.no"), true
	case float64:
		if x == float64(int(x)) && w.isMoney(key) {
			return w.money(int(x)), true // "2M", not "2"
		}
		if x == float64(int(x)) {
			return w.v.sp.Number(int(x)), true
		}
		return fmt.Sprint(x), true
	case *string:
		return w.v.id(*x, key), true
	case string: // a tree holds *strings; a test's list may hold strings
		return w.v.id(x, key), true
	}
	return "", false
}

// summaryClass is the class of the summary's outermost list or table:
// the style sheet styles the lists and tables in it by it (.summary dl),
// so a nested one needs none (issue 20: the game page's bytes).
func summaryClass(depth int) string {
	if depth == 0 {
		return ` class="summary"`
	}
	return ""
}

// value writes v, found under key ("" at the top).
func (w *summaryWriter) value(v any, depth int, key string) {
	b := w.b
	if s, ok := w.scalar(v, key); ok {
		b.WriteString(html.EscapeString(s))
		return
	}
	if depth > 6 {
		b.WriteString("…")
		return
	}
	switch x := v.(type) {
	case *object:
		w.object(*x, depth, key)
	case *list:
		w.list(*x, depth, key)
	}
}

// object writes o, found under key, as a table or a list of its facts.
func (w *summaryWriter) object(o object, depth int, key string) {
	b := w.b
	if w.keyedTable(o, depth, key) {
		return
	}
	b.WriteString(`<dl` + summaryClass(depth) + `>`)
	for _, f := range o {
		if f.val == false {
			continue // a fact that does not hold says nothing ("Finished: no")
		}
		b.WriteString("<dt>")
		b.WriteString(w.key(f.key, key))
		b.WriteString("</dt><dd>")
		w.value(f.val, depth+1, f.key)
		b.WriteString("</dd>")
	}
	b.WriteString("</dl>")
}
