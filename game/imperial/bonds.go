package imperial

import (
	"slices"

	"rondel/game/words"
)

// credit returns the sum of seat's bonds in nation ni.
func (s *State) credit(ni, seat int) int {
	sum := 0
	for bi, h := range s.Nations[ni].Bonds {
		if h == seat {
			sum += s.b.Bonds[bi].Cost
		}
	}
	return sum
}

// totalInterest is what nation ni owes on all its sold bonds.
func (s *State) totalInterest(ni int) int {
	sum := 0
	for bi, h := range s.Nations[ni].Bonds {
		if h >= 0 {
			sum += s.b.Bonds[bi].Interest
		}
	}
	return sum
}

// highestHolder returns the seat with the highest credit sum in ni, ties
// going to the first in seat order counting from base (base -1: seat 0).
// It returns -1 if nobody holds a bond.
func (s *State) highestHolder(ni, base int) int {
	n := len(s.Players)
	if base < 0 {
		base = 0
	}
	best, bestSum := -1, 0
	for k := 0; k < n; k++ {
		seat := (base + k) % n
		if c := s.credit(ni, seat); c > bestSum {
			best, bestSum = seat, c
		}
	}
	return best
}

// checkGovernments applies the end-of-investor-turn check (rule book
// INVESTOR, after step 3): a challenger takes over only with a strictly
// higher credit sum; among several such, the first in seat order from the
// investor card holder. Returns the nations whose government changed.
func (s *State) checkGovernments(base int) []int {
	var changed []int
	for ni := range s.Nations {
		if g := s.nextGovernment(ni, base); g != s.Nations[ni].Government {
			s.Nations[ni].Government = g
			changed = append(changed, ni)
		}
	}
	return changed
}

// nextGovernment is who governs nation ni after that check.
func (s *State) nextGovernment(ni, base int) int {
	n := len(s.Players)
	gov := s.Nations[ni].Government
	govSum := 0
	if gov >= 0 {
		govSum = s.credit(ni, gov)
	}
	best, bestSum := gov, govSum
	for k := 0; k < n; k++ {
		seat := (base + k) % n
		if seat == gov {
			continue
		}
		if c := s.credit(ni, seat); c > bestSum {
			best, bestSum = seat, c
		}
	}
	return best
}

// governingIfDone is who would govern nation ni if the bonds sold so far
// were all: the check that ends the running investor turn, investing
// after a nation's turn, or the experienced players' bond distribution.
func (s *State) governingIfDone(ni int) int {
	switch s.Phase {
	case PhaseAuction:
		return s.highestHolder(ni, -1)
	case PhaseAfter:
		return s.nextGovernment(ni, s.After.First)
	}
	return s.nextGovernment(ni, s.InvestBase)
}

// governmentEffect says what buying the bond of the given cost (trading in
// tradeIn, if not 0) does to nation ni's government, if nobody else buys:
// seat becomes or stays its government, or it stays with (or goes to)
// another player.
func (s *State) governmentEffect(seat, ni, cost, tradeIn int) words.Text {
	cur := s.Nations[ni].Government
	if s.Phase == PhaseAuction {
		cur = s.highestHolder(ni, -1)
	}
	c := *s
	c.Nations = slices.Clone(s.Nations)
	bonds := slices.Clone(s.Nations[ni].Bonds)
	bonds[s.bondIndex(cost)] = seat
	if tradeIn > 0 {
		bonds[s.bondIndex(tradeIn)] = -1
	}
	c.Nations[ni].Bonds = bonds
	after := c.governingIfDone(ni)
	var t words.Text
	switch {
	case after == seat && cur == seat:
		t = label("gov_keep")
	case after == seat:
		t = label("gov_become")
	case after == cur:
		t = label("gov_stays").Seat("seat", after)
	default:
		t = label("gov_goes").Seat("seat", after)
	}
	return s.nat(t, "nation", ni)
}

// governs reports whether seat leads at least one nation.
func (s *State) governs(seat int) bool {
	for _, nat := range s.Nations {
		if nat.Government == seat {
			return true
		}
	}
	return false
}

// updateSwissBanks gives a Swiss bank to every player without a government
// and takes it back from the others.
func (s *State) updateSwissBanks() {
	for i := range s.Players {
		s.Players[i].SwissBank = !s.governs(i)
	}
}

// swissBanks lists the Swiss bank holders in seat order starting at from.
func (s *State) swissBanks(from int) []int {
	n := len(s.Players)
	if from < 0 {
		from = 0
	}
	var out []int
	for k := 0; k < n; k++ {
		seat := (from + k) % n
		if s.Players[seat].SwissBank {
			out = append(out, seat)
		}
	}
	return out
}
