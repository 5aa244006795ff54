package store

import (
	"container/list"
	"sync"

	"rondel/game"
)

// stateCache is a bounded LRU of replayed states by game. It is only an
// optimisation: an entry is (game, seq) → the state after seq moves, and
// engine states are immutable, so handing one out twice is safe and
// forgetting one only costs a replay.
type stateCache struct {
	mu    sync.Mutex
	max   int
	order *list.List // front = most recently used; values are *cacheEntry
	byID  map[int64]*list.Element
}

type cacheEntry struct {
	gameID int64
	seq    int
	state  game.State
}

func newStateCache(max int) *stateCache {
	return &stateCache{max: max, order: list.New(), byID: map[int64]*list.Element{}}
}

// get returns the cached state of gameID and its seq.
func (c *stateCache) get(gameID int64) (game.State, int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byID[gameID]
	if !ok {
		return nil, 0, false
	}
	c.order.MoveToFront(el)
	e := el.Value.(*cacheEntry)
	return e.state, e.seq, true
}

// put remembers state as gameID after seq moves, keeping the newer of two.
func (c *stateCache) put(gameID int64, seq int, state game.State) {
	if c.max <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byID[gameID]; ok {
		e := el.Value.(*cacheEntry)
		if seq >= e.seq {
			e.seq, e.state = seq, state
		}
		c.order.MoveToFront(el)
		return
	}
	c.byID[gameID] = c.order.PushFront(&cacheEntry{gameID: gameID, seq: seq, state: state})
	for c.order.Len() > c.max {
		last := c.order.Back()
		delete(c.byID, last.Value.(*cacheEntry).gameID)
		c.order.Remove(last)
	}
}

func (c *stateCache) drop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order.Init()
	c.byID = map[int64]*list.Element{}
}

func (c *stateCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
