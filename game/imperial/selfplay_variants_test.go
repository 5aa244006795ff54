package imperial_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/selfplay"
)

// TestSelfPlayVariants plays random games of Imperial 2030 and of every
// variant and edition of both games, 2 to 6 players in turn, checking the
// invariants after every move and that each record replays to the identical
// state. The rondel CLI measures larger batches (rondel selfplay --option).
func TestSelfPlayVariants(t *testing.T) {
	reg := game.NewRegistry(imperial.New(), imperial.New2030())
	games := 40
	if !gametest.Long() {
		games = 5
	}
	cases := []struct {
		game string
		opts game.Options
	}{
		{"imperial2030", nil},
		{"imperial2030", game.Options{"setup": "experienced"}},
		{"imperial2030", game.Options{"investor_card": "false"}},
		{"imperial2030", game.Options{"bonus_increase": "true"}},
		{"imperial", game.Options{"setup": "experienced"}},
		{"imperial", game.Options{"investor_card": "false"}},
		{"imperial", game.Options{"edition": "2006"}},
		{"imperial", game.Options{"edition": "2006", "setup": "experienced"}},
	}
	canalAnswers := 0
	for _, c := range cases {
		name := c.game
		for _, k := range slices.Sorted(maps.Keys(c.opts)) {
			name += fmt.Sprintf(" %s=%s", k, c.opts[k])
		}
		t.Run(name, func(t *testing.T) {
			finished := 0
			for i := 0; i < games; i++ {
				players := 2 + i%5
				// Words are checked in the first game of each variant.
				cfg := selfplay.Config{Players: players, Options: c.opts, MaxMoves: 4000, ReplayCheck: true, NoWordCheck: i > 0}
				out, err := selfplay.Play(reg, c.game, cfg, uint64(7000+i))
				if err != nil {
					t.Fatalf("%d players: %v", players, err)
				}
				if !out.Finished {
					t.Errorf("%d players, seed %d: not ended after %d moves", players, 7000+i, len(out.Record.Moves))
				} else {
					finished++
				}
				for _, m := range out.Record.Moves {
					if strings.Contains(string(m.Move), "_passage") {
						canalAnswers++
					}
				}
			}
			t.Logf("%d of %d games ended by 25 power points", finished, games)
		})
	}
	if canalAnswers == 0 && gametest.Long() {
		t.Error("no canal permission was ever asked in Imperial 2030 self-play")
	}
	t.Logf("%d canal permissions answered", canalAnswers)
}
