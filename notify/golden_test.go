package notify

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/store"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestTurnMailGolden pins the whole text and HTML of a turn mail in the
// middle of a take-away game (fixed seed, clock and signing key), in each
// language, to a reader in a time zone of that language. The test game's
// words are stable, unlike a real engine's.
func TestTurnMailGolden(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, tz, suffix string }{
		{"en", "UTC", ""}, {"de", "Europe/Berlin", ".de"}, {"zh", "Asia/Shanghai", ".zh"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			e := newEnv(t, nil, nil)
			e.svc.key = []byte("golden key")
			for _, p := range []string{"a", "b", "c"} {
				e.person(p+"@example.org", string(rune(p[0]-'a'+'A'))+"nn", c.lang, c.tz)
			}
			g := e.startGame(gametest.ID, "Tuesday club", 3, 7, nil)
			for range 9 {
				pos, _ := e.st.Current(e.ctx, g.ID)
				d := pos.State.ToAct()[0]
				mv, _, _ := pos.State.Caretaker(d.Seat)
				if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: d.Seat, Seq: pos.Seq, Move: mv}); err != nil {
					t.Fatal(err)
				}
				e.clk.Add(50 * time.Minute)
			}
			m := e.outbox(kindTurn)[0]
			golden(t, "turn_mail"+c.suffix+".txt", m.Subject+"\n\n"+m.TextBody)
			golden(t, "turn_mail"+c.suffix+".html", m.HTMLBody)
		})
	}
}

// golden compares got with testdata/name, or writes it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file:\n%s", name, got)
	}
}
