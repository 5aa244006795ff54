package handlers

import (
	"html/template"
	"strings"
	"testing"
	"unsafe"

	"rondel/store/lru"
)

// A part about to be kept is the cache's own copy when the board cache
// holds the same bytes, else a copy of its exact length (not a builder's
// buffer, which may be twice as large): never two copies of one board.
func TestExactPartsShareTheCachedCopy(t *testing.T) {
	c := lru.New[boardKey, template.HTML](1 << 20)
	k := boardKey{what: "board", game: 1}
	var b strings.Builder
	b.Grow(4096)
	b.WriteString("<svg>board</svg>")
	drawn := template.HTML(b.String())
	held := template.HTML(strings.Clone(string(drawn)))
	c.Put(k, held, int64(len(held)))
	ptr := func(h template.HTML) *byte { return unsafe.StringData(string(h)) }

	if got := exactIn(c, k, held); ptr(got) != ptr(held) {
		t.Error("the cache's own copy was copied again")
	}
	got := exactIn(c, k, drawn) // equal bytes, another buffer
	if got != drawn || ptr(got) == ptr(drawn) || ptr(got) == ptr(held) {
		t.Error("a builder's string was kept as it is, or not as its own copy")
	}
	if got := exactIn(c, boardKey{what: "board", game: 2}, drawn); got != drawn || ptr(got) == ptr(drawn) {
		t.Error("a part no cache holds was kept in its builder's buffer")
	}
	if sameString("not html", drawn) || !sameString(held, held) {
		t.Error("sameString")
	}
}
