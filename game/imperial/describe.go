package imperial

import (
	"fmt"
	"strings"
)

// Situation tells seat, in plain words, what matters for its open
// decisions: for a nation's turn its treasury, rondel space, power and
// units; for a battle question the units in that region; for investing
// the player's cash and bonds.
func (s *State) Situation(seat int) string {
	var parts []string
	for _, d := range s.ToAct() {
		if d.Seat != seat {
			continue
		}
		switch d.Kind {
		case DInvest, DAuction:
			parts = append(parts, s.investorWords(seat))
		case DDemand, DBattle:
			c := s.Maneuver.Conflict
			parts = append(parts, fmt.Sprintf("In %s: %s.", s.regionName(c.Region), s.regionUnitsWords(c.Region)))
		default:
			if ni, ok := s.b.Nation(d.Subject); ok {
				parts = append(parts, s.nationWords(ni))
			}
		}
	}
	return strings.Join(parts, "\n")
}

func (s *State) nationWords(ni int) string {
	nat := s.Nations[ni]
	where := "not yet on the rondel"
	if nat.Rondel >= 0 {
		where = "on " + slotNames[nat.Rondel]
	}
	gov := s.Players[nat.Government]
	w := fmt.Sprintf("%s: treasury %dM, %s, %d power points, tax chart %d. Your own cash: %dM.",
		s.nationName(ni), nat.Treasury, where, nat.Power, nat.TaxValue, gov.Cash)
	var units []string
	for r, st := range s.Units[ni] {
		if st.empty() {
			continue
		}
		units = append(units, s.regionName(r)+" "+stackWords(st))
	}
	if len(units) > 0 {
		w += " Units: " + strings.Join(units, "; ") + "."
	}
	if contact := s.contactWords(ni); contact != "" {
		w += " In contact: " + contact + "."
	}
	return w
}

// contactWords lists regions where the nation's units share a region with
// another nation's.
func (s *State) contactWords(ni int) string {
	var out []string
	for r := range s.b.Regions {
		if s.Units[ni][r].empty() {
			continue
		}
		for other := range s.Units {
			if other != ni && !s.Units[other][r].empty() {
				out = append(out, fmt.Sprintf("%s with %s", s.regionName(r), s.nationName(other)))
			}
		}
	}
	return strings.Join(out, ", ")
}

func (s *State) regionUnitsWords(r int) string {
	var out []string
	for ni := range s.Units {
		if st := s.Units[ni][r]; !st.empty() {
			out = append(out, s.nationName(ni)+" "+stackWords(st))
		}
	}
	return strings.Join(out, ", ")
}

func stackWords(st Stack) string {
	var w []string
	if f := st.Armies - st.Hostile; f > 0 {
		w = append(w, countWords(int(f), "army", "armies"))
	}
	if st.Hostile > 0 {
		w = append(w, countWords(int(st.Hostile), "hostile army", "hostile armies"))
	}
	if st.Fleets > 0 {
		w = append(w, countWords(int(st.Fleets), "fleet", "fleets"))
	}
	return strings.Join(w, " and ")
}

func countWords(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func (s *State) investorWords(seat int) string {
	var bonds []string
	for ni, nat := range s.Nations {
		for bi, h := range nat.Bonds {
			if h == seat {
				bonds = append(bonds, fmt.Sprintf("%s %dM", s.nationID(ni), s.b.Bonds[bi].Cost))
			}
		}
	}
	held := "no bonds"
	if len(bonds) > 0 {
		held = "bonds " + strings.Join(bonds, ", ")
	}
	return fmt.Sprintf("Your cash: %dM; you hold %s.", s.Players[seat].Cash, held)
}

// SubjectName names a decision's subject (a nation id) in words, for the
// readable log: "Italy" for "IT".
func (s *State) SubjectName(subject string) string {
	if ni, ok := s.b.Nation(subject); ok {
		return s.nationName(ni)
	}
	return subject
}
