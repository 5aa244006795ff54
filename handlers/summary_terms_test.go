package handlers

import (
	"strings"
	"testing"

	"rondel/game/words"
)

// scopeByRule is termIndex.scope as its rule says it: key is kept when
// the catalogue tells apart what it names, itself or as a plural.
func scopeByRule(idx termIndex, key string) string {
	if key == "" || idx.scoped[key] || idx.scoped[strings.TrimSuffix(key, "s")] || idx.scoped[strings.TrimSuffix(key, "ies")+"y"] {
		return key
	}
	return ""
}

// TestScopeAsItsRule: scope's one look-up keeps exactly the keys its rule
// keeps, for every part of every catalogue id, every scoped key in each of
// its forms and cut short, and odd keys around the suffixes.
func TestScopeAsItsRule(t *testing.T) {
	t.Parallel()
	idx := buildTermIndex(words.Default())
	keys := []string{"", "s", "y", "ies", "iesy", "iess", "ys", "yies", "players", "Ann", "units", "cost"}
	for _, id := range words.Default().IDs("en") {
		keys = append(keys, strings.Split(id, ".")...)
	}
	for f := range idx.scoped {
		for _, k := range []string{f, f + "s", f + "es", f + "ies", f + "y", f + "iesy"} {
			keys = append(keys, k, strings.TrimSuffix(k, "y"), strings.TrimSuffix(k, "s"), strings.TrimSuffix(k, "ies"))
			if len(k) > 1 {
				keys = append(keys, k[:len(k)-1], k[1:])
			}
		}
	}
	kept := 0
	for _, k := range keys {
		want := scopeByRule(idx, k)
		if got := idx.scope(k); got != want {
			t.Errorf("scope(%q) = %q, its rule says %q", k, got, want)
		}
		if want != "" {
			kept++
		}
	}
	if kept == 0 {
		t.Error("no key kept: the test says nothing")
	}
	// A scoped key in -y whose stem ends in -ies: the stem is not kept.
	odd := termIndex{scoped: map[string]bool{"abiesy": true}}
	odd.scopes = scopedForms(odd.scoped)
	for _, k := range []string{"abiesy", "abiesys", "abiesies", "abies", "abiesie"} {
		if got, want := odd.scope(k), scopeByRule(odd, k); got != want {
			t.Errorf("odd scope(%q) = %q, its rule says %q", k, got, want)
		}
	}
}
