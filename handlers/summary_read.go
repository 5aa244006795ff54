package handlers

import (
	"encoding/json"

	"rondel/game/words"
)

// readGeneric reads JSON as json.Unmarshal reads it into an any (objects
// as map[string]any, arrays as []any, numbers as float64), in one pass
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
	return v, err
}

// genericDepth bounds the nesting the one-pass reader follows (a
// summary's is a few levels); deeper data goes to encoding/json.
const genericDepth = 64

func genericValue(d *words.Decoder, depth int) (any, bool) {
	if depth > genericDepth {
		return nil, false
	}
	switch c := d.Peek(); {
	case c == '{':
		m := map[string]any{}
		ok := d.Object(func(k string) bool {
			v, ok := genericValue(d, depth+1)
			m[k] = v
			return ok
		})
		return m, ok
	case c == '[':
		l := []any{}
		ok := d.Array(func() bool {
			v, ok := genericValue(d, depth+1)
			l = append(l, v)
			return ok
		})
		return l, ok
	case c == '"':
		return d.String()
	case c == '-' || c >= '0' && c <= '9':
		n, ok := d.Int()
		if !ok || n > 1<<53 || n < -(1<<53) {
			return nil, false // exactly a float64 only up to 2^53
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
