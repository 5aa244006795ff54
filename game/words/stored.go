package words

import (
	"encoding/json"
	"strings"
)

// Some words are kept in a plain text column rather than in a JSON
// document: a move's note (why the caretaker or a standing order moved).
// Encode writes a Text there as its JSON; Decode reads it back, and reads
// anything else (a note written before words were data, or one a person
// or another site wrote) as Raw words, shown as they are.

// Encode returns t as the text kept in a plain column ("" for no words).
func Encode(t Text) string {
	if t.IsZero() {
		return ""
	}
	if t.ID == "" {
		return t.Raw
	}
	b, err := json.Marshal(t)
	if err != nil { // cannot happen: only strings, ints, slices and maps
		return t.ID
	}
	return string(b)
}

// Decode reads a column written by Encode: a Text's JSON object, or else
// old words as Raw.
func Decode(s string) Text {
	if strings.HasPrefix(s, "{") {
		var t Text
		if err := json.Unmarshal([]byte(s), &t); err == nil && t.ID != "" {
			return t
		}
	}
	return Raw(s)
}
