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
func (s *State) taxation(l *log) {
	if s.rules.Taxation2030 || s.rules.FirstEdition {
		s.taxSteps(l) // other editions' order: taxsteps.go
		return
	}
	ni := s.Turn
	nat := &s.Nations[ni]
	rev := s.revenue(ni)
	step := s.b.Tax(rev)
	if bonus := step.Value - nat.TaxValue; bonus > 0 {
		s.Players[nat.Government].Cash += bonus
		l.add("%s's tax revenue is %dM; the tax marker rises to %d and %s receives a %dM success bonus", s.nationName(ni), rev, step.Value, s.playerName(nat.Government), bonus)
	} else {
		l.add("%s's tax revenue is %dM", s.nationName(ni), rev)
	}
	nat.TaxValue = step.Value
	nat.Power = min(maxPower, nat.Power+step.Points)
	if step.Points > 0 {
		l.add("%s gains %d power points (now %d)", s.nationName(ni), step.Points, nat.Power)
	}
	pay := s.unitCount(ni)
	if net := rev - pay; net > 0 {
		nat.Treasury += net
		l.add("%s pays %dM soldiers' pay and collects %dM", s.nationName(ni), pay, net)
	} else {
		l.add("%s's soldiers' pay (%dM) takes all its revenue", s.nationName(ni), pay)
	}
	if nat.Power >= maxPower {
		s.Passing = false
		s.Phase = PhaseOver
		l.add("%s reached %d power points: the game ends", s.nationName(ni), maxPower)
	}
}
