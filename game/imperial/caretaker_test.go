package imperial_test

import (
	"testing"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/game/words"
)

// TestCaretakerGamesEnd: a game where every seat times out every time
// still reaches its end (docs/caretaker.md).
func TestCaretakerGamesEnd(t *testing.T) {
	for _, g := range []game.Game{imperial.New(), imperial.New2030()} {
		for players := 2; players <= 6; players++ {
			s, err := g.New(game.Setup{Players: names(players), Seed: uint64(players)})
			if err != nil {
				t.Fatal(err)
			}
			moves := 0
			for !s.Finished() {
				if moves > 20000 {
					t.Fatalf("%s, %d players: no end after %d caretaker moves", g.Info().ID, players, moves)
				}
				d := s.ToAct()[0]
				m, why, err := s.Caretaker(d.Seat)
				if err != nil || why.IsZero() {
					t.Fatalf("%s: caretaker for %+v: %v (%q)", g.Info().ID, d, err, words.English().Say(why))
				}
				next, _, err := s.Apply(d.Seat, m)
				if err != nil {
					t.Fatalf("%s: caretaker move %s refused: %v", g.Info().ID, m, err)
				}
				s = next
				moves++
			}
			t.Logf("%s, %d players: ended after %d caretaker moves", g.Info().ID, players, moves)
		}
	}
}

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('A' + i))
	}
	return out
}
