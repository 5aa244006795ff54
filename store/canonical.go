package store

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"

	"rondel/game"
	"rondel/game/words"
)

// canonicalMove returns the form in which a new move is stored: the
// engine's (game.Canonicalizer), or else the JSON of the legal move it
// matches. It is called once the engine accepted the move. One that
// matches a legal move except for fields of its own is refused, naming
// them; one the engine accepts but does not list is kept as sent.
func canonicalMove(st game.State, seat int, move json.RawMessage) (json.RawMessage, error) {
	if c, ok := st.(game.Canonicalizer); ok {
		out, err := c.CanonicalMove(seat, move)
		return out, wrapErr(err, "canonical move")
	}
	var sent map[string]any
	if err := json.Unmarshal(move, &sent); err != nil {
		return move, nil
	}
	sent = withoutZeros(sent)
	for _, lm := range st.LegalMoves(seat) {
		var legal map[string]any
		if json.Unmarshal(lm.Move, &legal) != nil {
			continue
		}
		legal = withoutZeros(legal)
		extra, ok := extraFields(sent, legal)
		if !ok {
			continue
		}
		if len(extra) > 0 {
			return nil, game.Refuse("store.rule.move_format", words.New("store.error.move_extra_fields").Count(len(extra)).With("fields", literals(extra)))
		}
		return lm.Move, nil
	}
	return move, nil
}

// canonicalRecorded is the form in which a move of a record is stored
// when canonicalMove refused it (why) for fields of its own: the legal
// move whose fields it carries, provided that move leads to the same
// state as the move recorded did (after). A record's junk is dropped, and
// what is stored replays exactly as what was applied. Otherwise why.
func canonicalRecorded(before, after game.State, seat int, move json.RawMessage, why error) (json.RawMessage, error) {
	var sent map[string]any
	if err := json.Unmarshal(move, &sent); err != nil {
		return nil, why
	}
	sent = withoutZeros(sent)
	want, err := after.MarshalJSON()
	if err != nil {
		return nil, why
	}
	for _, lm := range before.LegalMoves(seat) {
		var legal map[string]any
		if json.Unmarshal(lm.Move, &legal) != nil {
			continue
		}
		if _, ok := extraFields(sent, withoutZeros(legal)); !ok {
			continue
		}
		next, _, err := before.Apply(seat, lm.Move)
		if err != nil {
			continue
		}
		if got, err := next.MarshalJSON(); err != nil || string(got) != string(want) {
			continue // another move with fewer fields (an army's move without its route)
		}
		if canon, err := canonicalMove(before, seat, lm.Move); err == nil {
			return canon, nil
		}
	}
	return nil, why
}

// extraFields reports whether sent has every field of legal with the same
// value, and names the fields sent has besides.
func extraFields(sent, legal map[string]any) ([]string, bool) {
	for k, v := range legal {
		if !reflect.DeepEqual(sent[k], v) {
			return nil, false
		}
	}
	var extra []string
	for k := range sent {
		if _, ok := legal[k]; !ok {
			extra = append(extra, fmt.Sprintf("%q", k))
		}
	}
	slices.Sort(extra)
	return extra, true
}

// withoutZeros drops the fields whose value is JSON's zero of its kind
// (null, false, 0, "", [] or {}): writing them out says nothing.
func withoutZeros(m map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		switch x := v.(type) {
		case nil:
			continue
		case bool:
			if !x {
				continue
			}
		case float64:
			if x == 0 {
				continue
			}
		case string:
			if x == "" {
				continue
			}
		case []any:
			if len(x) == 0 {
				continue
			}
		case map[string]any:
			if len(x) == 0 {
				continue
			}
		}
		out[k] = v
	}
	return out
}

// literals makes a list argument of field names as they are sent.
func literals(ss []string) words.Arg {
	out := make([]words.Arg, len(ss))
	for i, s := range ss {
		out[i] = words.Lit(s)
	}
	return words.List(out...)
}
