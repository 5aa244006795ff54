package store

import (
	"encoding/json"

	"rondel/game"
	"rondel/game/words"
)

// readDecisions reads a summary's open decisions (to_act) as
// json.Unmarshal into a []game.Decision does, the plain form Rondel
// writes in one pass (words.Decoder): through encoding/json each prompt's
// Text was scanned twice and its arguments built through a map, 7 % of
// the dashboard's CPU (docs/performance.md). Anything else goes to
// encoding/json; broken JSON reads as no decisions (Verify reports it).
// TestReadDecisionsAsUnmarshal compares the two.
func readDecisions(data string) []game.Decision {
	if out, ok := decodeDecisions(data); ok {
		return out
	}
	var slow []game.Decision
	_ = json.Unmarshal([]byte(data), &slow)
	return slow
}

// decodeDecisions reads the plain form; false: it is not.
func decodeDecisions(data string) ([]game.Decision, bool) {
	d := words.NewDecoder([]byte(data))
	if d.Peek() == 'n' {
		return nil, d.Word("null") && d.End()
	}
	out := []game.Decision{}
	ok := d.Array(func() bool {
		var dc game.Decision
		if !d.Object(func(k string) bool {
			var ok bool
			switch k {
			case "seat":
				dc.Seat, ok = d.Int()
			case "kind":
				dc.Kind, ok = d.String()
			case "subject":
				dc.Subject, ok = d.String()
			case "prompt":
				ok = d.Text(&dc.Prompt)
			}
			return ok
		}) {
			return false
		}
		out = append(out, dc)
		return true
	})
	return out, ok && d.End()
}
