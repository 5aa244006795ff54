package reply

import (
	"testing"

	"rondel/game"
	"rondel/game/rng"
	"rondel/game/words"
)

// TestEveryLabelReadsAsItsMove types, at every decision of seeded games of
// Imperial, Imperial 2030 and Caesar, each legal move as the form shows it
// (its group and label) in English, German and Chinese: the reader must
// return exactly that move, unless another legal move reads the same.
func TestEveryLabelReadsAsItsMove(t *testing.T) {
	rd := reader()
	cat := words.Default()
	for _, id := range []string{"imperial", "imperial2030", "caesar"} {
		kinds := map[string]int{}
		st, err := gameOf(id).New(game.Setup{Players: []string{"Ann", "Bob", "Cy"}, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(11)
		for i := 0; i < 120 && !st.Finished(); i++ {
			d := st.ToAct()[0]
			legal := st.LegalMoves(d.Seat)
			kinds[d.Kind]++
			phrases := rd.allPhrases(legal)
			for _, lang := range words.Languages {
				sp := cat.Speaker(lang, nil)
				said := map[string]int{}
				for _, m := range legal {
					said[sp.Say(m.Group)+" "+sp.Say(m.Label)]++
				}
				for _, m := range legal {
					text := sp.Say(m.Group) + " " + sp.Say(m.Label)
					got := rd.match(legal, phrases, text)
					if said[text] > 1 {
						continue
					}
					if got.move == nil || string(got.move.Move) != string(m.Move) {
						t.Errorf("%s %s %s: %q read as %+v, want %s", id, d.Kind, lang, text, got.move, m.Move)
					}
				}
			}
			st, _, err = st.Apply(d.Seat, legal[r.Intn(len(legal))].Move)
			if err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s: decisions checked by kind %v", id, kinds)
	}
}
