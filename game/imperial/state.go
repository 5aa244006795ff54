package imperial

import (
	"encoding/json"
	"slices"

	"rondel/game/imperial/board"
	"rondel/game/words"
)

// Rondel spaces, clockwise, by the names the state summary uses.
var slotNames = []string{"factory", "production1", "maneuver1", "investor", "import", "production2", "maneuver2", "taxation"}

const (
	slotFactory = iota
	slotProduction1
	slotManeuver1
	slotInvestor
	slotImport
	slotProduction2
	slotManeuver2
	slotTaxation
	numSlots
)

// Phase is the kind of decision the game waits for.
type Phase string

const (
	PhaseAuction  Phase = "auction"  // experienced players' bond distribution
	PhaseRondel   Phase = "rondel"   // the government chooses a rondel space
	PhaseForce    Phase = "force"    // Swiss banks may force a stop on Investor
	PhaseImport   Phase = "import"   // the government imports up to 3 units
	PhaseFactory  Phase = "factory"  // the government builds a factory or not
	PhaseManeuver Phase = "maneuver" // the nation maneuvers
	PhaseInvest   Phase = "invest"   // investor card holder, then Swiss banks, buy bonds
	PhaseAfter    Phase = "after"    // variant without investor card: investing after a turn
	PhaseOver     Phase = "over"
)

// Player is one investor.
type Player struct {
	Name      string `json:"name"`
	Cash      int    `json:"cash"`
	SwissBank bool   `json:"swiss_bank"`
}

// Nation is the running state of one power.
type Nation struct {
	Government int   `json:"government"` // seat, -1 for none
	Treasury   int   `json:"treasury"`
	Power      int   `json:"power"`
	Rondel     int   `json:"rondel"`                // slot, -1 before its first turn
	TaxValue   int   `json:"tax"`                   // chart space of the tax marker
	Bonds      []int `json:"bonds"`                 // by bond index: holder seat, -1 in the pile
	BonusValue int   `json:"bonus_value,omitempty"` // 2030 "bonus only for increase" marker
	// Acquired lists the held bonds (by index) in the order they were
	// acquired; kept only under the playimperial.club rules, whose interest
	// goes through a holder's bonds in that order (siterules.go).
	Acquired []int `json:"acquired,omitempty"`
	// SiteLying lists the foreign home provinces (by region) where the
	// nation's armies lie for good under the playimperial.club rules (a
	// friendly entry or a coexistence there; siterules.go).
	SiteLying []int `json:"site_lying,omitempty"`
}

// Stack is one nation's units in one region.
// Counts never exceed a nation's supply (at most 10), so they are small
// integers: a state is copied on every move.
type Stack struct {
	Armies  int8 `json:"a,omitempty"`
	Hostile int8 `json:"h,omitempty"` // standing armies (in a foreign home province)
	Fleets  int8 `json:"f,omitempty"`
}

func (s Stack) empty() bool { return s.Armies == 0 && s.Fleets == 0 }

// Moved counts the active nation's units that have used their move in one
// region during a maneuver.
type Moved struct {
	Friendly int8 `json:"mf,omitempty"`
	Hostile  int8 `json:"mh,omitempty"`
	Fleets   int8 `json:"ff,omitempty"`
}

// Maneuver is the progress of a running maneuver.
type Maneuver struct {
	Moved        []Moved   `json:"moved"`         // by region
	ConvoyUsed   []int     `json:"convoy_used"`   // by sea: fleets that carried an army
	ArmiesMoving bool      `json:"armies_moving"` // once true, fleets may no longer move
	Conflict     *Conflict `json:"conflict,omitempty"`

	// Canal is a move waiting for canal permission (canal.go).
	Canal *CanalRequest `json:"canal,omitempty"`

	// Under the playimperial.club rules only (siteflags.go): the regions
	// units entered and left, and what the last action was.
	SiteEntered []int  `json:"site_entered,omitempty"`
	SiteLeft    []int  `json:"site_left,omitempty"`
	SiteLast    string `json:"site_last,omitempty"`
}

// Conflict is a unit that just entered a region holding other nations'
// units (or an army that just changed status there): the mover may fight,
// and if it does not, the other governments present are asked.
type Conflict struct {
	Region  int    `json:"region"`
	Unit    string `json:"unit"`    // "army" or "fleet"
	Hostile bool   `json:"hostile"` // status of the entering army
	Stage   string `json:"stage"`   // "mover" or "others"
	Asked   []int  `json:"asked"`   // nations still to answer, turn order
}

// Pending is a rondel move waiting for Swiss banks to decide on forcing.
type Pending struct {
	Slot     int   `json:"slot"`
	Declined []int `json:"declined"` // seats that declined to force
}

// State is a complete Imperial position. It is a value: Apply works on a
// copy, so a state is never changed once made.
type State struct {
	b     *board.Board
	rules Rules
	sp    *words.Speaker // the board picture's speaker, on BoardSVG's copy only
	lay   *layer         // which layer of the board is drawn (svg_layers.go); nil: all of it

	Rules        Rules     `json:"rules"`
	Players      []Player  `json:"players"`
	Nations      []Nation  `json:"nations"`
	Units        [][]Stack `json:"units"`         // by nation, by region
	Factories    []bool    `json:"factories"`     // by region
	Flags        []int     `json:"flags"`         // by region: nation, -1 none
	InvestorCard int       `json:"investor_card"` // seat, -1 without card
	Turn         int       `json:"turn"`          // nation to move
	Round        int       `json:"round"`
	Phase        Phase     `json:"phase"`
	Passing      bool      `json:"passing"` // the running turn passed over Investor
	// SiteInvestorDue: under the playimperial.club rules, a maneuver that
	// passed Investor and ended with a coexistence left the Investor steps
	// to the next nation's turn (siteflags.go).
	SiteInvestorDue bool     `json:"site_investor_due,omitempty"`
	Pending         *Pending `json:"pending,omitempty"`
	// Imported counts the units placed so far by a running import
	// (import.go); 0 outside an import, so it is absent from the JSON of
	// every position but the middle of an import.
	Imported   int       `json:"imported,omitempty"`
	Maneuver   *Maneuver `json:"maneuver,omitempty"`
	Investors  []int     `json:"investors,omitempty"` // seats still to invest this investor turn
	InvestBase int       `json:"invest_base"`         // card holder at the start of the investor turn
	Auction    *Auction  `json:"auction,omitempty"`
	After      *After    `json:"after,omitempty"`
	Moves      int       `json:"moves"`
}

// Auction is the progress of the experienced players' bond distribution.
type Auction struct {
	Nation int `json:"nation"` // nation on offer
	Start  int `json:"start"`  // seat that chose first for the first nation
	Asked  int `json:"asked"`  // how many players have been asked for this nation
}

// After is the progress of investing after a nation's turn (variant
// without investor card).
type After struct {
	Nation int `json:"nation"`
	First  int `json:"first"` // first seat asked
	Asked  int `json:"asked"`
}

func (s *State) clone() *State {
	c := *s
	c.Players = slices.Clone(s.Players)
	c.Nations = slices.Clone(s.Nations)
	// One backing array each for bonds and units: cloning is the main cost
	// of a move.
	var nb int
	for i := range s.Nations {
		nb += len(s.Nations[i].Bonds)
	}
	bonds := make([]int, 0, nb)
	for i := range c.Nations {
		start := len(bonds)
		bonds = append(bonds, s.Nations[i].Bonds...)
		c.Nations[i].Bonds = bonds[start:len(bonds):len(bonds)]
	}
	var nu int
	for i := range s.Units {
		nu += len(s.Units[i])
	}
	units := make([]Stack, 0, nu)
	c.Units = make([][]Stack, len(s.Units))
	for i := range s.Units {
		start := len(units)
		units = append(units, s.Units[i]...)
		c.Units[i] = units[start:len(units):len(units)]
	}
	c.Factories = slices.Clone(s.Factories)
	c.Flags = slices.Clone(s.Flags)
	c.Investors = slices.Clone(s.Investors)
	if s.Pending != nil {
		p := *s.Pending
		p.Declined = slices.Clone(p.Declined)
		c.Pending = &p
	}
	if s.Maneuver != nil {
		m := *s.Maneuver
		m.Moved = slices.Clone(m.Moved)
		m.ConvoyUsed = slices.Clone(m.ConvoyUsed)
		if m.Conflict != nil {
			cf := *m.Conflict
			cf.Asked = slices.Clone(cf.Asked)
			m.Conflict = &cf
		}
		c.Maneuver = &m
	}
	if s.Auction != nil {
		a := *s.Auction
		c.Auction = &a
	}
	if s.After != nil {
		a := *s.After
		c.After = &a
	}
	return &c
}

// MarshalJSON encodes the state; every container is a slice or a struct, so
// the encoding is deterministic.
func (s *State) MarshalJSON() ([]byte, error) {
	type plain State
	return json.Marshal((*plain)(s))
}

// Board returns the map the game is played on.
func (s *State) Board() *board.Board { return s.b }

func (s *State) nationID(n int) string      { return s.b.Nations[n].ID }
func (s *State) playerName(seat int) string { return s.Players[seat].Name }
