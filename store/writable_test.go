package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rondel/game/gametest"
)

// TestReadOnlyDatabaseFailsTheWriteCheck: a database that takes no writes
// fails CheckWrite (and so /healthz) while it still answers reads.
func TestReadOnlyDatabaseFailsTheWriteCheck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, path := openTest(t, 0)
	if err := s.CheckWrite(ctx); err != nil {
		t.Fatalf("a writable database: %v", err)
	}
	s.Close()
	ro, err := Open(path, Options{Registry: gametest.Registry(), ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if err := ro.Ping(ctx); err != nil {
		t.Fatalf("reads fail too: %v", err)
	}
	if err := ro.CheckWrite(ctx); !errors.Is(err, ErrNotWritable) {
		t.Fatalf("a read-only database passes the write check: %v", err)
	}
}

// TestReadOnlyDirectoryIsNamedAtStart: a database in a directory the
// process cannot write is refused at once with a message that says so
// (an ordinary user gets a 0555 directory; root, which ignores
// permissions, gets /sys, which nobody can write).
func TestReadOnlyDirectoryIsNamedAtStart(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		dir = "/sys"
		if f, err := os.CreateTemp(dir, "x"); err == nil {
			f.Close()
			os.Remove(f.Name())
			t.Skip("no directory here refuses root's writes")
		}
	}
	_, err := Open(filepath.Join(dir, "rondel.db"), Options{Registry: gametest.Registry()})
	if !errors.Is(err, ErrNotWritable) || !strings.Contains(err.Error(), "directory "+dir+" cannot be written") ||
		!strings.Contains(err.Error(), "-wal") {
		t.Fatalf("got %v", err)
	}
}

// TestLinkKeyKeptAndReadOnly: the link key is made once and then always
// the same, and a database opened read-only gives it without trying to
// write it (pictures' and links' signatures need it on every page).
func TestLinkKeyKeptAndReadOnly(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, path := openTest(t, 0)
	first, err := s.LinkKey(ctx)
	if err != nil || len(first) != 32 {
		t.Fatalf("a new key: %x, %v", first, err)
	}
	again, err := s.LinkKey(ctx)
	if err != nil || string(again) != string(first) {
		t.Fatalf("the key again: %x, %v; want %x", again, err, first)
	}
	if s.db.Dialector.Name() != "sqlite" {
		return // a read-only open is SQLite's
	}
	s.Close()
	ro, err := Open(path, Options{Registry: gametest.Registry(), ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if got, err := ro.LinkKey(ctx); err != nil || string(got) != string(first) {
		t.Fatalf("read-only: %x, %v; want %x", got, err, first)
	}
}
