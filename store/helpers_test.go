package store

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"rondel/game/gametest"
)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newClock() *clock { return &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)} }

// openTest opens a migrated store on a new file with the take-away game.
func openTest(t *testing.T, cacheSize int) (*Store, *clock, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	c := newClock()
	s, err := Open(path, Options{Registry: gametest.Registry(), Now: c.Now, CacheSize: cacheSize})
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
	ctx := context.Background()
	var players []NewPlayer
	for i := range n {
		players = append(players, NewPlayer{Name: string(rune('A'+i)) + "nn", Email: string(rune('a'+i)) + "@example.org"})
	}
	g, invites, err := s.CreateGame(ctx, NewGame{GameID: gametest.ID, Name: "test", Seed: seed, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	for _, inv := range invites {
		if _, _, err := s.AcceptInvitation(ctx, inv.Token); err != nil {
			t.Fatal(err)
		}
	}
	return g
}
