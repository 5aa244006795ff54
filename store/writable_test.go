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
