package handlers

import (
	"testing"

	"rondel/game/words"
)

// TestJoinIsTheSpeakers: a list written from the learnt patterns is the
// speaker's own, in every language, for lists of none to seven names,
// names that look like the patterns' marks or words included.
func TestJoinIsTheSpeakers(t *testing.T) {
	names := []string{"Ada", "Bob Ross", "\uE000", "\uE001x", " and ", "Zoë, 2", "", "<b>&'\"+"}
	for _, lang := range words.Languages {
		r := testReader(lang)
		for n := 0; n <= 7; n++ {
			for start := range names {
				items := make([]string, n)
				for i := range items {
					items[i] = names[(start+i)%len(names)]
				}
				if got, want := r.join(items), r.sp.Join(items); got != want {
					t.Errorf("%s, %q: %q, the speaker %q", lang, items, got, want)
				}
			}
		}
		if !r.list.ok {
			t.Errorf("%s: the list messages were not learnt as patterns", lang)
		}
	}
}
