package imperial

import (
	"bytes"
	"encoding/json"
)

// Move is every decision a player can make in Imperial, as JSON. Only the
// fields of its type are set.
type Move struct {
	Type string `json:"type"`
	// Nation: the nation a government answers for (battle demands) or the
	// nation of a bond.
	Nation string      `json:"nation,omitempty"`
	Slot   string      `json:"slot,omitempty"`   // rondel
	Units  []Placement `json:"units,omitempty"`  // import (old records)
	Region string      `json:"region,omitempty"` // factory, status, battle, destroy, import_unit
	From   string      `json:"from,omitempty"`   // fleet, army
	To     string      `json:"to,omitempty"`     // fleet, army
	Via    []string    `json:"via,omitempty"`    // army by convoy: the seas crossed
	// Hostile: an army entering or standing in a foreign home province is
	// hostile (standing) rather than friendly (lying).
	Hostile bool `json:"hostile,omitempty"`
	// Battles: Unit is the kind of one's own unit that fights, Against the
	// nation fought, Target the kind of its unit, TargetHostile picks a
	// standing army where the opponent has both kinds.
	Unit          string `json:"unit,omitempty"` // also the kind of an imported unit
	Against       string `json:"against,omitempty"`
	Target        string `json:"target,omitempty"`
	TargetHostile bool   `json:"target_hostile,omitempty"`
	Cost          int    `json:"cost,omitempty"`     // bond price
	TradeIn       int    `json:"trade_in,omitempty"` // price of one's own bond returned
}

// Placement is one imported unit.
type Placement struct {
	Region string `json:"region"`
	Unit   string `json:"unit"` // "army" or "fleet"
}

// Move types.
const (
	MRondel      = "rondel"
	MForce       = "force_investor"
	MNoForce     = "no_force"
	MImport      = "import" // the whole import in one move (records before per-unit imports)
	MImportUnit  = "import_unit"
	MImportEnd   = "end_import"
	MFactory     = "factory"
	MSkipFactory = "skip_factory"
	MFleet       = "fleet"
	MArmy        = "army"
	MStatus      = "status"
	MBattle      = "battle"
	MPeace       = "peace"
	MDemand      = "demand_battle"
	MNoBattle    = "no_battle"
	MDestroy     = "destroy_factory"
	MEnd         = "end_maneuver"
	MBond        = "bond"
	MSkipBond    = "skip_bond"
)

func decodeMove(data []byte) (Move, error) {
	if m, ok := parseMoveFast(data); ok && m.Type != "" {
		return m, nil
	}
	var m Move
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, broke("move_format", errText("not_a_move"))
	}
	if dec.More() {
		return m, broke("move_format", errText("extra_data"))
	}
	if m.Type == "" {
		return m, broke("move_format", errText("no_type"))
	}
	return m, nil
}

func (s *State) region(id string) (int, error) {
	r, ok := s.b.Region(id)
	switch {
	case id == "":
		return -1, broke("board", errText("region_missing"))
	case !ok:
		return -1, broke("board", errText("no_region").Lit("id", id))
	}
	return r, nil
}

func (s *State) nation(id string) (int, error) {
	n, ok := s.b.Nation(id)
	switch {
	case id == "":
		return -1, broke("board", errText("nation_missing"))
	case !ok:
		return -1, broke("board", errText("no_nation").Lit("id", id))
	}
	return n, nil
}
