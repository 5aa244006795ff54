package store

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"rondel/game/gametest"
)

func TestPragmas(t *testing.T) {
	t.Parallel()
	sqliteOnly(t)
	s, _, _ := openTest(t, 0)
	got, err := s.Pragmas(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"journal_mode": "wal", "busy_timeout": "5000", "foreign_keys": "1", "synchronous": "1"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("pragma %s = %q, want %q", k, got[k], v)
		}
	}
}

func TestTransactionsAreImmediate(t *testing.T) {
	t.Parallel()
	// With _txlock=immediate a transaction holds the write lock from BEGIN:
	// a second writer cannot begin until the first ends.
	sqliteOnly(t)
	s, _, path := openTest(t, 0)
	other, err := Open(path, Options{Registry: gametest.Registry(), BusyTimeout: 50_000_000})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	tx, err := s.sql.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := other.sql.Begin(); err == nil || !strings.Contains(err.Error(), "locked") {
		t.Fatalf("a second BEGIN while the first is open gave %v, want database is locked", err)
	}
}

func TestForeignKeysEnforced(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	err := s.db.Exec(`INSERT INTO seats (game_id, seat, user_id, name) VALUES (999, 0, 999, 'x')`).Error
	if err == nil || !strings.Contains(strings.ToLower(err.Error()), "foreign key") {
		t.Fatalf("seat of a missing game: got %v, want a foreign key error", err)
	}
}

func TestSchemaRules(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	open := func(t *testing.T) *Store {
		s, err := Open(filepath.Join(t.TempDir(), "x.db"), Options{Registry: gametest.Registry()})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	t.Run("fresh file needs migrating unless allowed", func(t *testing.T) {
		s := open(t)
		if err := s.CheckSchema(ctx, false); !errors.Is(err, ErrSchemaOld) {
			t.Fatalf("got %v, want ErrSchemaOld", err)
		}
		if err := s.CheckSchema(ctx, true); err != nil {
			t.Fatal(err)
		}
		if err := s.CheckSchema(ctx, false); err != nil {
			t.Fatalf("after migrating: %v", err)
		}
		applied, err := s.Migrate(ctx)
		if err != nil || len(applied) != 0 {
			t.Fatalf("second migrate applied %v, %v", applied, err)
		}
	})
	t.Run("newer schema refused", func(t *testing.T) {
		s := open(t)
		if _, err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		s.db.Exec(`INSERT INTO goose_db_version (version_id, is_applied) VALUES (99999, 1)`)
		if err := s.CheckSchema(ctx, true); !errors.Is(err, ErrSchemaNewer) {
			t.Fatalf("CheckSchema: got %v, want ErrSchemaNewer", err)
		}
		if _, err := s.Migrate(ctx); !errors.Is(err, ErrSchemaNewer) {
			t.Fatalf("Migrate: got %v, want ErrSchemaNewer", err)
		}
	})
	t.Run("foreign tables refused", func(t *testing.T) {
		s := open(t)
		s.db.Exec(`CREATE TABLE something_else (x)`)
		if err := s.CheckSchema(ctx, true); !errors.Is(err, ErrSchemaUnknown) {
			t.Fatalf("got %v, want ErrSchemaUnknown", err)
		}
	})
	t.Run("older schema refused until migrated", func(t *testing.T) {
		s := open(t)
		if _, err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		st, _ := s.Schema(ctx)
		s.db.Exec(`DELETE FROM goose_db_version WHERE version_id = ?`, st.Latest)
		if err := s.CheckSchema(ctx, true); !errors.Is(err, ErrSchemaOld) {
			t.Fatalf("got %v, want ErrSchemaOld", err)
		}
	})
}

func TestMovesAreAppendOnly(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	g := startGame(t, s, 2, 1)
	pos, err := s.Current(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	seat, mv, _ := gametest.FirstMove(pos.State)
	if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: 0, Move: mv}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`UPDATE moves SET move = '{}' WHERE game_id = ?`,
		`DELETE FROM moves WHERE game_id = ?`,
	} {
		err := s.db.Exec(q, g.ID).Error
		if err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: got %v, want the trigger's refusal", q, err)
		}
	}
	dup := s.db.Exec(`INSERT INTO moves (game_id, seq, seat, move, at) VALUES (?, 1, 0, '{}', '2026-01-01 00:00:00')`, g.ID).Error
	if !isUniqueViolation(dup) {
		t.Errorf("a second move 1: got %v, want a unique violation", dup)
	}
	moves, _ := s.Moves(ctx, g.ID)
	if len(moves) != 1 || moves[0].Move != string(mv) {
		t.Errorf("log changed: %+v", moves)
	}
}
