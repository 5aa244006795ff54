package store

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

// mergeWaits gives what the map gives: decodeWaits, adding, encode, median.
func TestMergeWaitsAsTheMap(t *testing.T) {
	t.Parallel()
	histogram := func(t *rapid.T, label string) waits {
		w := waits{}
		for range rapid.IntRange(0, 60).Draw(t, label+" size") {
			secs := rapid.Int64Range(0, 90*24*3600).Draw(t, label+" wait")
			w[waitBucket(time.Duration(secs)*time.Second)] += rapid.IntRange(1, 5).Draw(t, label+" count")
		}
		return w
	}
	rapid.Check(t, func(t *rapid.T) {
		stored, add := histogram(t, "stored"), histogram(t, "add")
		want := waits{}
		for b, n := range stored {
			want[b] += n
		}
		for b, n := range add {
			want[b] += n
		}
		got, median, err := mergeWaits(stored.encode(), add)
		if err != nil {
			t.Fatal(err)
		}
		if got != want.encode() || median != want.median() {
			t.Fatalf("merged %q, median %d; want %q, %d", got, median, want.encode(), want.median())
		}
	})
	// Stored text not as encode writes it: the same answer as the map's,
	// or its error.
	for _, c := range []struct{ stored, want string }{
		{"", "5:1"}, {"300:1,5:2", "5:3,300:1"}, {"5:1,5:1", "5:3"}, {"7:1", "5:1,7:1"},
	} {
		got, _, err := mergeWaits(c.stored, waits{5: 1})
		if err != nil || got != c.want {
			t.Errorf("%q plus 5:1 = %q (%v), want %q", c.stored, got, err, c.want)
		}
	}
	for _, bad := range []string{"x", "1:2,", "1:2,3", "{}", "1:a", ","} {
		if _, _, err := mergeWaits(bad, waits{5: 1}); err == nil {
			t.Errorf("%q merged", bad)
		}
	}
}

func BenchmarkMergeWaits(b *testing.B) {
	stored := waits{}
	for s := int64(0); s < 40*24*3600; s = s*11/10 + 1 {
		stored[waitBucket(time.Duration(s)*time.Second)] += int(s%7) + 1
	}
	enc := stored.encode()
	add := waits{waitBucket(95 * time.Minute): 1}
	b.Run("map", func(b *testing.B) {
		for range b.N {
			w, _ := decodeWaits(enc)
			for k, n := range add {
				w[k] += n
			}
			_, _ = w.encode(), w.median()
		}
	})
	b.Run("sorted", func(b *testing.B) {
		for range b.N {
			_, _, _ = mergeWaits(enc, add)
		}
	})
}
