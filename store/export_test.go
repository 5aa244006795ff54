package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/record"
	"rondel/game/selfplay"
)

// realRegistry holds every engine Rondel hosts.
func realRegistry() *game.Registry {
	return game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
}

// openReal opens a migrated store with the real engines.
func openReal(t *testing.T) (*Store, *gametest.Clock) {
	t.Helper()
	s, c, _ := openWith(t, Options{Registry: realRegistry(), CacheBytes: 8 << 20})
	return s, c
}

// variant is one game and option set the round trip must hold for.
type variant struct {
	game    string
	players int
	opts    game.Options
}

var variants = []variant{
	{"imperial", 4, game.Options{}},
	{"imperial", 3, game.Options{"setup": "experienced"}},
	{"imperial", 5, game.Options{"investor_card": "false"}},
	{"imperial", 2, game.Options{"edition": "2006"}},
	{"imperial2030", 4, game.Options{}},
	{"imperial2030", 3, game.Options{"bonus_increase": "true", "setup": "experienced"}},
	{"caesars-imperium", 2, game.Options{}}, // the small side of the board
	{"caesars-imperium", 4, game.Options{}}, // the large side
}

func (v variant) String() string { return fmt.Sprintf("%s-%dp-%v", v.game, v.players, v.opts) }

// selfPlayed plays a complete game with random legal moves and stamps its
// moves with times and a caretaker move, as a club's log has them.
func selfPlayed(t *testing.T, reg *game.Registry, v variant, seed uint64) (*record.Record, game.State) {
	t.Helper()
	out, err := selfplay.Play(reg, v.game, selfplay.Config{Players: v.players, Options: v.opts, MaxMoves: 5000}, seed)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Finished {
		t.Fatalf("%v seed %d did not finish", v, seed)
	}
	rec := out.Record
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	rec.Started = &start
	for i := range rec.Moves {
		at := start.Add(time.Duration(i+1) * time.Minute)
		rec.Moves[i].At = &at
	}
	rec.Moves[len(rec.Moves)/2].By = ByCaretaker
	rec.Moves[len(rec.Moves)/2].Note = "timed out"
	return rec, out.Final
}

func emailsFor(rec *record.Record) []string {
	var out []string
	for i := range rec.Players {
		out = append(out, fmt.Sprintf("p%d@example.org", i))
	}
	return out
}

// TestExportImportRoundTrip: a self-played game of every game and variant,
// imported into one club, exported, imported into another club and
// exported again, keeps its final state hash, result, moves and times.
func TestExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, _ := openReal(t)
	b, _ := openReal(t)
	for i, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			rec, final := selfPlayed(t, a.Registry(), v, uint64(10+i))
			want, _ := record.Hash(final)
			ga, err := a.ImportRecord(ctx, rec, ImportSpec{Emails: emailsFor(rec)})
			if err != nil {
				t.Fatal(err)
			}
			if ga.Status != StatusFinished {
				t.Fatalf("imported finished game is %s", ga.Status)
			}
			exp, err := a.ExportRecord(ctx, ga.ID)
			if err != nil {
				t.Fatal(err)
			}
			if exp.StateHash != want || exp.Result == nil || exp.Engine == "" || len(exp.Moves) != len(rec.Moves) {
				t.Fatalf("export: hash %s (want %s), result %v, engine %q, %d moves", exp.StateHash, want, exp.Result, exp.Engine, len(exp.Moves))
			}
			data, err := json.Marshal(exp)
			if err != nil {
				t.Fatal(err)
			}
			back, err := record.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			gb, err := b.ImportRecord(ctx, back, ImportSpec{Emails: emailsFor(back)})
			if err != nil {
				t.Fatalf("re-import: %v", err)
			}
			again, err := b.ExportRecord(ctx, gb.ID)
			if err != nil {
				t.Fatal(err)
			}
			if again.StateHash != want {
				t.Errorf("round trip changed the final state: %s, want %s", again.StateHash, want)
			}
			x, _ := json.Marshal(exp)
			y, _ := json.Marshal(again)
			if string(x) != string(y) {
				t.Errorf("the second export differs from the first:\n%.300s\n%.300s", x, y)
			}
			mid := len(rec.Moves) / 2
			if exp.Moves[mid].By != ByCaretaker || !exp.Moves[mid].At.Equal(*rec.Moves[mid].At) {
				t.Errorf("move %d lost who made it or when: %+v", mid+1, exp.Moves[mid])
			}
		})
	}
}

// TestImportOngoingContinues imports half a game: it is in play, and its
// players continue it with ordinary moves until it ends and is sealed.
func TestImportOngoingContinues(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openReal(t)
	rec, final := selfPlayed(t, s.Registry(), variants[0], 3)
	all := rec.Moves
	rec.Moves = all[:len(all)/2]
	g, err := s.ImportRecord(ctx, rec, ImportSpec{Emails: emailsFor(rec), Source: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != StatusActive {
		t.Fatalf("half a game imported as %s", g.Status)
	}
	for i, m := range all[len(all)/2:] {
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: m.Seat, Seq: len(all)/2 + i, Move: m.Move}); err != nil {
			t.Fatalf("move %d: %v", len(all)/2+i+1, err)
		}
	}
	row, _ := s.GameRow(ctx, g.ID)
	want, _ := record.Hash(final)
	if h, _ := s.FinalHash(ctx, g.ID); row.Status != StatusFinished || h != want {
		t.Fatalf("continued game: %s, sealed %q, want %q", row.Status, h, want)
	}
	if imp, _ := s.ImportOf(ctx, g.ID); imp == nil || imp.Source != "test" {
		t.Errorf("import source not kept: %+v", imp)
	}
}

func TestImportRefusesWhatDoesNotReplay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openReal(t)
	rec, _ := selfPlayed(t, s.Registry(), variants[6], 5)
	cases := map[string]func(r *record.Record) []string{
		"wrong hash": func(r *record.Record) []string { r.StateHash = strings.Repeat("0", 64); return emailsFor(r) },
		"wrong result": func(r *record.Record) []string {
			r.Result = &game.Result{Scores: []int{1, 2}, Places: []int{2, 1}}
			return emailsFor(r)
		},
		"illegal move": func(r *record.Record) []string {
			r.Moves[3].Move = json.RawMessage(`{"nonsense":1}`)
			return emailsFor(r)
		},
		"unknown maker":  func(r *record.Record) []string { r.Moves[1].By = "robot"; return emailsFor(r) },
		"missing email":  func(r *record.Record) []string { return emailsFor(r)[1:] },
		"same email":     func(r *record.Record) []string { return []string{"x@example.org", "x@example.org"} },
		"not an address": func(r *record.Record) []string { return []string{"x", "y@example.org"} },
	}
	for name, spoil := range cases {
		var c record.Record
		data, _ := json.Marshal(rec)
		json.Unmarshal(data, &c)
		emails := spoil(&c)
		if _, err := s.ImportRecord(ctx, &c, ImportSpec{Emails: emails}); err == nil {
			t.Errorf("%s: imported", name)
		}
	}
	if ids, _ := s.ExportGames(ctx, ExportFilter{}); len(ids) != 0 {
		t.Errorf("refused imports left games: %v", ids)
	}
}
