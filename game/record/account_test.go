package record_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/words"
)

// TestAccountOfGoldenGames tells every golden game in numbers and checks
// the account against the game itself: one value per round (and the
// start), the last values are the final position's (Imperial's power
// points and scores, Caesar's track), every battle and taxation of the
// log is counted, and every word of the account is in the catalogue.
func TestAccountOfGoldenGames(t *testing.T) {
	reg := registry()
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(goldenDir, g.name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := record.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			battles, taxations := 0, 0
			final, err := record.ReplayEach(reg, rec, func(_ int, _ game.State, ev []game.Event) error {
				for _, e := range ev {
					switch e.Msg.ID {
					case "imperial.event.battle", "imperial.event.battle_demanded":
						battles++
					case "imperial.event.tax", "imperial.event.tax_bonus", "imperial2030.event.tax":
						taxations++
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			acc, err := record.Account(reg, rec)
			if err != nil || acc == nil {
				t.Fatalf("account: %v, %v", acc, err)
			}
			rounds := final.(game.Progresser).Progress().Round
			for _, ch := range acc.Charts {
				for _, s := range ch.Series {
					// The start, then a value per round begun (the last
					// may end the round the game ended in).
					if n := len(s.Values); n < rounds || n > rounds+1 {
						t.Errorf("%s: %d values over %d rounds", ch.Title.ID, n, rounds)
					}
				}
			}
			res := final.Result()
			last := acc.Charts[len(acc.Charts)-1]
			for seat, s := range last.Series {
				if got := s.Values[len(s.Values)-1]; strings.HasPrefix(g.game, "imperial") && got != res.Scores[seat] {
					t.Errorf("seat %d: last score %d, result %d", seat, got, res.Scores[seat])
				}
			}
			if strings.HasPrefix(g.game, "imperial") {
				max := 0
				for _, s := range acc.Charts[0].Series {
					max = maxInt(max, s.Values[len(s.Values)-1])
				}
				if max != 25 {
					t.Errorf("no nation ends with 25 power points (highest %d)", max)
				}
				var counted [2]int
				for _, row := range acc.Tables[1].Rows {
					n, _ := row.Cells[2].Args.Get("n")
					count, _ := row.Cells[3].Args.Get("count")
					nv, ok1 := n.Int()
					cv, ok2 := count.Int()
					if n.Kind() != "n" || count.Kind() != "n" || !ok1 || !ok2 {
						t.Fatalf("battle table row %v, %v: not numbers", n, count)
					}
					counted[0] += nv
					counted[1] += cv
				}
				if counted[0] != 2*battles || counted[1] != taxations {
					t.Errorf("table counts %d battle sides and %d taxations; the log has %d battles, %d taxations",
						counted[0], counted[1], battles, taxations)
				}
			}
			en := words.English()
			for _, tb := range acc.Tables {
				for _, c := range append([]words.Text{tb.Title, tb.Head}, tb.Columns...) {
					if s := en.Say(c); s == "" || strings.Contains(s, "imperial.") || strings.Contains(s, "caesar.") {
						t.Errorf("%s says %q", c.ID, s)
					}
				}
			}
		})
	}
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// BenchmarkAccount tells the longest golden game (826 Imperial moves) in
// numbers: what ending a game costs once, in its last move's transaction.
func BenchmarkAccount(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(goldenDir, "imperial-standard-6p.json"))
	if err != nil {
		b.Fatal(err)
	}
	rec, err := record.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	reg := registry()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := record.Account(reg, rec); err != nil {
			b.Fatal(err)
		}
	}
}
