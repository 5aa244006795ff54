package store

import (
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"gorm.io/gorm/clause"

	"rondel/game/gametest"
)

// replaceStatements rewrite move 1 of game 1 if the database lets them:
// each spelling of SQLite's REPLACE, and an upsert.
var replaceStatements = []string{
	`REPLACE INTO moves (game_id, seq, seat, move, events, at) VALUES (1, 1, 0, '{"forged":1}', '[]', '2026-01-01 00:00:00')`,
	`INSERT OR REPLACE INTO moves (game_id, seq, seat, move, events, at) VALUES (1, 1, 0, '{"forged":1}', '[]', '2026-01-01 00:00:00')`,
	`INSERT INTO moves (game_id, seq, seat, move, events, at) VALUES (1, 1, 0, '{"forged":1}', '[]', '2026-01-01 00:00:00')
		ON CONFLICT (game_id, seq) DO UPDATE SET move = excluded.move`,
}

// oneMoveGame makes game 1 with one move and returns that move as stored.
func oneMoveGame(t *testing.T, s *Store) (int64, string) {
	t.Helper()
	ctx := context.Background()
	g := startGame(t, s, 2, 1)
	pos, _ := s.Current(ctx, g.ID)
	seat, mv, _ := gametest.FirstMove(pos.State)
	if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: 0, Move: json.RawMessage(mv)}); err != nil {
		t.Fatal(err)
	}
	moves, err := s.Moves(ctx, g.ID)
	if err != nil || len(moves) != 1 || g.ID != 1 {
		t.Fatalf("game %d: %d moves, %v", g.ID, len(moves), err)
	}
	return g.ID, moves[0].Move
}

// TestReplaceRefusedOnMoves: no spelling of REPLACE (nor an upsert, nor
// GORM's OnConflict UpdateAll) rewrites a stored move, through the store's
// own connection; the move stays as it was.
func TestReplaceRefusedOnMoves(t *testing.T) {
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	id, was := oneMoveGame(t, s)
	check := func(how string, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: a stored move was rewritten", how)
		}
		if moves, _ := s.Moves(ctx, id); len(moves) != 1 || moves[0].Move != was {
			t.Fatalf("%s: the log is now %+v", how, moves)
		}
	}
	if !s.Postgres() { // PostgreSQL has no REPLACE
		for _, q := range replaceStatements[:2] {
			check(q, s.Exec(q))
		}
	}
	check("upsert", s.Exec(replaceStatements[2]))
	m := Move{GameID: id, Seq: 1, Seat: 0, Move: `{"forged":1}`, Events: "[]", At: s.Now(), By: ByPlayer}
	check("GORM OnConflict UpdateAll", s.db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&m).Error)
	m.ID = 0
	check("GORM Save", s.db.Save(&Move{ID: 1, GameID: id, Seq: 1, Move: `{"forged":1}`, Events: "[]", At: s.Now()}).Error)
	// A new move still goes in.
	pos, _ := s.Current(ctx, id)
	seat, mv, _ := gametest.FirstMove(pos.State)
	if _, err := s.AppendMove(ctx, Submit{GameID: id, Seat: seat, Seq: 1, Move: json.RawMessage(mv)}); err != nil {
		t.Fatalf("the next move: %v", err)
	}
}

// TestReplaceRefusedFromTheCommandLine: the sqlite3 command line, which
// an operator might use on the file, cannot rewrite a move with REPLACE
// either (its default is recursive_triggers off, so only the insert
// trigger stands in the way).
func TestReplaceRefusedFromTheCommandLine(t *testing.T) {
	sqliteOnly(t)
	cli, err := exec.LookPath("sqlite3")
	if err != nil {
		t.Skip("the sqlite3 command line is not installed (Debian: apt-get install sqlite3; .ci/run installs it)")
	}
	s, _, path := openTest(t, 0)
	ctx := context.Background()
	id, was := oneMoveGame(t, s)
	for _, q := range replaceStatements {
		out, err := exec.Command(cli, path, q).CombinedOutput()
		if err == nil {
			t.Errorf("sqlite3 %q: accepted", q)
		}
		if !strings.Contains(string(out), "append-only") {
			t.Errorf("sqlite3 %q: %s", q, out)
		}
		if moves, _ := s.Moves(ctx, id); len(moves) != 1 || moves[0].Move != was {
			t.Fatalf("sqlite3 %q: the log is now %+v", q, moves)
		}
	}
}
