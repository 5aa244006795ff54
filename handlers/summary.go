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
	w := &summaryWriter{b: &b, v: v}
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
func (v vocab) key(k, parent string) string {
	if id, ok := v.memo.lookup(v.kind, 'k', k, v.terms.scope(parent), v.keyID); ok {
		return v.sp.Term(id)
	}
	return keyWords(k)
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
	for _, d := range v.domains {
		for _, id := range []string{"summary.value." + d + "." + key + "." + s, "summary.value." + d + "." + s} {
			if cat.Has("en", id) {
				return id, true
			}
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
	comma string // summary.comma, said once per overview ("" until then)
}

// joined is parts joined by the reader's summary.comma.
func (w *summaryWriter) joined(parts []string) string {
	if w.comma == "" {
		w.comma = w.v.sp.T("summary.comma")
	}
	return strings.Join(parts, w.comma)
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
		if x == float64(int(x)) && w.v.isMoney(key) {
			return w.v.sp.Arg(words.Money(int(x))), true // "2M", not "2"
		}
		if x == float64(int(x)) {
			return w.v.sp.Number(int(x)), true
		}
		return fmt.Sprint(x), true
	case string:
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
	case object:
		if w.keyedTable(x, depth, key) {
			return
		}
		b.WriteString(`<dl` + summaryClass(depth) + `>`)
		for _, f := range x {
			if f.val == false {
				continue // a fact that does not hold says nothing ("Finished: no")
			}
			b.WriteString("<dt>" + html.EscapeString(w.v.key(f.key, key)) + "</dt><dd>")
			w.value(f.val, depth+1, f.key)
			b.WriteString("</dd>")
		}
		b.WriteString("</dl>")
	case []any:
		w.list(x, depth, key)
	}
}

// writeList writes scalars inline, uniform records as a table, and
// anything else as a list.
func (w *summaryWriter) list(items []any, depth int, key string) {
	b := w.b
	if len(items) == 0 {
		b.WriteString(html.EscapeString(w.v.sp.Join(nil)))
		return
	}
	var parts []string
	for _, it := range items {
		s, ok := w.scalar(it, key)
		if !ok {
			parts = nil
			break
		}
		parts = append(parts, s)
	}
	if parts != nil {
		b.WriteString(html.EscapeString(w.joined(parts)))
		return
	}
	if cols, ok := recordColumns(len(items), func(i int) any { return items[i] }); ok {
		b.WriteString(`<table` + summaryClass(depth) + `><thead><tr>`)
		for _, c := range cols {
			b.WriteString("<th>" + html.EscapeString(w.v.key(c.key, key)) + "</th>")
		}
		b.WriteString("</tr></thead><tbody>")
		for _, it := range items {
			b.WriteString("<tr>")
			w.cells(it.(object), cols, depth)
			b.WriteString("</tr>")
		}
		b.WriteString("</tbody></table>")
		return
	}
	b.WriteString(`<ul` + summaryClass(depth) + `>`)
	for _, it := range items {
		b.WriteString("<li>")
		w.value(it, depth+1, key)
		b.WriteString("</li>")
	}
	b.WriteString("</ul>")
}

// recordColumns returns the columns of a list of n flat objects (at(i)
// is the ith): their keys, sorted, each once, as the fields of an object
// whose values mean nothing (none for empty objects); !ok when some item
// is not a flat object. Records mostly have the same keys: then the
// columns are the first record itself, nothing made.
func recordColumns(n int, at func(int) any) (object, bool) {
	var first object
	same := true
	for i := range n {
		m, ok := at(i).(object)
		if !ok {
			return nil, false
		}
		for _, f := range m {
			if !isScalar(f.val) {
				if l, isList := f.val.([]any); !isList || !allScalar(l) {
					return nil, false
				}
			}
		}
		if i == 0 {
			first = m
		} else if same && !sameKeys(m, first) {
			same = false
		}
	}
	if same {
		return first, true
	}
	var keys []string
	for i := range n {
		m := at(i).(object)
		// Each key set is added once.
		if i > 0 && sameKeys(m, first) {
			continue
		}
		for _, f := range m {
			keys = append(keys, f.key)
		}
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	cols := make(object, len(keys))
	for i, k := range keys {
		cols[i].key = k
	}
	return cols, true
}

// cells writes a record's cells in the columns cols.
func (w *summaryWriter) cells(rec object, cols object, depth int) {
	for _, c := range cols {
		w.b.WriteString("<td>")
		w.value(rec.get(c.key), depth+1, c.key)
		w.b.WriteString("</td>")
	}
}

func sameKeys(a, b object) bool {
	return slices.EqualFunc(a, b, func(x, y field) bool { return x.key == y.key })
}

func allScalar(l []any) bool {
	for _, v := range l {
		if !isScalar(v) {
			return false
		}
	}
	return true
}

func isScalar(v any) bool {
	switch v.(type) {
	case nil, bool, float64, string:
		return true
	}
	return false
}

// writeKeyedTable writes a map whose values are all flat records (e.g.
// units by region) as one table with a row per key.
func (w *summaryWriter) keyedTable(m object, depth int, key string) bool {
	b := w.b
	if len(m) < 2 {
		return false
	}
	cols, ok := recordColumns(len(m), func(i int) any { return m[i].val })
	if !ok {
		return false
	}
	b.WriteString(`<table` + summaryClass(depth) + `><thead><tr><th></th>`)
	for _, c := range cols {
		b.WriteString("<th>" + html.EscapeString(w.v.key(c.key, key)) + "</th>")
	}
	b.WriteString("</tr></thead><tbody>")
	for _, f := range m {
		b.WriteString("<tr><th>" + html.EscapeString(w.v.id(f.key, key)) + "</th>")
		w.cells(f.val.(object), cols, depth)
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return true
}
