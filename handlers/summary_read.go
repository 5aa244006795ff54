package handlers

import (
	"encoding/json"
	"slices"
	"strings"

	"rondel/game/words"
)

// readGeneric reads JSON as json.Unmarshal reads it into an any (arrays
// as []any, numbers as float64), but objects as an object (its fields in
// the order of their keys, as the overview writes them), in one pass
// where the data is in the plain form a summary's encoding writes
// (words.Decoder: no escapes, whole numbers, no key twice); anything else
// is read by encoding/json. A game page's overview read its summary back
// through encoding/json's generic decoder, a third of saying it.
func readGeneric(data []byte) (any, error) {
	d := words.NewDecoder(data)
	if v, ok := genericValue(d, 0); ok && d.End() {
		return v, nil
	}
	var v any
	err := json.Unmarshal(data, &v)
	return objects(v), err
}

// The tree readGeneric and genericOf make holds, as encoding/json's any
// would: nil, bool and float64 as they are; a string as a *string, an
// array as a *list and an object as an *object. A string, slice or
// object put in an any is an allocation of its own each time (a copy of
// its header); a pointer is not, so genericOf keeps the headers in chunks
// and puts pointers to them in the tree (an Imperial overview's tree was
// 130 allocations, all but a few of them these).

// object is a JSON object as the overview reads it: its fields sorted by
// key, each key once. A map per object (with its keys sorted again at
// every level written) was a third of saying an overview.
type object []field

// list is a JSON array as the overview reads it.
type list []any

type field struct {
	key string
	val any
}

// get is the value under key, nil if none (as a map's).
func (o object) get(key string) any {
	if i, ok := slices.BinarySearchFunc(o, key, func(f field, k string) int { return strings.Compare(f.key, k) }); ok {
		return o[i].val
	}
	return nil
}

// sorted puts o's fields in the order of their keys.
func (o object) sorted() object {
	if !slices.IsSortedFunc(o, byKey) {
		slices.SortFunc(o, byKey)
	}
	return o
}

func byKey(a, b field) int { return strings.Compare(a.key, b.key) }

// objects turns what encoding/json reads into an any into the tree:
// its maps into objects, its arrays into lists and its strings into
// *strings.
func objects(v any) any {
	switch x := v.(type) {
	case map[string]any:
		o := make(object, 0, len(x))
		for k, it := range x {
			o = append(o, field{k, objects(it)})
		}
		o = o.sorted()
		return &o
	case []any:
		for i := range x {
			x[i] = objects(x[i])
		}
		l := list(x)
		return &l
	case string:
		return &x
	}
	return v
}

// smallNumbers are the numbers a summary mostly holds (counts, money,
// places), each made an any once: a float64 put in an any is an
// allocation each time. Never changed after it is made.
var smallNumbers = func() (t [256]any) {
	for i := range t {
		t[i] = float64(i)
	}
	return t
}()

// genericDepth bounds the nesting the one-pass reader follows (a
// summary's is a few levels); deeper data goes to encoding/json.
const genericDepth = 64

func genericValue(d *words.Decoder, depth int) (any, bool) {
	if depth > genericDepth {
		return nil, false
	}
	switch c := d.Peek(); {
	case c == '{':
		var o object
		ok := d.Object(func(k string) bool { // each key once: Object refuses a key twice
			v, ok := genericValue(d, depth+1)
			o = append(o, field{k, v})
			return ok
		})
		if o == nil {
			o = object{}
		}
		o = o.sorted()
		return &o, ok
	case c == '[':
		l := list{}
		ok := d.Array(func() bool {
			v, ok := genericValue(d, depth+1)
			l = append(l, v)
			return ok
		})
		return &l, ok
	case c == '"':
		s, ok := d.String()
		return &s, ok
	case c == '-' || c >= '0' && c <= '9':
		n, ok := d.Int()
		if !ok || n > 1<<53 || n < -(1<<53) {
			return nil, false // exactly a float64 only up to 2^53
		}
		if n >= 0 && n < len(smallNumbers) {
			return smallNumbers[n], true
		}
		return float64(n), true
	case d.Word("true"):
		return true, true
	case d.Word("false"):
		return false, true
	case d.Word("null"):
		return nil, true
	}
	return nil, false
}
