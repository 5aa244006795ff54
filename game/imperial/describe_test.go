package imperial

import (
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/words"
)

func TestSituationNamesWhatMatters(t *testing.T) {
	st, err := New().New(game.Setup{Players: []string{"Ann", "Bob", "Cy"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	d := s.ToAct()[0]
	got := words.English().Sentences(s.Situation(d.Seat))
	ni, _ := s.b.Nation(d.Subject)
	for _, want := range []string{s.b.Nations[ni].Name, "treasury 11M", "not yet on the rondel", "Your own cash: 2M"} {
		if !strings.Contains(got, want) {
			t.Errorf("situation %q lacks %q", got, want)
		}
	}
	if other := (d.Seat + 1) % 3; len(s.Situation(other)) != 0 {
		t.Errorf("a seat with nothing to decide got %v", s.Situation(other))
	}
}
