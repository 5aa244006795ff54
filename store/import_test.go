package store

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/imperial/playimperial"
	"rondel/game/record"
)

// FuzzImportRecord: whatever bytes arrive as a record, importing them
// either refuses with an error and writes nothing, or creates a game that
// exports to the state it replays to and verifies clean.
func FuzzImportRecord(f *testing.F) {
	setup := game.Setup{Players: []string{"A", "B"}, Options: game.Options{"votes": "false"}, Seed: 7}
	rec := record.New(gametest.ID, setup)
	g, _ := gametest.Registry().Get(gametest.ID)
	st, _ := g.New(setup)
	for range 3 {
		seat, mv, _ := gametest.FirstMove(st)
		rec.Moves = append(rec.Moves, record.Move{Seat: seat, Move: mv})
		st, _, _ = st.Apply(seat, mv)
	}
	good, _ := json.Marshal(rec)
	f.Add(good)
	rec.StateHash = "00"
	bad, _ := json.Marshal(rec)
	f.Add(bad)
	f.Add([]byte(`{"format":"rondel-game-record","version":1,"game":"takeaway","players":[{"seat":0,"name":"A"},{"seat":1,"name":"A"}],"moves":[]}`))
	f.Add([]byte(`{"format":"rondel-game-record","version":1,"game":"takeaway","players":[{"seat":1,"name":"A"}],"moves":[{"seat":9,"move":{}}]}`))

	s, err := Open(filepath.Join(f.TempDir(), "fuzz.db"), Options{Registry: gametest.Registry()})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if err := s.CheckSchema(ctx, true); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := record.Decode(data)
		if err != nil {
			return
		}
		before, _ := s.ExportGames(ctx, ExportFilter{})
		var emails []string
		for i := range rec.Players {
			emails = append(emails, fmt.Sprintf("f%d@example.org", i))
		}
		row, err := s.ImportRecord(ctx, rec, ImportSpec{Emails: emails})
		if err != nil {
			if after, _ := s.ExportGames(ctx, ExportFilter{}); len(after) != len(before) {
				t.Fatalf("a refused import left a game: %v", err)
			}
			return
		}
		exp, err := s.ExportRecord(ctx, row.ID)
		if err != nil {
			t.Fatalf("an imported game does not export: %v", err)
		}
		if rec.StateHash != "" && exp.StateHash != rec.StateHash {
			t.Fatalf("export hash %s, record said %s", exp.StateHash, rec.StateHash)
		}
		rep, err := s.Tools().Verify(ctx, false)
		if err != nil || len(rep.Problems) != 0 {
			t.Fatalf("verify after import: %v %+v", err, rep)
		}
	})
}

// TestImportOfAGameOverElsewhere: a record whose source says the game is
// over is stored finished if its moves end the game, and refused (nothing
// written, nobody to mail) if they do not.
func TestImportOfAGameOverElsewhere(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openReal(t)
	rec, _ := selfPlayed(t, s.Registry(), variants[0], 21)
	row, err := s.ImportRecord(ctx, rec, ImportSpec{Emails: emailsFor(rec), Source: "elsewhere", Ended: true})
	if err != nil || row.Status != StatusFinished {
		t.Fatalf("a finished game: %v, %+v", err, row)
	}
	cut := *rec
	cut.Moves = rec.Moves[:len(rec.Moves)/2]
	before, _ := s.ExportGames(ctx, ExportFilter{})
	if _, err := s.ImportRecord(ctx, &cut, ImportSpec{Emails: emailsFor(rec), Source: "elsewhere", Ended: true}); err == nil {
		t.Fatal("a game over elsewhere but not here was imported")
	}
	if after, _ := s.ExportGames(ctx, ExportFilter{}); len(after) != len(before) {
		t.Errorf("the refused import left a game")
	}
	if pend, _ := s.Pending(ctx); len(pend) != 0 {
		t.Errorf("someone is asked to move: %+v", pend)
	}
	if row, err := s.ImportRecord(ctx, &cut, ImportSpec{Emails: emailsFor(rec)}); err != nil || row.Status != StatusActive {
		t.Errorf("the same moves from a game in play: %v, %+v", err, row)
	}
}

// TestImportStoresTheCanonicalMove: a record whose move carries 7 MB in a
// field its type does not use (a rondel move "from" somewhere) imports as
// the move the engine applied, without the junk: the log, the export and
// verify know nothing of it.
func TestImportStoresTheCanonicalMove(t *testing.T) {
	ctx := context.Background()
	s, _ := openReal(t)
	rec, _ := selfPlayed(t, s.Registry(), variants[0], 21)
	j := -1
	for i, m := range rec.Moves {
		var f map[string]any
		if json.Unmarshal(m.Move, &f) == nil && f["type"] == "rondel" {
			j = i
			break
		}
	}
	if j < 0 {
		t.Fatal("the game has no rondel move")
	}
	cut := *rec
	cut.Moves = append([]record.Move(nil), rec.Moves[:j+3]...)
	cut.StateHash, cut.Result, cut.Finished = "", nil, nil
	want := cut.Moves[j].Move
	var f map[string]any
	if err := json.Unmarshal(want, &f); err != nil {
		t.Fatal(err)
	}
	f["from"] = strings.Repeat("J", 7<<20)
	junk, _ := json.Marshal(f)
	cut.Moves[j].Move = junk
	row, err := s.ImportRecord(ctx, &cut, ImportSpec{Emails: emailsFor(rec)})
	if err != nil {
		t.Fatal(err)
	}
	moves, err := s.Moves(ctx, row.ID)
	if err != nil || len(moves) != len(cut.Moves) {
		t.Fatalf("%d moves stored, %v", len(moves), err)
	}
	if moves[j].Move != string(want) {
		t.Errorf("move %d stored as %.200s, want %s", j+1, moves[j].Move, want)
	}
	exp, err := s.ExportRecord(ctx, row.ID)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(exp); len(b) > 1<<20 || strings.Contains(string(b), "JJJJ") {
		t.Errorf("the export carries the junk (%d bytes)", len(b))
	}
	cleanVerify(t, s)
}

// TestImportUnderTheSiteRules: a game finished on playimperial.club is
// stored finished and unrated under the site's own rules (its options name
// them), with the site's result; the import keeps where those rules
// departed from the rule book; its record exports, replays to the same end,
// and verify finds it sound; nobody is asked to move. A new game cannot
// name those rules.
func TestImportUnderTheSiteRules(t *testing.T) {
	ctx := context.Background()
	s, _ := openReal(t)
	f, err := os.Open(filepath.Join("..", "game", "imperial", "playimperial", "testdata", "europe-p3-safe-site-s00042.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	im, err := playimperial.NewImporter(imperial.New(), imperial.New2030()).Import(raw)
	if err != nil {
		t.Fatal(err)
	}
	if im.Refusal != "" || im.Ruleset == "" || len(im.Departures) == 0 {
		t.Fatalf("the sample does not import under the site's rules: %v %q %+v", err, im.Refusal, im)
	}
	rec := record.FromImported(im)
	row, err := s.ImportRecord(ctx, rec, ImportSpec{Emails: emailsFor(rec), Source: "playimperial.club", Ended: true,
		Ruleset: im.Ruleset, Departures: im.Departures})
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != StatusFinished || row.Rated {
		t.Errorf("status %s, rated %v; want finished and unrated", row.Status, row.Rated)
	}
	imp, err := s.ImportOf(ctx, row.ID)
	if err != nil {
		t.Fatal(err)
	}
	if site, deps := imp.SiteRules(); !site || !reflect.DeepEqual(deps, im.Departures) {
		t.Errorf("kept %v %+v, want the site's rules and %+v", site, deps, im.Departures)
	}
	exp, err := s.ExportRecord(ctx, row.ID)
	if err != nil {
		t.Fatal(err)
	}
	if exp.Options[imperial.RulesetOption] != imperial.RulesetPlayImperial {
		t.Errorf("exported options %v do not name the site's rules", exp.Options)
	}
	final, err := record.Replay(s.Registry(), exp)
	if err != nil {
		t.Fatalf("the exported record does not replay: %v", err)
	}
	if !reflect.DeepEqual(final.Result().Scores, im.Final.Result().Scores) {
		t.Errorf("replayed scores %v, imported %v", final.Result().Scores, im.Final.Result().Scores)
	}
	if rep, err := s.Tools().Verify(ctx, false); err != nil || len(rep.Problems) != 0 {
		t.Errorf("verify: %v %+v", err, rep)
	}
	if pend, _ := s.Pending(ctx); len(pend) != 0 {
		t.Errorf("someone is asked to move: %+v", pend)
	}
	if _, err := game.Normalize(imperial.New().Info().Options, game.Options{imperial.RulesetOption: imperial.RulesetPlayImperial}); err == nil {
		t.Error("a new game's options accept the site's rules")
	}
}
