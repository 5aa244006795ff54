package store

import (
	"sync"

	"rondel/game"
	"rondel/store/lru"
)

// stateCache keeps replayed states by game, bounded in bytes. It is only
// an optimisation: an entry is (game, seq) → the state after seq moves,
// and engine states are immutable, so handing one out twice is safe and
// forgetting one only costs a load from the snapshot.
type stateCache struct {
	mu sync.Mutex // orders put's check-then-store and forget
	// gen counts forget calls: a state replayed from rows read before a
	// game's setup changed is not put back after it (see forget).
	gen uint64
	lru *lru.Cache[int64, cachedState]
}

type cachedState struct {
	seq int
	// setup is the game's seat names when the state was made (see
	// Store.setupKey): another instance may rename a seat.
	setup string
	state game.State
	size  int64 // estimated bytes in memory (see stateBytes)
}

// stateBytes estimates what a decoded state holds in memory from the
// length of its JSON: engines keep about as much in their structs as
// they write, plus slice headers and the like (TestStateSizeEstimate
// measures each engine against this).
func stateBytes(jsonLen int) int64 { return 2*int64(jsonLen) + 2560 }

func newStateCache(maxBytes int64) *stateCache {
	return &stateCache{lru: lru.NewSecondSight[int64, cachedState](maxBytes, lru.Window)}
}

// get returns the cached state of gameID, its seq and its size.
func (c *stateCache) get(gameID int64) (cachedState, bool) {
	return c.lru.Get(gameID)
}

// holds reports whether the cache has a state of the game, without
// counting it as asked for.
func (c *stateCache) holds(gameID int64) bool {
	_, ok := c.lru.Peek(gameID)
	return ok
}

// epoch is the generation to pass to put: take it before reading the rows
// a state is replayed from.
func (c *stateCache) epoch() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// put remembers state as gameID after seq moves, keeping the newer of two,
// unless a game's setup changed since epoch (the state may be replayed
// from the old one). size is the state's estimated bytes. A game in play
// is kept at once; a finished one the second time it is loaded.
func (c *stateCache) put(epoch uint64, gameID int64, seq int, setup string, state game.State, size int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if epoch != c.gen {
		return
	}
	if old, ok := c.lru.Peek(gameID); ok && old.seq > seq {
		return
	}
	v := cachedState{seq: seq, setup: setup, state: state, size: size}
	if state.Finished() {
		c.lru.Put(gameID, v, size) // read by visitors, most of them once
		return
	}
	c.lru.Keep(gameID, v, size) // its players read it again at each move
}

// forget drops a game's state after its setup changed (a seat renamed):
// the next read loads it with the new setup, and states replayed before
// are not put back.
func (c *stateCache) forget(gameID int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.lru.Remove(gameID)
}

func (c *stateCache) drop() { c.lru.Clear() }

func (c *stateCache) len() int { return c.lru.Len() }
