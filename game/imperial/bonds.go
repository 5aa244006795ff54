package imperial

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
	n := len(s.Players)
	for ni := range s.Nations {
		gov := s.Nations[ni].Government
		govSum := 0
		if gov >= 0 {
			govSum = s.credit(ni, gov)
		}
		best, bestSum := -1, govSum
		for k := 0; k < n; k++ {
			seat := (base + k) % n
			if seat == gov {
				continue
			}
			if c := s.credit(ni, seat); c > bestSum {
				best, bestSum = seat, c
			}
		}
		if best >= 0 {
			s.Nations[ni].Government = best
			changed = append(changed, ni)
		}
	}
	return changed
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
