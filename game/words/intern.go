package words

import (
	"maps"
	"sync/atomic"
)

// Strings the decoder (decode.go) returns as they are kept here rather
// than as copies of the data read: the JSON's keys, and every message id
// and argument name a loaded catalogue knows. A history page reads fifty
// moves' events, a few hundred keys, ids and names among them, and each
// was a small string to allocate and later collect.

// wireKeys are the keys of the JSON Rondel writes for Texts and events.
var wireKeys = []string{"id", "args", "msg", "text", "seats", "n", "m", "seat", "term", "lit", "list", "frac"}

// interned maps a string to its kept copy. It only grows (Load adds a
// catalogue's ids and names) and is replaced whole, never changed, so it
// is read without a lock.
var interned atomic.Pointer[map[string]string]

func init() {
	m := make(map[string]string, len(wireKeys))
	for _, k := range wireKeys {
		m[k] = k
	}
	interned.Store(&m)
}

// intern returns b as a string: the kept one when there is one (no
// allocation: the lookup by string(b) does not copy b), else a copy.
func intern(b []byte) string {
	if s, ok := (*interned.Load())[string(b)]; ok {
		return s
	}
	return string(b)
}

// keep adds strs to the interned strings.
func keep(strs []string) {
	for {
		old := interned.Load()
		m := maps.Clone(*old)
		for _, s := range strs {
			if _, ok := m[s]; !ok {
				m[s] = s
			}
		}
		if interned.CompareAndSwap(old, &m) {
			return
		}
	}
}
