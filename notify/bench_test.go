package notify

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"rondel/game/selfplay"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

// BenchmarkImperialGameMoves stores a whole self-played Imperial game
// (3 players) move by move, with and without notify's observer; ns/op is
// per move. cpu-us/move is the process's CPU (user+sys) per move, and
// after-cpu-us/move the part of it spent after the commit (AfterCommit:
// the turn mails rendered from their intents), so that the move's
// transaction costs the difference.
func BenchmarkImperialGameMoves(b *testing.B) {
	out, err := selfplay.Play(registry(), "imperial", selfplay.Config{Players: 3, MaxMoves: 4000}, 1)
	if err != nil || !out.Finished {
		b.Fatalf("self-play: %v (finished %v)", err, out.Finished)
	}
	for _, observed := range []bool{false, true} {
		b.Run(fmt.Sprintf("notify=%v", observed), func(b *testing.B) {
			ctx := context.Background()
			moves := 0
			timed := &timedObserver{}
			var cpu time.Duration
			for i := 0; i < b.N; {
				b.StopTimer()
				st := storetest.Open(b, store.Options{Registry: registry(), CacheBytes: 4 << 20})
				if observed {
					svc, err := New(ctx, Options{Store: st, Config: config.Default(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
					if err != nil {
						b.Fatal(err)
					}
					timed.o = svc
					st.SetObserver(timed)
				}
				var players []store.NewPlayer
				for j, p := range out.Record.Players {
					players = append(players, store.NewPlayer{Name: p.Name, Email: fmt.Sprintf("p%d@example.org", j)})
				}
				g := storetest.StartGame(b, st, store.NewGame{Kind: "imperial", Name: "bench", Seed: out.Seed, Players: players}, nil)
				b.StartTimer()
				c0 := processCPU()
				timed.on = true
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
				cpu += processCPU() - c0
				timed.on = false
				b.StopTimer()
				st.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(cpu.Microseconds())/float64(moves), "cpu-us/move")
			b.ReportMetric(float64(timed.cpu.Microseconds())/float64(moves), "after-cpu-us/move")
			b.ReportMetric(float64(timed.wall.Microseconds())/float64(moves), "after-us/move")
		})
	}
}

// timedObserver passes changes to notify and counts the time and CPU
// its AfterCommit takes.
type timedObserver struct {
	o         store.Observer
	on        bool // counting: the benchmark's timer runs
	wall, cpu time.Duration
}

func (t *timedObserver) InTx(ctx context.Context, tx *store.NotifyTx, c store.Change) error {
	return t.o.InTx(ctx, tx, c)
}

func (t *timedObserver) AfterCommit(ctx context.Context, c store.Change) {
	if !t.on {
		t.o.AfterCommit(ctx, c)
		return
	}
	w, c0 := time.Now(), processCPU()
	t.o.AfterCommit(ctx, c)
	t.wall += time.Since(w)
	t.cpu += processCPU() - c0
}
