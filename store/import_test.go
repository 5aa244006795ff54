package store

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
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
		rep, err := s.Verify(ctx, false)
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
