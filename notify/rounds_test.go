package notify

import (
	"testing"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/selfplay"
)

// The round a subject says is the one the encoded state keeps, at every
// position of a self-played game of each engine, whether it was read
// from the encoding or (once learned) from Progress.
func TestRoundsAsTheEncodedStateSays(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"imperial", "imperial2030", "caesars-imperium"} {
		out, err := selfplay.Play(registry(), kind, selfplay.Config{Players: 3, MaxMoves: 600}, 2)
		if err != nil {
			t.Fatalf("%s: self-play: %v", kind, err)
		}
		var r roundSources
		rounds := 0
		_, err = record.ReplayEach(registry(), out.Record, func(i int, st game.State, _ []game.Event) error {
			want, _ := roundOf(st)
			if got := r.of(st); got != want {
				t.Errorf("%s, position %d: round %d, the encoded state says %d", kind, i, got, want)
			}
			rounds = max(rounds, want)
			return nil
		})
		if err != nil {
			t.Fatalf("%s: replay: %v", kind, err)
		}
		if kind != "caesars-imperium" && rounds < 2 {
			t.Errorf("%s: the game reached round %d: too short to test", kind, rounds)
		}
	}
}
