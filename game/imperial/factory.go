package imperial

import "rondel/game/words"

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
		l.say(func() words.Text { return s.nat(ev("factory_impossible"), "nation", s.Turn) })
		s.finishAction(l)
		return
	}
	s.Phase = PhaseFactory
}

func (s *State) doFactory(m Move, l *log) error {
	ni := s.Turn
	switch m.Type {
	case MSkipFactory:
		l.say(func() words.Text { return s.nat(ev("factory_none"), "nation", ni) })
	case MFactory:
		r, err := s.region(m.Region)
		if err != nil {
			return err
		}
		reg := s.b.Regions[r]
		switch {
		case reg.NationIdx != ni:
			return broke("factory_own_cities", s.reg(s.nat(errText("factory_not_own"), "nation", ni), "region", r))
		case s.Factories[r]:
			return broke("factory_one_per_city", s.reg(errText("factory_exists"), "region", r))
		case s.occupied(r):
			return broke("factory_occupied", s.reg(errText("factory_occupied"), "region", r))
		case !s.canPayFactory(ni):
			return broke("factory_cost", s.nat(errText("factory_cost"), "nation", ni).Money("cost", factoryCost))
		}
		nat := &s.Nations[ni]
		fromTreasury := min(nat.Treasury, factoryCost)
		nat.Treasury -= fromTreasury
		if rest := factoryCost - fromTreasury; rest > 0 {
			s.Players[nat.Government].Cash -= rest
			l.say(func() words.Text {
				return s.nat(ev("gift"), "nation", ni).Seat("seat", nat.Government).Money("amount", rest)
			})
		}
		s.Factories[r] = true
		l.say(func() words.Text {
			return s.reg(s.nat(ev("factory_built"), "nation", ni), "region", r).Term("factory", s.factoryKey(r))
		})
	default:
		return broke("factory", s.nat(errText("factory_expected"), "nation", ni))
	}
	s.Phase = PhaseRondel
	s.finishAction(l)
	return nil
}

// factoryKey names the kind of factory a city takes, with its article
// ("a shipyard", "an armaments factory").
func (s *State) factoryKey(r int) string {
	if s.b.Regions[r].Shipyard() {
		return "imperial.a_factory.shipyard"
	}
	return "imperial.a_factory.armaments"
}
