package store

import (
	"testing"
	"time"
)

func TestWaitBuckets(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		d    time.Duration
		want int64
	}{
		{-time.Second, 0}, {0, 0}, {1500 * time.Millisecond, 1}, {99 * time.Second, 99},
		{3 * time.Minute, 180}, {184 * time.Second, 180}, {185 * time.Second, 190}, {995 * time.Second, 1000},
		{time.Hour, 3600}, {3649 * time.Second, 3600}, {3650 * time.Second, 3700}, {49 * time.Hour, 180000},
	} {
		if got := waitBucket(c.d); got != c.want {
			t.Errorf("waitBucket(%v) = %d, want %d", c.d, got, c.want)
		}
	}
}

func TestWaitsRoundTripAndMedian(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		w      waits
		enc    string
		median int64
	}{
		{waits{}, "", 0},
		{waits{180: 1}, "180:1", 180},
		{waits{300: 1, 180: 1}, "180:1,300:1", 240},
		{waits{180: 1, 300: 1, 3600: 1}, "180:1,300:1,3600:1", 300},
		{waits{5: 3, 7: 1}, "5:3,7:1", 5},
		{waits{5: 2, 8: 2}, "5:2,8:2", 7}, // (5+8)/2 rounds half away from zero
	} {
		enc := c.w.encode()
		if enc != c.enc {
			t.Errorf("%v encodes as %q, want %q", c.w, enc, c.enc)
		}
		back, err := decodeWaits(enc)
		if err != nil || len(back) != len(c.w) || back.encode() != enc {
			t.Errorf("%q decodes as %v (%v)", enc, back, err)
		}
		if m := c.w.median(); m != c.median {
			t.Errorf("median of %v = %d, want %d", c.w, m, c.median)
		}
	}
	for _, bad := range []string{"x", "1:2,", "1:2,3", "{}", "1:a"} {
		if _, err := decodeWaits(bad); err == nil {
			t.Errorf("%q decoded", bad)
		}
	}
}
