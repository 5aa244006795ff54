package imperial

import "rondel/game/words"

// supplyLeft is how many more armies or fleets the nation can place.
func (s *State) supplyLeft(ni int, fleet bool) int {
	used := 0
	for _, st := range s.Units[ni] {
		if fleet {
			used += int(st.Fleets)
		} else {
			used += int(st.Armies)
		}
	}
	nat := s.b.Nations[ni]
	if fleet {
		return nat.Fleets - used
	}
	return nat.Armies - used
}

// produce: every factory without hostile armies in its province makes one
// army (armaments) or fleet (shipyard, in the harbour), while the supply
// lasts (rule book PRODUCTION; FAQ on supplies).
func (s *State) produce(l *log) {
	ni := s.Turn
	made := 0
	for _, r := range s.b.Nations[ni].Order {
		if !s.Factories[r] || s.occupied(r) {
			continue
		}
		fleet := s.b.Regions[r].Shipyard()
		if s.supplyLeft(ni, fleet) <= 0 {
			continue
		}
		kind := "army"
		if fleet {
			kind = "fleet"
			s.Units[ni][r].Fleets++
		} else {
			s.Units[ni][r].Armies++
		}
		l.say(func() words.Text {
			return s.reg(s.nat(ev("produced"), "nation", ni), "region", r).Term("unit", aUnitKey(kind))
		})
		made++
	}
	if made == 0 {
		l.say(func() words.Text { return s.nat(ev("produced_nothing"), "nation", ni) })
	}
}
