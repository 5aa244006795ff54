package handlers

import (
	"strings"

	"rondel/game/words"
)

// "Your games" says the players of each of its rows as a list ("Ada, Bob
// and Cy"), and Speaker.Join says a list of n names by saying the
// catalogue's list messages n-1 times, which was 7 % of the dashboard's
// CPU (docs/performance.md). A language's list messages are patterns
// around their two arguments, so they are learnt once per reader
// (listPatterns) and a list is written by joining strings.
// TestJoinIsTheSpeakers holds it to Speaker.Join in every language.

// listPattern is one list message cut at its two arguments: pre a mid b post.
type listPattern [3]string

// listPatterns are a language's list messages as patterns; ok is false if
// one of them is not a plain pattern, and join then asks the speaker.
type listPatterns struct {
	empty              string
	pair, middle, last listPattern
	ok                 bool
}

// learnList cuts sp's list messages at their arguments.
func learnList(sp *words.Speaker) listPatterns {
	const a, b = "\uE000", "\uE001"
	cut := func(id string, ok *bool) listPattern {
		said := sp.T(id, "a", a, "b", b)
		pre, rest, found := strings.Cut(said, a)
		mid, post, found2 := strings.Cut(rest, b)
		if !found || !found2 || strings.Contains(post, a) || strings.Contains(post, b) {
			*ok = false
		}
		return listPattern{pre, mid, post}
	}
	p := listPatterns{empty: sp.T("format.list.empty"), ok: true}
	p.pair, p.middle, p.last = cut("format.list.pair", &p.ok), cut("format.list.middle", &p.ok), cut("format.list.end", &p.ok)
	return p
}

// join says items as a list, as r.sp.Join does.
func (r *reader) join(items []string) string {
	r.listOnce.Do(func() { r.list = learnList(r.sp) })
	p := &r.list
	if !p.ok {
		return r.sp.Join(items)
	}
	switch len(items) {
	case 0:
		return p.empty
	case 1:
		return items[0]
	case 2:
		return p.pair[0] + items[0] + p.pair[1] + items[1] + p.pair[2]
	}
	var b strings.Builder
	// The middle pattern wraps the list so far: its prefixes come first,
	// one per middle item, then the first item, each later one after its
	// pattern's middle and followed by its suffix.
	n := len(items)
	b.WriteString(p.last[0])
	for range n - 2 {
		b.WriteString(p.middle[0])
	}
	b.WriteString(items[0])
	for _, it := range items[1 : n-1] {
		b.WriteString(p.middle[1] + it + p.middle[2])
	}
	b.WriteString(p.last[1] + items[n-1] + p.last[2])
	return b.String()
}
