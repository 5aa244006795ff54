package handlers

import (
	"slices"
	"strings"

	"rondel/game/words"
)

// termIndex lists the catalogue's terms (messages without arguments or
// plural forms) by domain and last part of the id, and the size of each
// family (the ids that share all but the last part).
type termIndex struct {
	byLast map[string]map[string][]string
	family map[string]int
	// scoped are the keys a value's or a key's words can depend on: the
	// <key> of summary.value.<domain>.<key>.<id> ids, and the last part of
	// every family of terms (namesFamily). Under any other key (a
	// player's name, a nation's) the words are the same as under none.
	scoped map[string]bool
	scopes map[string]bool // the keys scope keeps (scopedForms)
}

// scope is key as the words found under it depend on it: key itself, or
// "" when it names nothing the catalogue tells apart. The memo is keyed
// by it: keyed by players' names, it grew by a thousand entries a second
// at the 10,000-game club, each a miss.
//
// It is one look-up in scopes, not three with a string made for the third
// (a twelfth of saying an overview): scopedForms lists beforehand every key
// that the three ways of naming a scoped key (itself, a plural in -s, a
// plural in -ies) take.
func (idx termIndex) scope(key string) string {
	if idx.scopes[key] {
		return key
	}
	return ""
}

// scopedForms is every key k for which k == "" or scoped holds k,
// TrimSuffix(k, "s") or TrimSuffix(k, "ies")+"y": "" and each scoped f;
// f+"s"; and for an f in -y, f in -ies and f without its y (which the last
// names when it does not end in "ies" itself: "countr" for "country").
func scopedForms(scoped map[string]bool) map[string]bool {
	out := make(map[string]bool, 3*len(scoped)+1)
	out[""] = true
	for f := range scoped {
		out[f] = true
		out[f+"s"] = true
		if stem, ok := strings.CutSuffix(f, "y"); ok {
			out[stem+"ies"] = true
			if !strings.HasSuffix(stem, "ies") {
				out[stem] = true
			}
		}
	}
	return out
}

// messageKinds are the families of a game's domain that hold messages
// rather than terms (docs/words.md, key conventions).
var messageKinds = []string{"name", "option", "prompt", "move", "group", "event", "rule", "error", "situation",
	"caretaker", "tiebreak", "board", "order", "count", "summary"}

func buildTermIndex(cat *words.Catalogue) termIndex {
	idx := termIndex{byLast: map[string]map[string][]string{}, family: map[string]int{}, scoped: map[string]bool{}}
	for _, id := range cat.IDs("en") {
		dot := strings.LastIndex(id, ".")
		idx.family[id[:max(dot, 0)]]++
		parts := strings.Split(id, ".")
		if len(parts) >= 5 && parts[0] == "summary" && parts[1] == "value" {
			idx.scoped[parts[3]] = true // summary.value.<domain>.<key>.<id>
		}
		if len(cat.Placeholders("en", id)) > 0 || len(cat.PluralForms("en", id)) > 1 || len(parts) < 3 ||
			slices.Contains(messageKinds, parts[1]) {
			continue
		}
		first, _, _ := strings.Cut(id, ".")
		idx.scoped[parts[len(parts)-2]] = true // the family's last part
		if idx.byLast[first] == nil {
			idx.byLast[first] = map[string][]string{}
		}
		idx.byLast[first][id[dot+1:]] = append(idx.byLast[first][id[dot+1:]], id)
	}
	idx.scopes = scopedForms(idx.scoped)
	return idx
}

// find returns the term of the domains whose id ends in .last: the one
// whose family the key names, else the one of the smallest family (the
// first domain's on a tie).
func (idx termIndex) find(domains []string, last, key string) (string, bool) {
	best, size := "", 0
	for _, d := range domains {
		for _, id := range idx.byLast[d][last] {
			fam := id[:strings.LastIndex(id, ".")]
			if namesFamily(key, fam[strings.LastIndex(fam, ".")+1:]) {
				return id, true
			}
			if n := idx.family[fam]; best == "" || n < size {
				best, size = id, n
			}
		}
	}
	return best, best != ""
}

// namesFamily reports whether a summary's key names a family of terms:
// "colour" the colours, "cities" the cities.
func namesFamily(key, family string) bool {
	if key == "" {
		return false
	}
	for _, k := range []string{key, strings.TrimSuffix(key, "s"), strings.TrimSuffix(key, "ies") + "y"} {
		if k == family {
			return true
		}
	}
	return false
}
