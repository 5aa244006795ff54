package store

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"rondel/game/gametest"
)

// TestCopyStoresTheCanonicalMove: a database written before moves were
// stored in one form may hold a move with a field its engine does not
// use; Copy writes it to the new database in its stored form, and the copy
// verifies clean.
func TestCopyStoresTheCanonicalMove(t *testing.T) {
	ctx := context.Background()
	from, _ := openReal(t)
	g := startKind(t, from, "imperial", 3, 5)
	pos, err := from.Current(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	seat, mv, _ := gametest.FirstMove(pos.State)
	_, events, err := pos.State.Apply(seat, mv)
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(mv, &f); err != nil {
		t.Fatal(err)
	}
	f["via"] = []string{strings.Repeat("J", 1<<16)}
	junk, _ := json.Marshal(f)
	if _, _, err := pos.State.Apply(seat, junk); err != nil {
		t.Fatalf("the engine refuses the move with junk: %v", err)
	}
	// Written as an old build would have: past storedForm.
	ev, _ := json.Marshal(events)
	if err := from.db.Create(&Move{GameID: g.ID, Seq: 1, Seat: seat, Move: string(junk), Events: string(ev), At: from.Now(), By: ByPlayer}).Error; err != nil {
		t.Fatal(err)
	}
	if _, err := from.Tools().Rebuild(ctx, nil); err != nil {
		t.Fatal(err)
	}
	to, err := Open(testDatabase(t), Options{Registry: realRegistry()})
	if err != nil {
		t.Fatal(err)
	}
	defer to.Close()
	if err := to.CheckSchema(ctx, true); err != nil {
		t.Fatal(err)
	}
	if _, err := Copy(ctx, from, to); err != nil {
		t.Fatal(err)
	}
	moves, err := to.Moves(ctx, g.ID)
	if err != nil || len(moves) != 1 {
		t.Fatalf("%d moves copied, %v", len(moves), err)
	}
	if moves[0].Move != string(mv) {
		t.Errorf("the move was copied as %.200s, want %s", moves[0].Move, mv)
	}
	cleanVerify(t, to)
}
