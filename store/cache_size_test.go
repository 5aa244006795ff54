package store

import (
	"runtime"
	"slices"
	"testing"

	"rondel/game"
	"rondel/game/record"
)

// heapPerState decodes n copies of a state's JSON and returns the heap
// each holds: the median of three tries (memory freed meanwhile by
// something else can spoil one).
func heapPerState(t *testing.T, eng game.Game, data []byte, n int) int64 {
	t.Helper()
	tries := []int64{heapOnce(t, eng, data, n), heapOnce(t, eng, data, n), heapOnce(t, eng, data, n)}
	slices.Sort(tries)
	return tries[1]
}

func heapOnce(t *testing.T, eng game.Game, data []byte, n int) int64 {
	keep := make([]game.State, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range keep {
		st, err := eng.DecodeState(data)
		if err != nil {
			t.Fatal(err)
		}
		keep[i] = st
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(keep)
	return (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / int64(n)
}

// TestStateSizeEstimate: the state cache counts each state as
// stateBytes(len of its JSON). For every engine and variant, a decoded
// state, early and late in a game, must take no more heap than that (or
// the cache would hold more than configured) and not less than a third
// of it (or the cache would keep far fewer states than it could).
func TestStateSizeEstimate(t *testing.T) {
	reg := realRegistry()
	for i, v := range variants {
		rec, _ := selfPlayed(t, reg, v, uint64(60+i))
		eng, _ := reg.Get(v.game)
		for _, at := range []int{len(rec.Moves) / 10, len(rec.Moves)} {
			part := *rec
			part.Moves = rec.Moves[:at]
			st, err := record.Replay(reg, &part)
			if err != nil {
				t.Fatal(err)
			}
			data, err := st.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			heap, est := heapPerState(t, eng, data, 400), stateBytes(len(data))
			t.Logf("%s after %d moves: JSON %d bytes, heap %d, estimate %d", v, at, len(data), heap, est)
			if heap > est || 3*heap < est {
				t.Errorf("%s after %d moves: a state takes %d bytes, the cache counts %d", v, at, heap, est)
			}
		}
	}
}
