package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/store/pgtest"
)

func newClock() *gametest.Clock {
	return gametest.NewClock(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
}

// openTest opens a migrated store on a new file with the take-away game
// and a state cache of cacheKB kilobytes.
func openTest(t *testing.T, cacheKB int) (*Store, *gametest.Clock, string) {
	t.Helper()
	return openWith(t, Options{Registry: gametest.Registry(), CacheBytes: int64(cacheKB) << 10})
}

// openWith opens a migrated store on a new file, its clock at newClock.
// (storetest.Open does the same for the other packages' tests; the store's
// own cannot import it, as it imports the store.)
func openWith(t testing.TB, opts Options) (*Store, *gametest.Clock, string) {
	t.Helper()
	path := testDatabase(t)
	c := newClock()
	opts.Now = c.Now
	s, err := Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.CheckSchema(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	return s, c, path
}

// testDatabase names a new database for the test: a file in its
// temporary directory, or with RONDEL_TEST_STORE=postgres a PostgreSQL
// schema of its own.
func testDatabase(t testing.TB) string {
	t.Helper()
	if pgtest.Enabled() {
		return pgtest.URL(t)
	}
	return filepath.Join(t.TempDir(), "test.db")
}

// sqliteOnly skips a test of SQLite itself (its files, pragmas, query
// plans, migrations of old SQLite schemas) when the suite runs on
// PostgreSQL.
func sqliteOnly(t *testing.T) {
	t.Helper()
	if pgtest.Enabled() {
		t.Skip("tests SQLite only")
	}
}

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// startGame creates a game among n players and accepts every seat.
func startGame(t *testing.T, s *Store, n int, seed uint64) *Game {
	t.Helper()
	return startKind(t, s, gametest.ID, n, seed)
}
