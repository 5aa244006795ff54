// Package lru is a least-recently-used cache bounded in bytes: each entry
// says what it costs, and the oldest entries go when the total would pass
// the bound. Rondel keeps replayed game states and drawn boards in it, so
// memory stays within what the configuration allows however many games
// are read. Safe for concurrent use.
package lru

import (
	"container/list"
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

// Get returns the value of k and marks it used.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[k]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*entry[K, V]).val, true
}

// Put stores v under k at a cost of size bytes, replacing what k held,
// and drops the least recently used entries beyond the bound. A value
// larger than the whole cache is not kept.
func (c *Cache[K, V]) Put(k K, v V, size int64) {
	size += entryOverhead
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		c.removeElement(el)
	}
	if size > c.max {
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

// Clear forgets everything.
func (c *Cache[K, V]) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order.Init()
	c.items = map[K]*list.Element{}
	c.used = 0
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
