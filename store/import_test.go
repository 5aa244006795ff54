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
