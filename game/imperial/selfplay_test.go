package imperial_test

import (
	"testing"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/selfplay"
)

func registry() *game.Registry { return game.NewRegistry(imperial.New()) }

// TestSelfPlay plays random games across 2-6 players, checking the
// invariants after every move and that the record replays identically.
// Every game must end by 25 power points within 4000 moves: a game that
// stalls (a rule that never lets play move on) is a defect.
func TestSelfPlay(t *testing.T) {
	games := 100 // per player count: 500 in all
	if !gametest.Long() {
		games = 10
	}
	for players := 2; players <= 6; players++ {
		finished := 0
		for i := 0; i < games; i++ {
			seed := uint64(players*1000 + i)
			// Every word is checked in the first games of each count
			// (and in words_test.go); the rest play for the rules.
			cfg := selfplay.Config{Players: players, MaxMoves: 4000, ReplayCheck: true, NoWordCheck: i >= 2}
			out, err := selfplay.Play(registry(), "imperial", cfg, seed)
			if err != nil {
				t.Fatalf("%d players: %v", players, err)
			}
			if !out.Finished {
				t.Errorf("%d players, seed %d: not ended after %d moves", players, seed, len(out.Record.Moves))
				continue
			}
			finished++
		}
		t.Logf("%d players: %d of %d games ended by 25 power points", players, finished, games)
	}
}
