package imperial

import (
	"rondel/game/words"
	"slices"

	"rondel/game/imperial/board"
)

// Flags and the end of a maneuver under the playimperial.club rules
// (SiteFlags, CoexistDefersInvestor in siterules.go).

// siteMoved records, under SiteFlags, that a unit went from one region to
// another, and what the move asked of the site's players.
func (s *State) siteMoved(from, to int, kind string) {
	if !s.site().SiteFlags {
		return
	}
	m := s.Maneuver
	m.SiteEntered = append(slices.Clone(m.SiteEntered), to)
	m.SiteLeft = append(slices.Clone(m.SiteLeft), from)
	m.SiteLast = kind
}

// siteFought settles the flag of r after a battle the site's way: a
// neutral region goes to the side with more units left; if none is left
// on either side, to the one other nation there, or to nobody if several.
func (s *State) siteFought(r, incumbent, challenger int, l *log) {
	s.siteLast("fight")
	if !s.site().SiteFlags || !s.flaggable(r) {
		return
	}
	count := func(ni int) int { st := s.Units[ni][r]; return int(st.Armies) + int(st.Fleets) }
	ci, cc := count(incumbent), count(challenger)
	to := s.Flags[r]
	switch a := s.aloneIn(r); {
	case cc > ci:
		to = challenger
	case cc < ci:
		return
	case a >= 0:
		to = a
	case a == -2:
		to = -1
	}
	if to != s.Flags[r] {
		s.Flags[r] = to
		if to >= 0 {
			l.say(func() words.Text { return s.reg(s.nat(ev("flag_placed"), "nation", to), "region", r) })
		}
	}
}

// siteLast records the kind of the maneuver's last action.
func (s *State) siteLast(kind string) {
	if s.site().SiteFlags && s.Maneuver != nil {
		s.Maneuver.SiteLast = kind
	}
}

// entryKind: an army entering a foreign home province where nobody else
// stands is an entrance choice on the site; any other entry a plain move.
func (s *State) entryKind(to int) string {
	if s.foreignHome(to) && len(s.opponents(to, "army")) == 0 {
		return "entrance"
	}
	return "move"
}

// siteEndManeuver ends a maneuver the site's way: flags in the regions
// entered go to the mover where it is alone; a region it left and held
// goes to the one nation still there, unless the maneuver ended by itself
// right after an entrance choice or a coexistence: then only the region
// the last unit left (the site settles that one as the unit moves). A coexistence that ends
// a maneuver which passed Investor leaves the Investor steps for later.
func (s *State) siteEndManeuver(l *log) {
	m := s.Maneuver
	ended := (m.SiteLast == "entrance" || m.SiteLast == "coexist") && !s.siteUnitsToMove()
	for _, r := range m.SiteEntered {
		if s.flaggable(r) && s.aloneIn(r) == s.Turn && s.Flags[r] != s.Turn {
			s.Flags[r] = s.Turn
			l.say(func() words.Text { return s.reg(s.nat(ev("flag_placed"), "nation", s.Turn), "region", r) })
		}
	}
	left := m.SiteLeft
	if ended && len(left) > 0 {
		// The site hands over the region its last unit left as it
		// moves, not the others.
		left = left[len(left)-1:]
	} else if ended {
		left = nil
	}
	{
		for _, r := range left {
			if a := s.aloneIn(r); s.flaggable(r) && s.Flags[r] == s.Turn && a >= 0 && a != s.Turn {
				s.Flags[r] = a
				l.say(func() words.Text { return s.reg(s.nat(ev("flag_placed"), "nation", a), "region", r) })
			}
		}
	}
	s.Maneuver = nil
	if ended && m.SiteLast == "coexist" && s.Passing && s.site().CoexistDefersInvestor {
		s.Passing = false
		s.SiteInvestorDue = true
		s.endTurn(l)
		return
	}
	s.finishAction(l)
}

func (s *State) flaggable(r int) bool {
	k := s.b.Regions[r].Kind
	return k == board.Land || k == board.Sea
}

// aloneIn is the one nation with units in r, -1 for none, -2 for several.
func (s *State) aloneIn(r int) int {
	alone := -1
	for ni := range s.Units {
		if !s.Units[ni][r].empty() {
			if alone >= 0 {
				return -2
			}
			alone = ni
		}
	}
	return alone
}

// siteUnitsToMove: some unit of the mover still has its move on the site
// (an army, or a fleet while no army has moved).
func (s *State) siteUnitsToMove() bool {
	for r := range s.b.Regions {
		f, h, fl := s.unmoved(r)
		if f+h > 0 || (fl > 0 && !s.Maneuver.ArmiesMoving) {
			return true
		}
	}
	return false
}
