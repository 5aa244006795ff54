package lru

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
)

func TestBoundedInBytes(t *testing.T) {
	const max = 10 * (100 + entryOverhead)
	c := New[int, string](max)
	for i := range 50 {
		c.Put(i, fmt.Sprint(i), 100)
		if c.Bytes() > max {
			t.Fatalf("after %d puts the cache holds %d bytes, more than %d", i+1, c.Bytes(), max)
		}
	}
	if c.Len() != 10 {
		t.Errorf("%d entries, want the 10 that fit", c.Len())
	}
	if _, ok := c.Get(39); ok {
		t.Error("an old entry survived")
	}
	if v, ok := c.Get(49); !ok || v != "49" {
		t.Errorf("the newest entry: %q %v", v, ok)
	}
}

func TestLeastRecentlyUsedGoesFirst(t *testing.T) {
	c := New[string, int](3 * (10 + entryOverhead))
	c.Put("a", 1, 10)
	c.Put("b", 2, 10)
	c.Put("c", 3, 10)
	c.Get("a") // a is now the most recent
	c.Put("d", 4, 10)
	if _, ok := c.Get("b"); ok {
		t.Error("b, the least recently used, is still there")
	}
	for _, k := range []string{"a", "c", "d"} {
		if _, ok := c.Get(k); !ok {
			t.Errorf("%s was dropped", k)
		}
	}
}

func TestReplaceAndOversize(t *testing.T) {
	c := New[int, int](1000)
	c.Put(1, 1, 100)
	c.Put(1, 2, 300)
	if v, _ := c.Get(1); v != 2 || c.Bytes() != 300+entryOverhead || c.Len() != 1 {
		t.Errorf("after replacing: value %d, %d bytes, %d entries", v, c.Bytes(), c.Len())
	}
	c.Put(2, 2, 5000)
	if _, ok := c.Get(2); ok {
		t.Error("a value larger than the cache was kept")
	}
	if _, ok := c.Get(1); !ok {
		t.Error("an oversized value under another key dropped 1")
	}
	c.Put(1, 3, 5000)
	if _, ok := c.Get(1); ok || c.Bytes() != 0 {
		t.Errorf("replacing 1 by an oversized value kept it (%d bytes held)", c.Bytes())
	}
}

func TestZeroKeepsNothing(t *testing.T) {
	c := New[int, int](0)
	c.Put(1, 1, 1)
	if c.Len() != 0 {
		t.Error("a cache of 0 bytes kept an entry")
	}
}

func TestConcurrentUse(t *testing.T) {
	c := New[int, int](50 * (8 + entryOverhead))
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 1))
			for range 2000 {
				k := r.IntN(200)
				if r.IntN(3) == 0 {
					c.Put(k, k, 8)
				} else if v, ok := c.Get(k); ok && v != k {
					t.Errorf("key %d holds %d", k, v)
				}
			}
		}()
	}
	wg.Wait()
	if c.Bytes() > 50*(8+entryOverhead) {
		t.Errorf("%d bytes held", c.Bytes())
	}
}

func TestSecondSightKeepsWhatIsPutTwice(t *testing.T) {
	c := NewSecondSight[string, int](10*(10+entryOverhead), 64)
	c.Put("a", 1, 10)
	if _, ok := c.Get("a"); ok {
		t.Fatal("a key put once is kept")
	}
	c.Put("a", 2, 10)
	if v, ok := c.Get("a"); !ok || v != 2 {
		t.Fatalf("a key put twice: %d %v, want 2 kept", v, ok)
	}
	// A held key is replaced at once, however often it was seen.
	c.Put("a", 3, 10)
	if v, _ := c.Get("a"); v != 3 {
		t.Errorf("a held key replaced: %d, want 3", v)
	}
}

func TestSecondSightForgetsOldFirstSights(t *testing.T) {
	const window = 64
	c := NewSecondSight[int, int](1<<20, window)
	c.Put(-1, 0, 10)
	// Many other keys seen once since: -1's slot is almost surely taken.
	for i := range 100 * window {
		c.Put(i, i, 10)
	}
	c.Put(-1, 0, 10)
	if _, ok := c.Get(-1); ok {
		t.Error("a first sight older than the window still counts")
	}
	if c.Len() > 0 {
		t.Errorf("%d keys seen once are kept", c.Len())
	}
}

func TestSecondSightClearForgetsFirstSights(t *testing.T) {
	c := NewSecondSight[string, int](1<<20, 64)
	c.Put("a", 1, 10)
	c.Clear()
	c.Put("a", 1, 10)
	if _, ok := c.Get("a"); ok {
		t.Error("a first sight from before Clear still counts")
	}
}

func TestKeepNeedsNoSecondSight(t *testing.T) {
	c := NewSecondSight[string, int](10*(10+entryOverhead), 64)
	c.Keep("a", 1, 10)
	if v, ok := c.Get("a"); !ok || v != 1 {
		t.Errorf("a key kept at first sight: %d %v", v, ok)
	}
}

func TestAdmitsTellsWhatPutWouldKeep(t *testing.T) {
	c := NewSecondSight[string, int](10*(10+entryOverhead), 64)
	if c.Admits("a") {
		t.Fatal("a first sight is admitted")
	}
	if !c.Admits("a") {
		t.Fatal("a second sight is not admitted")
	}
	c.Put("a", 1, 10) // the sight Admits counted lets it in
	if _, ok := c.Get("a"); !ok {
		t.Fatal("a key admitted is not kept by the Put after")
	}
	if !c.Admits("a") {
		t.Error("a held key is not admitted")
	}
	if New[string, int](0).Admits("a") {
		t.Error("a cache that keeps nothing admits a key")
	}
	if !New[string, int](1 << 10).Admits("b") {
		t.Error("a plain cache does not admit a new key")
	}
}
