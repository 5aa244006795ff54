package lru

import (
	"fmt"
	"hash/maphash"
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

// fill puts n keys of size 10 twice (second sight) into c, in order.
func fill(c *Cache[int, int], keys ...int) {
	for _, k := range keys {
		c.Get(k)
		c.Put(k, k, 10)
		c.Put(k, k, 10)
	}
}

func TestFullCacheKeepsWhatIsAskedForMore(t *testing.T) {
	const room = 4 * (10 + entryOverhead)
	c := NewSecondSight[int, int](room, 64)
	fill(c, 1, 2, 3, 4)
	if c.Len() != 4 {
		t.Fatalf("%d keys kept, want 4", c.Len())
	}
	for range 3 {
		c.Get(1) // 1 is the oldest and often read: Get moved it up, so read 2..4 too
		c.Get(2)
		c.Get(3)
		c.Get(4)
	}
	// 5 is asked for once and put twice: fewer asks than the oldest.
	c.Get(5)
	c.Put(5, 5, 10)
	if c.Admits(5) {
		t.Error("a key asked for once is admitted over entries read four times")
	}
	c.Put(5, 5, 10)
	if _, ok := c.Get(5); ok {
		t.Error("a key asked for once pushed out an entry read four times")
	}
	for k := 1; k <= 4; k++ {
		if _, ok := c.Get(k); !ok {
			t.Errorf("key %d pushed out", k)
		}
	}
	// 6 is asked for more often than any: it comes in, the oldest goes.
	for range 8 {
		c.Get(6)
	}
	c.Put(6, 6, 10)
	if !c.Admits(6) {
		t.Fatal("a key asked for eight times is not admitted")
	}
	c.Put(6, 6, 10)
	if _, ok := c.Get(6); !ok {
		t.Error("a key asked for more than the oldest entry is not kept")
	}
	if c.Len() != 4 {
		t.Errorf("%d keys kept, want 4", c.Len())
	}
}

func TestRoomToSpareNeedsOnlyASecondSight(t *testing.T) {
	c := NewSecondSight[int, int](100*(10+entryOverhead), 64)
	fill(c, 1)
	for range 10 {
		c.Get(1)
	}
	c.Put(2, 2, 10)
	c.Put(2, 2, 10)
	if _, ok := c.Get(2); !ok {
		t.Error("with room to spare a second sight is not kept")
	}
}

func TestOldAsksWeighLess(t *testing.T) {
	s := newSketch(1024)
	const hot = uint64(7) << 58
	for range 50 {
		s.add(hot)
	}
	if n := s.count(hot); n != 50 {
		t.Fatalf("count %d after 50 asks", n)
	}
	// Other keys asked for until the sketch halves: the 51st ask of hot is
	// the one that reaches the count where it halves.
	s.adds = s.halveAt - 1
	s.add(hot)
	if n := s.count(hot); n != 51/2 {
		t.Errorf("count %d after halving 51, want %d", n, 51/2)
	}
	if s.adds != 0 {
		t.Errorf("%d additions counted after halving", s.adds)
	}
	for range 300 {
		s.add(hot)
	}
	if n := s.count(hot); n != 255 {
		t.Errorf("count %d after 325 asks, want 255 (a counter stops there)", n)
	}
}

func TestPeekNeitherCountsNorMoves(t *testing.T) {
	c := New[string, int](2 * (10 + entryOverhead))
	c.Put("a", 1, 10)
	c.Put("b", 2, 10)
	if v, ok := c.Peek("a"); !ok || v != 1 {
		t.Fatalf("peek a: %d %v", v, ok)
	}
	c.Put("c", 3, 10) // a is still the oldest: Peek did not move it
	if _, ok := c.Peek("a"); ok {
		t.Error("Peek marked a used")
	}
	s := NewSecondSight[string, int](1<<20, 64)
	s.Peek("x")
	if n := s.freq.count(maphash.Comparable(s.door.seed, "x")); n != 0 {
		t.Errorf("Peek counted an ask: %d", n)
	}
	s.Get("x")
	if n := s.freq.count(maphash.Comparable(s.door.seed, "x")); n != 1 {
		t.Errorf("Get counted %d asks, want 1", n)
	}
}
