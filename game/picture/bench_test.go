package picture_test

import (
	"flag"
	"runtime"
	"slices"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/picture"
	"rondel/game/record"
	"rondel/game/selfplay"
)

var figures = flag.Bool("picture.figures", false, "draw every 5th position of a played game of each kind and print the time and size figures (docs/mail-pictures.md)")

// played returns every nth position of a self-played game, each with the
// position n moves before it (the "since your last turn" of a mail).
func played(tb testing.TB, kind string, players, moves, n int) [][2]game.State {
	tb.Helper()
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
	o, err := selfplay.Play(reg, kind, selfplay.Config{Players: players, MaxMoves: moves, NoWordCheck: true}, 21)
	if err != nil {
		tb.Fatal(err)
	}
	var out [][2]game.State
	var prev game.State
	_, err = record.ReplayEach(reg, o.Record, func(i int, s game.State, _ []game.Event) error {
		if i%n == 0 {
			out = append(out, [2]game.State{s, prev})
			prev = s
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

var kinds = []struct {
	kind           string
	players, moves int
}{{"imperial", 5, 1500}, {"imperial2030", 6, 1500}, {caesar.ID, 4, 400}}

// BenchmarkPicture draws and encodes the picture of positions of a played
// game of each kind, with the changes since the position before marked.
func BenchmarkPicture(b *testing.B) {
	for _, k := range kinds {
		pos := played(b, k.kind, k.players, 300, 25)
		b.Run(k.kind, func(b *testing.B) {
			size := 0
			for i := 0; b.Loop(); i++ {
				p := pos[i%len(pos)]
				png, err := picture.PNG(p[0].(game.Picturer).Picture(0, p[1]), 1200)
				if err != nil {
					b.Fatal(err)
				}
				size = len(png)
			}
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

// TestPictureFigures is the documented run: every 5th position of a game
// of each kind, drawn and encoded one after the other; it prints the
// median and 95th percentile of the time and the size.
func TestPictureFigures(t *testing.T) {
	if !*figures {
		t.Skip("run with -picture.figures")
	}
	for _, k := range kinds {
		pos := played(t, k.kind, k.players, k.moves, 5)
		var ms, cpu, kb []float64
		runtime.LockOSThread() // the thread's CPU time is the picture's
		for _, p := range pos {
			start, c0 := time.Now(), threadCPU()
			png, err := picture.PNG(p[0].(game.Picturer).Picture(0, p[1]), 1200)
			if err != nil {
				t.Fatal(err)
			}
			cpu = append(cpu, float64((threadCPU()-c0).Microseconds())/1000)
			ms = append(ms, float64(time.Since(start).Microseconds())/1000)
			kb = append(kb, float64(len(png))/1024)
		}
		runtime.UnlockOSThread()
		t.Logf("%-16s %3d positions  wall p50 %5.1f p95 %5.1f ms  CPU p50 %5.1f p95 %5.1f max %5.1f ms  PNG p50 %5.1f p95 %5.1f max %5.1f KB",
			k.kind, len(pos), quantile(ms, 0.5), quantile(ms, 0.95), quantile(cpu, 0.5), quantile(cpu, 0.95), quantile(cpu, 1), quantile(kb, 0.5), quantile(kb, 0.95), quantile(kb, 1))
	}
}

func quantile(v []float64, q float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}
