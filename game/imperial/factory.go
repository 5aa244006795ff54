package imperial

import "rondel/game"

const factoryCost = 5

// occupied reports whether a hostile (standing) foreign army stands in r.
func (s *State) occupied(r int) bool {
	owner := s.b.Regions[r].NationIdx
	for ni := range s.Units {
		if ni != owner && s.Units[ni][r].Hostile > 0 {
			return true
		}
	}
	return false
}

// factorySites lists the cities where the nation may build: its own, without
// a factory and without hostile armies (rule book FACTORY).
func (s *State) factorySites(ni int) []int {
	var out []int
	for _, r := range s.b.Nations[ni].Homes {
		if !s.Factories[r] && !s.occupied(r) {
			out = append(out, r)
		}
	}
	return out
}

// canPayFactory: the treasury pays; the government may add its own money
// when the treasury is short (a gift to the treasury, rule book TREASURIES).
func (s *State) canPayFactory(ni int) bool {
	nat := s.Nations[ni]
	return nat.Treasury+s.Players[nat.Government].Cash >= factoryCost
}

func (s *State) startFactory(l *log) {
	if len(s.factorySites(s.Turn)) == 0 || !s.canPayFactory(s.Turn) {
		l.add("%s cannot build a factory", s.nationName(s.Turn))
		s.finishAction(l)
		return
	}
	s.Phase = PhaseFactory
}

func (s *State) doFactory(m Move, l *log) error {
	ni := s.Turn
	switch m.Type {
	case MSkipFactory:
		l.add("%s built no factory", s.nationName(ni))
	case MFactory:
		r, err := s.region(m.Region)
		if err != nil {
			return err
		}
		reg := s.b.Regions[r]
		switch {
		case reg.NationIdx != ni:
			return game.Broke("factory: own cities only", "%s is not a city of %s", reg.Name, s.nationName(ni))
		case s.Factories[r]:
			return game.Broke("factory: one per city", "%s already has a factory", reg.Name)
		case s.occupied(r):
			return game.Broke("factory: no hostile armies", "hostile armies stand in %s", reg.Name)
		case !s.canPayFactory(ni):
			return game.Broke("factory: costs 5M", "%s cannot pay 5M", s.nationName(ni))
		}
		nat := &s.Nations[ni]
		fromTreasury := min(nat.Treasury, factoryCost)
		nat.Treasury -= fromTreasury
		if rest := factoryCost - fromTreasury; rest > 0 {
			s.Players[nat.Government].Cash -= rest
			l.add("%s gave %dM to the treasury of %s", s.playerName(nat.Government), rest, s.nationName(ni))
		}
		s.Factories[r] = true
		kind := "an armaments factory"
		if reg.Shipyard() {
			kind = "a shipyard"
		}
		l.add("%s built %s in %s", s.nationName(ni), kind, reg.Name)
	default:
		return game.Broke("factory", "%s is on Factory: build a factory or skip", s.nationName(ni))
	}
	s.Phase = PhaseRondel
	s.finishAction(l)
	return nil
}
