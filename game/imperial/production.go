package imperial

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
		if fleet {
			s.Units[ni][r].Fleets++
			l.add("%s produced a fleet in %s", s.nationName(ni), s.regionName(r))
		} else {
			s.Units[ni][r].Armies++
			l.add("%s produced an army in %s", s.nationName(ni), s.regionName(r))
		}
		made++
	}
	if made == 0 {
		l.add("%s produced nothing", s.nationName(ni))
	}
}
