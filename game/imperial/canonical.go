package imperial

import (
	"encoding/json"
	"slices"
)

// moveFields are the fields each type of move uses besides "type"; Apply
// checks their values. Anything else in a new move is refused.
var moveFields = map[string][]string{
	MRondel: {"slot"}, MForce: nil, MNoForce: nil, MImport: {"units"},
	MImportUnit: {"region", "unit"}, MImportEnd: nil,
	MFactory: {"region"}, MSkipFactory: nil,
	MFleet: {"from", "to"}, MArmy: {"from", "to", "via", "hostile"}, MStatus: {"region", "hostile"},
	MBattle: {"region", "unit", "against", "target", "target_hostile"}, MPeace: nil,
	MDemand: {"nation", "unit"}, MNoBattle: {"nation"}, MDestroy: {"region"}, MEnd: nil,
	MBond: {"nation", "cost", "trade_in"}, MSkipBond: nil,
	MGrantPassage: {"nation"}, MDenyPassage: {"nation"},
}

// CanonicalMove returns the JSON the engine writes for raw (game.Canonicalizer):
// the same encoding LegalMoves uses, with only the fields of its type.
func (s *State) CanonicalMove(seat int, raw json.RawMessage) (json.RawMessage, error) {
	m, err := decodeMove(raw)
	if err != nil {
		return nil, err
	}
	allowed, ok := moveFields[m.Type]
	if !ok {
		return nil, broke("move_format", errText("no_such_move").Lit("type", m.Type))
	}
	for _, f := range m.setFields() {
		if !slices.Contains(allowed, f) {
			return nil, broke("move_format", errText("no_such_field").Lit("type", m.Type).Lit("field", f))
		}
	}
	return m.JSON(), nil
}

// setFields names the fields of m other than type that hold a value.
func (m Move) setFields() []string {
	var out []string
	add := func(name string, set bool) {
		if set {
			out = append(out, name)
		}
	}
	add("nation", m.Nation != "")
	add("slot", m.Slot != "")
	add("units", len(m.Units) > 0)
	add("region", m.Region != "")
	add("from", m.From != "")
	add("to", m.To != "")
	add("via", len(m.Via) > 0)
	add("hostile", m.Hostile)
	add("unit", m.Unit != "")
	add("against", m.Against != "")
	add("target", m.Target != "")
	add("target_hostile", m.TargetHostile)
	add("cost", m.Cost != 0)
	add("trade_in", m.TradeIn != 0)
	return out
}
