package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"rondel/game/gametest"
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
func openWith(t *testing.T, opts Options) (*Store, *gametest.Clock, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
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

// startGame creates a game among n players and accepts every seat.
func startGame(t *testing.T, s *Store, n int, seed uint64) *Game {
	t.Helper()
	return startKind(t, s, gametest.ID, n, seed)
}
