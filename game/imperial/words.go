package imperial

import (
	"rondel/game"
	"rondel/game/words"
)

// The engine's words are data (package words, docs/words.md): events,
// prompts, labels and refusals are message ids of
// game/words/locales/imperial.*.toml with typed arguments. Nations,
// regions, rondel spaces and unit kinds are catalogue terms, keyed by the
// board's ids, so no id or internal slot name ever reaches a reader.

// nationKey is the term naming nation ni ("imperial.nation.IT").
func (s *State) nationKey(ni int) string { return s.b.Nations[ni].Term }

// regionKey is the term naming region r ("imperial.region.vienna").
func (s *State) regionKey(r int) string { return s.b.Regions[r].Term }

// slotTerms name the rondel spaces in slot order. The two Production and
// the two Maneuver spaces have one name, as on the printed rondel; where
// both are offered, labels tell them apart in words (rondelLabel).
var slotTerms = []string{"factory", "production", "maneuver", "investor", "import", "production", "maneuver", "taxation"}

// slotKeys are the terms naming the rondel spaces, in slot order.
var slotKeys = func() []string {
	out := make([]string, len(slotTerms))
	for i, t := range slotTerms {
		out[i] = "imperial.slot." + t
	}
	return out
}()

// slotKey is the term naming a rondel space ("imperial.slot.production").
func slotKey(slot int) string { return slotKeys[slot] }

// unitKey names a unit kind ("army", "fleet") as a bare noun; aUnitKey
// with its indefinite article ("an army").
func unitKey(kind string) string {
	switch kind { // the two kinds a maneuver's labels name again and again: no concatenation
	case "army":
		return "imperial.unit.army"
	case "fleet":
		return "imperial.unit.fleet"
	}
	return "imperial.unit." + kind
}
func aUnitKey(kind string) string { return "imperial.a_unit." + kind }

// unitsText counts units of a kind ("1 army", "2 armies"); kind may also
// be "hostile_army".
func unitsText(kind string, n int) words.Text { return words.New("imperial.units." + kind).Count(n) }

// ev starts an event's text, errText a refusal's.
func ev(id string) words.Text      { return words.New("imperial.event." + id) }
func errText(id string) words.Text { return words.New("imperial.error." + id) }

// broke refuses a move: rule is the key of the rule's short name under
// imperial.rule.
func broke(rule string, msg words.Text) error { return game.Refuse("imperial.rule."+rule, msg) }

// nat adds nation ni as argument name of t.
func (s *State) nat(t words.Text, name string, ni int) words.Text {
	return t.Term(name, s.nationKey(ni))
}

// reg adds region r as argument name of t.
func (s *State) reg(t words.Text, name string, r int) words.Text {
	return t.Term(name, s.regionKey(r))
}

// regions lists regions as terms, read "A, B and C".
func (s *State) regions(rs []int) words.Arg {
	out := make([]words.Arg, len(rs))
	for i, r := range rs {
		out[i] = words.Term(s.regionKey(r))
	}
	return words.List(out...)
}
