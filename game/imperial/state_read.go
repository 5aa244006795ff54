package imperial

import (
	"math"

	"rondel/game/words"
)

// A one-pass reader of the state's JSON as Rondel writes it. Every page
// of a game not in the state cache starts from its snapshot, and
// encoding/json spends most of a snapshot's time finding fields by
// reflection for each of the 330 unit stacks (a third of a millisecond on
// a busy core). This reader knows the fields' names and reads only the
// plain forms: each known key once, numbers in range, nulls only for
// lists of numbers, strings
// without escapes. For anything else, and for the rare parts it leaves
// alone (the playimperial.club rules of an import, a move waiting for a
// canal), it says no and DecodeState reads the data with encoding/json as
// before, so what is read never differs (state_read_test.go compares both
// readers on every position of stored games, and a fuzzer on any bytes).

// readState reads data into a new state, or says it cannot.
func readState(data []byte) (*State, bool) {
	d := words.NewDecoder(data)
	s := &State{}
	if !d.Object(func(k string) bool { return s.readField(d, k) }) || !d.End() {
		return nil, false
	}
	return s, true
}

func (s *State) readField(d *words.Decoder, k string) bool {
	switch k {
	case "rules":
		return readRules(d, &s.Rules)
	case "players":
		return d.Array(func() bool {
			var p Player
			ok := d.Object(func(k string) bool { return p.readField(d, k) })
			s.Players = append(s.Players, p)
			return ok
		}) && nonNil(&s.Players)
	case "nations":
		return d.Array(func() bool {
			var n Nation
			ok := d.Object(func(k string) bool { return n.readField(d, k) })
			s.Nations = append(s.Nations, n)
			return ok
		}) && nonNil(&s.Nations)
	case "units":
		return s.readUnits(d)
	case "factories":
		return readBools(d, &s.Factories)
	case "flags":
		return readInts(d, &s.Flags)
	case "investor_card":
		return readInt(d, &s.InvestorCard)
	case "turn":
		return readInt(d, &s.Turn)
	case "round":
		return readInt(d, &s.Round)
	case "phase":
		str, ok := d.String()
		s.Phase = Phase(str)
		return ok
	case "passing":
		return readBool(d, &s.Passing)
	case "site_investor_due":
		return readBool(d, &s.SiteInvestorDue)
	case "pending":
		s.Pending = &Pending{}
		return d.Object(func(k string) bool {
			switch k {
			case "slot":
				return readInt(d, &s.Pending.Slot)
			case "declined":
				return readInts(d, &s.Pending.Declined)
			}
			return false
		})
	case "imported":
		return readInt(d, &s.Imported)
	case "maneuver":
		s.Maneuver = &Maneuver{}
		return d.Object(func(k string) bool { return s.Maneuver.readField(d, k) })
	case "investors":
		return readInts(d, &s.Investors)
	case "invest_base":
		return readInt(d, &s.InvestBase)
	case "auction":
		s.Auction = &Auction{}
		return readTriple(d, "nation", "start", "asked", &s.Auction.Nation, &s.Auction.Start, &s.Auction.Asked)
	case "after":
		s.After = &After{}
		return readTriple(d, "nation", "first", "asked", &s.After.Nation, &s.After.First, &s.After.Asked)
	case "moves":
		return readInt(d, &s.Moves)
	}
	return false
}

// readUnits reads the stacks by nation and region: one backing array for
// them all, as clone makes.
func (s *State) readUnits(d *words.Decoder) bool {
	var all []Stack
	var ends []int
	ok := d.Array(func() bool {
		if !d.Byte('[') {
			return false
		}
		if !d.Byte(']') {
			for {
				var st Stack
				if !d.Object(func(k string) bool { return st.readField(d, k) }) {
					return false
				}
				all = append(all, st)
				if d.Byte(']') {
					break
				}
				if !d.Byte(',') {
					return false
				}
			}
		}
		ends = append(ends, len(all))
		return true
	})
	if !ok {
		return false
	}
	s.Units = make([][]Stack, len(ends))
	start := 0
	for i, end := range ends {
		s.Units[i] = all[start:end:end]
		if s.Units[i] == nil {
			s.Units[i] = []Stack{} // as encoding/json reads []
		}
		start = end
	}
	return true
}

func readRules(d *words.Decoder, r *Rules) bool {
	return d.Object(func(k string) bool {
		switch k {
		case "map":
			str, ok := d.String()
			r.Map = str
			return ok
		case "setup":
			str, ok := d.String()
			r.Setup = str
			return ok
		case "investor_card":
			return readBool(d, &r.InvestorCard)
		case "first_edition":
			return readBool(d, &r.FirstEdition)
		case "bonus_increase":
			return readBool(d, &r.BonusIncrease)
		case "rondel_power_fee":
			return readBool(d, &r.RondelPowerFee)
		case "taxation_2030":
			return readBool(d, &r.Taxation2030)
		}
		return false // "site": an import's rules, left to encoding/json
	})
}

func (p *Player) readField(d *words.Decoder, k string) bool {
	switch k {
	case "name":
		str, ok := d.String()
		p.Name = str
		return ok
	case "cash":
		return readInt(d, &p.Cash)
	case "swiss_bank":
		return readBool(d, &p.SwissBank)
	}
	return false
}

func (n *Nation) readField(d *words.Decoder, k string) bool {
	switch k {
	case "government":
		return readInt(d, &n.Government)
	case "treasury":
		return readInt(d, &n.Treasury)
	case "power":
		return readInt(d, &n.Power)
	case "rondel":
		return readInt(d, &n.Rondel)
	case "tax":
		return readInt(d, &n.TaxValue)
	case "bonds":
		return readInts(d, &n.Bonds)
	case "bonus_value":
		return readInt(d, &n.BonusValue)
	case "acquired":
		return readInts(d, &n.Acquired)
	case "site_lying":
		return readInts(d, &n.SiteLying)
	}
	return false
}

func (st *Stack) readField(d *words.Decoder, k string) bool {
	switch k {
	case "a":
		return readInt8(d, &st.Armies)
	case "h":
		return readInt8(d, &st.Hostile)
	case "f":
		return readInt8(d, &st.Fleets)
	}
	return false
}

func (m *Maneuver) readField(d *words.Decoder, k string) bool {
	switch k {
	case "moved":
		return d.Array(func() bool {
			var mv Moved
			ok := d.Object(func(k string) bool {
				switch k {
				case "mf":
					return readInt8(d, &mv.Friendly)
				case "mh":
					return readInt8(d, &mv.Hostile)
				case "ff":
					return readInt8(d, &mv.Fleets)
				}
				return false
			})
			m.Moved = append(m.Moved, mv)
			return ok
		}) && nonNil(&m.Moved)
	case "convoy_used":
		return readInts(d, &m.ConvoyUsed)
	case "armies_moving":
		return readBool(d, &m.ArmiesMoving)
	case "conflict":
		m.Conflict = &Conflict{}
		return d.Object(func(k string) bool { return m.Conflict.readField(d, k) })
	case "site_entered":
		return readInts(d, &m.SiteEntered)
	case "site_left":
		return readInts(d, &m.SiteLeft)
	case "site_last":
		str, ok := d.String()
		m.SiteLast = str
		return ok
	}
	return false // "canal": a move waiting for permission, left to encoding/json
}

func (c *Conflict) readField(d *words.Decoder, k string) bool {
	var ok bool
	switch k {
	case "region":
		return readInt(d, &c.Region)
	case "unit":
		c.Unit, ok = d.String()
	case "hostile":
		return readBool(d, &c.Hostile)
	case "stage":
		c.Stage, ok = d.String()
	case "asked":
		return readInts(d, &c.Asked)
	}
	return ok
}

// readTriple reads an object of three whole numbers named a, b and c.
func readTriple(d *words.Decoder, a, b, c string, pa, pb, pc *int) bool {
	return d.Object(func(k string) bool {
		switch k {
		case a:
			return readInt(d, pa)
		case b:
			return readInt(d, pb)
		case c:
			return readInt(d, pc)
		}
		return false
	})
}

// readInt reads a whole number within 32 bits (what a state holds; a
// larger one is left to encoding/json).
func readInt(d *words.Decoder, p *int) bool {
	n, ok := d.Int()
	if !ok || n < math.MinInt32 || n > math.MaxInt32 {
		return false
	}
	*p = n
	return true
}

func readInt8(d *words.Decoder, p *int8) bool {
	n, ok := d.Int()
	if !ok || n < math.MinInt8 || n > math.MaxInt8 {
		return false
	}
	*p = int8(n)
	return true
}

func readInts(d *words.Decoder, p *[]int) bool {
	if d.Word("null") { // a nil slice, as Rondel writes one without omitempty
		*p = nil
		return true
	}
	ns, ok := d.Ints()
	if !ok {
		return false
	}
	for _, n := range ns {
		if n < math.MinInt32 || n > math.MaxInt32 {
			return false
		}
	}
	*p = ns
	return true
}

func readBool(d *words.Decoder, p *bool) bool {
	switch {
	case d.Word("true"):
		*p = true
	case d.Word("false"):
		*p = false
	default:
		return false
	}
	return true
}

func readBools(d *words.Decoder, p *[]bool) bool {
	out := []bool{}
	ok := d.Array(func() bool {
		var b bool
		ok := readBool(d, &b)
		out = append(out, b)
		return ok
	})
	*p = out
	return ok
}

// nonNil makes an empty array read as encoding/json reads it: an empty,
// not a nil, slice.
func nonNil[T any](p *[]T) bool {
	if *p == nil {
		*p = []T{}
	}
	return true
}
