package imperial

const maxPower = 25

func powerFactor(points int) int { return min(points, maxPower) / 5 }

// revenue is 2M per factory without hostile armies plus 1M per flag (rule
// book TAXATION step 1).
func (s *State) revenue(ni int) int {
	rev := 0
	for _, r := range s.b.Nations[ni].Homes {
		if s.Factories[r] && !s.occupied(r) {
			rev += 2
		}
	}
	return rev + s.flagCount(ni)
}

func (s *State) unitCount(ni int) int {
	n := 0
	for _, st := range s.Units[ni] {
		n += int(st.Armies) + int(st.Fleets)
	}
	return n
}

// taxation carries out the Taxation space (rule book TAXATION):
//  1. the tax marker moves to the revenue; a rise pays the government 1M
//     per space from the bank (success bonus);
//  2. the nation gains the chart's power points; 25 ends the game;
//  3. the treasury receives the revenue less 1M per army and fleet.
//
// The first edition and Imperial 2030 run the same steps in their own
// order (taxsteps.go).
func (s *State) taxation(l *log) {
	if s.rules.Taxation2030 || s.rules.FirstEdition {
		s.taxSteps(l)
		return
	}
	ni := s.Turn
	rev := s.revenue(ni)
	s.taxRiseBonus(ni, rev, l)
	s.taxPoints(ni, rev, l)
	if s.site().TaxCap20 {
		rev = min(rev, 20) // the site caps the revenue before soldiers' pay
	}
	s.taxNet(ni, rev, l)
}
