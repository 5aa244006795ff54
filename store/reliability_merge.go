package store

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
)

// A member's stored histogram of waits is read, added to and written back
// at every move they make: a busy member's holds 300-400 buckets, and as a
// map (decodeWaits, encode, median: hashing, sorting the keys twice) it
// cost about 0.14 ms of a stored move's CPU. The stored pairs are already
// in order of bucket, so mergeWaits reads them into a slice, adds the new
// counts in place and writes the pairs and their median in one pass each.

type waitPair struct {
	bucket int64
	count  int
}

// mergeWaits adds w to the histogram stored as s and returns the new one
// as stored, with its median: what decodeWaits, adding, encode and median
// give (TestMergeWaitsAsTheMap holds it to them).
func mergeWaits(s string, w waits) (string, int64, error) {
	pairs, ok := sortedPairs(s, make([]waitPair, 0, strings.Count(s, ",")+1+len(w)))
	if !ok { // not as encode writes it: the general path says what is wrong
		all, err := decodeWaits(s)
		if err != nil {
			return "", 0, err
		}
		for b, n := range w {
			all[b] += n
		}
		return all.encode(), all.median(), nil
	}
	for b, n := range w {
		i, found := slices.BinarySearchFunc(pairs, b, func(p waitPair, b int64) int { return cmp.Compare(p.bucket, b) })
		if found {
			pairs[i].count += n
		} else {
			pairs = slices.Insert(pairs, i, waitPair{b, n})
		}
	}
	return encodePairs(pairs, len(s)+12*len(w)), medianOf(pairs), nil
}

// sortedPairs reads "bucket:count" pairs in increasing order of bucket;
// ok false for anything else (an empty s is no pairs).
func sortedPairs(s string, into []waitPair) ([]waitPair, bool) {
	for s != "" {
		pair, rest, more := strings.Cut(s, ",")
		b, n, ok := strings.Cut(pair, ":")
		bucket, err1 := strconv.ParseInt(b, 10, 64)
		count, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || more && rest == "" ||
			len(into) > 0 && into[len(into)-1].bucket >= bucket {
			return nil, false
		}
		into = append(into, waitPair{bucket, count})
		s = rest
	}
	return into, true
}

func encodePairs(pairs []waitPair, room int) string {
	b := make([]byte, 0, room)
	for i, p := range pairs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, p.bucket, 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(p.count), 10)
	}
	return string(b)
}

// medianOf is waits.median of sorted pairs.
func medianOf(pairs []waitPair) int64 {
	n := 0
	for _, p := range pairs {
		n += p.count
	}
	if n == 0 {
		return 0
	}
	at := func(i int) int64 { // the i-th smallest wait
		for _, p := range pairs {
			if i < p.count {
				return p.bucket
			}
			i -= p.count
		}
		return pairs[len(pairs)-1].bucket
	}
	if n%2 == 1 {
		return at(n / 2)
	}
	return int64(math.Round(float64(at(n/2-1)+at(n/2)) / 2))
}
