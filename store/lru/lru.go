// Package lru is a least-recently-used cache bounded in bytes: each entry
// says what it costs, and the oldest entries go when the total would pass
// the bound. Rondel keeps replayed game states and drawn boards in it, so
// memory stays within what the configuration allows however many games
// are read. Safe for concurrent use.
package lru

import (
	"container/list"
	"hash/maphash"
	"math/bits"
	"sync"
)

// entryOverhead is what an entry costs beside its value: the list
// element, the map slot and the key.
const entryOverhead = 128

// Cache maps keys to values, at most MaxBytes of them.
type Cache[K comparable, V any] struct {
	mu    sync.Mutex
	max   int64
	used  int64
	order *list.List // front: most recently used; values are *entry[K, V]
	items map[K]*list.Element
	door  *doorkeeper // nil: every put is kept
	freq  *sketch     // how often keys were asked for lately; nil with door
}

type entry[K comparable, V any] struct {
	key  K
	val  V
	size int64
}

// New returns a cache of at most maxBytes (0 or less: it keeps nothing).
func New[K comparable, V any](maxBytes int64) *Cache[K, V] {
	return &Cache[K, V]{max: maxBytes, order: list.New(), items: map[K]*list.Element{}}
}

// Window is the first sights Rondel's caches remember: at a busy club's
// thousand pages a second a few seconds of them, at a quiet club's pace
// hours.
const Window = 4096

// NewSecondSight returns a cache of at most maxBytes that keeps a key
// only the second time it is put within about the last window puts of
// keys it did not hold. Most entries read once are never read again (a
// visitor leafing through a big club's old games); kept, they would push
// out the ones read often. The first sight costs a fingerprint in a table
// of window slots (8 bytes each, no pointers).
//
// When the cache is nearly full, a key it admits must also have been
// asked for (Get) more often lately than the least recently used entry it
// would push out. At a club of thousands of games read at random, each
// read once or twice an hour, entries pushed each other out before any was
// read again, each copied to be kept (a board, an account: 30-70 KB); now
// they stay out and the cache keeps what it holds. At a small club the
// often-read entries outnumber the old ones and come in as before.
func NewSecondSight[K comparable, V any](maxBytes int64, window int) *Cache[K, V] {
	c := New[K, V](maxBytes)
	c.door = newDoorkeeper(window)
	c.freq = newSketch(window)
	return c
}

// Get returns the value of k and marks it used.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.freq != nil {
		c.freq.add(maphash.Comparable(c.door.seed, k))
	}
	el, ok := c.items[k]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*entry[K, V]).val, true
}

// Peek returns the value of k without counting it as asked for or used:
// for a caller that only checks what is held.
func (c *Cache[K, V]) Peek(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[k]
	if !ok {
		var zero V
		return zero, false
	}
	return el.Value.(*entry[K, V]).val, true
}

// Put stores v under k at a cost of size bytes, replacing what k held,
// and drops the least recently used entries beyond the bound. A value
// larger than the whole cache is not kept, nor, in a second-sight cache, a
// key it did not hold and sees for the first time.
func (c *Cache[K, V]) Put(k K, v V, size int64) { c.put(k, v, size, false) }

// Admits reports whether a Put of k now would keep it (a value of a size
// the cache can hold): k is held, or the cache keeps every key, or this is
// k's second sight and it beats the entry it would push out (see
// NewSecondSight). It counts as a sight: a caller that makes an exact copy
// of a value only to keep it asks first, and copies only then.
func (c *Cache[K, V]) Admits(k K) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, held := c.items[k]; held || c.door == nil {
		return c.max > 0
	}
	h := maphash.Comparable(c.door.seed, k)
	return c.max > 0 && c.door.seenBefore(h) && c.beatsOldest(h)
}

// beatsOldest reports whether the key hashed to h may push out the least
// recently used entry: the cache has room to spare (an eighth of its
// bound), or h was asked for more often lately. Callers hold the lock.
func (c *Cache[K, V]) beatsOldest(h uint64) bool {
	back := c.order.Back()
	if back == nil || c.used <= c.max-c.max/8 {
		return true
	}
	oldest := maphash.Comparable(c.door.seed, back.Value.(*entry[K, V]).key)
	return c.freq.count(h) > c.freq.count(oldest)
}

// Keep is Put without waiting for a second sight: for a value the caller
// knows will be read again (a game in play, read at its next move).
func (c *Cache[K, V]) Keep(k K, v V, size int64) { c.put(k, v, size, true) }

func (c *Cache[K, V]) put(k K, v V, size int64, now bool) {
	size += entryOverhead
	c.mu.Lock()
	defer c.mu.Unlock()
	el, held := c.items[k]
	if held {
		c.removeElement(el)
	}
	if size > c.max || !held && !now && c.door != nil && !c.admitNew(k) {
		return
	}
	c.items[k] = c.order.PushFront(&entry[K, V]{key: k, val: v, size: size})
	c.used += size
	for c.used > c.max {
		c.removeElement(c.order.Back())
	}
}

// Remove forgets k.
func (c *Cache[K, V]) Remove(k K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		c.removeElement(el)
	}
}

// Clear forgets everything, first sights included.
func (c *Cache[K, V]) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order.Init()
	c.items = map[K]*list.Element{}
	c.used = 0
	if c.door != nil {
		clear(c.door.slots)
		c.freq.reset()
	}
}

// Len is the number of entries.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// Bytes is what the entries cost together, never more than the bound.
func (c *Cache[K, V]) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used
}

func (c *Cache[K, V]) removeElement(el *list.Element) {
	e := el.Value.(*entry[K, V])
	delete(c.items, e.key)
	c.order.Remove(el)
	c.used -= e.size
}

// admitNew is Admits for a key not held. Callers hold the lock.
func (c *Cache[K, V]) admitNew(k K) bool {
	h := maphash.Comparable(c.door.seed, k)
	return c.door.seenBefore(h) && c.beatsOldest(h)
}

// doorkeeper remembers keys put once, as fingerprints in a table indexed
// by their hash: a key whose slot another key took since is seen afresh,
// so the table forgets old first sights as new ones come.
type doorkeeper struct {
	seed  maphash.Seed
	shift uint // the hash's top bits index the table
	slots []uint64
}

func newDoorkeeper(window int) *doorkeeper {
	b := bits.Len(uint(max(window, 2) - 1)) // a power of two at least window
	return &doorkeeper{seed: maphash.MakeSeed(), shift: uint(64 - b), slots: make([]uint64, 1<<b)}
}

// seenBefore reports whether the key hashed to h was put since its slot
// last changed, and remembers it. Callers hold the cache's lock.
func (d *doorkeeper) seenBefore(h uint64) bool {
	i := h >> d.shift
	h |= 1 // 0 marks an empty slot
	if d.slots[i] == h {
		return true
	}
	d.slots[i] = h
	return false
}
