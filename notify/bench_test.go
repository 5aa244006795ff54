package notify

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"

	"rondel/game/selfplay"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

// BenchmarkImperialGameMoves stores a whole self-played Imperial game
// (3 players) move by move, with and without notify's observer in the
// move's transaction; ns/op is per move.
func BenchmarkImperialGameMoves(b *testing.B) {
	out, err := selfplay.Play(registry(), "imperial", selfplay.Config{Players: 3, MaxMoves: 4000}, 1)
	if err != nil || !out.Finished {
		b.Fatalf("self-play: %v (finished %v)", err, out.Finished)
	}
	for _, observed := range []bool{false, true} {
		b.Run(fmt.Sprintf("notify=%v", observed), func(b *testing.B) {
			ctx := context.Background()
			moves := 0
			for i := 0; i < b.N; {
				b.StopTimer()
				st := storetest.Open(b, store.Options{Registry: registry(), CacheBytes: 4 << 20})
				if observed {
					if _, err := New(ctx, Options{Store: st, Config: config.Default(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}); err != nil {
						b.Fatal(err)
					}
				}
				var players []store.NewPlayer
				for j, p := range out.Record.Players {
					players = append(players, store.NewPlayer{Name: p.Name, Email: fmt.Sprintf("p%d@example.org", j)})
				}
				g := storetest.StartGame(b, st, store.NewGame{Kind: "imperial", Name: "bench", Seed: out.Seed, Players: players}, nil)
				b.StartTimer()
				for j, m := range out.Record.Moves {
					if i >= b.N {
						break
					}
					if _, err := st.AppendMove(ctx, store.Submit{GameID: g.ID, Seat: m.Seat, Seq: j, Move: m.Move}); err != nil {
						b.Fatal(err)
					}
					i++
					moves++
				}
				b.StopTimer()
				st.Close()
				b.StartTimer()
			}
			_ = moves
		})
	}
}
