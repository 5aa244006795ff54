package imperial

import (
	"fmt"

	"rondel/game/imperial/board"
	"rondel/game/rng"
)

func newState(b *board.Board, r Rules, names []string, seed uint64) (*State, error) {
	s := &State{b: b, rules: r, Rules: r, InvestorCard: -1, Turn: 0, Round: 1, Phase: PhaseRondel}
	for _, name := range names {
		s.Players = append(s.Players, Player{Name: name})
	}
	s.Factories = make([]bool, len(b.Regions))
	s.Flags = make([]int, len(b.Regions))
	for i := range s.Flags {
		s.Flags[i] = -1
	}
	for _, nat := range b.Nations {
		bonds := make([]int, len(b.Bonds))
		for i := range bonds {
			bonds[i] = -1
		}
		s.Nations = append(s.Nations, Nation{Government: -1, Rondel: -1, TaxValue: b.TaxChart[0].Value, Bonds: bonds})
		s.Units = append(s.Units, make([]Stack, len(b.Regions)))
		for _, id := range nat.Factories {
			ri, ok := b.Region(id)
			if !ok {
				return nil, fmt.Errorf("starting factory %s unknown", id)
			}
			s.Factories[ri] = true
		}
	}
	src := rng.New(seed)
	if r.Setup == "experienced" {
		return s.setupAuction(src)
	}
	return s.setupStandard(src)
}

// setupStandard deals the flag cards (rule book SET-UP 2): each card's holder
// buys the two bonds printed on its back; undealt cards go to the holder of
// that nation's 2M bond.
func (s *State) setupStandard(src *rng.Source) (*State, error) {
	b, n := s.b, len(s.Players)
	deal, ok := b.Deals[n]
	if !ok {
		return nil, fmt.Errorf("no deal for %d players", n)
	}
	cards := append([]string(nil), deal.Shuffle...)
	src.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	holder := map[string]int{}
	for seat := 0; seat < n && seat < len(cards); seat++ {
		holder[cards[seat]] = seat
		for _, extra := range deal.Add[cards[seat]] {
			holder[extra] = seat
		}
	}
	for i := range s.Players {
		s.Players[i].Cash = b.StartingMoney[n]
	}
	for _, nat := range b.Nations { // buy in turn order, deterministic
		seat, dealt := holder[nat.ID]
		if !dealt {
			continue
		}
		for _, cb := range b.FlagCards[nat.ID] {
			ni, _ := b.Nation(cb.Nation)
			bi := s.bondIndex(cb.Cost)
			s.Nations[ni].Bonds[bi] = seat
			s.noteAcquired(ni, bi, -1)
			s.Nations[ni].Treasury += cb.Cost
			s.Players[seat].Cash -= cb.Cost
		}
	}
	for ni := range s.Nations {
		s.Nations[ni].Government = s.highestHolder(ni, -1)
	}
	s.updateSwissBanks()
	s.InvestorCard = s.initialInvestorCard()
	s.Turn = s.firstNation()
	s.Phase = PhaseRondel
	if s.Turn < 0 {
		return nil, fmt.Errorf("no nation has a government")
	}
	if !s.rules.InvestorCard {
		s.InvestorCard = -1
	}
	return s, nil
}

// initialInvestorCard: the player left of Austria-Hungary's government, or if
// none, left of the fallback nation's (rule book TREASURIES / START OF THE GAME).
func (s *State) initialInvestorCard() int {
	n := len(s.Players)
	if g := s.Nations[0].Government; g >= 0 {
		return (g + 1) % n
	}
	if fi, ok := s.b.Nation(s.b.FirstNationFallback); ok {
		if g := s.Nations[fi].Government; g >= 0 {
			return (g + 1) % n
		}
	}
	for _, nat := range s.Nations {
		if nat.Government >= 0 {
			return (nat.Government + 1) % n
		}
	}
	return 0
}

// firstNation is the first nation in turn order with a government.
func (s *State) firstNation() int {
	for i, nat := range s.Nations {
		if nat.Government >= 0 {
			return i
		}
	}
	return -1
}

func (s *State) bondIndex(cost int) int {
	for i, bd := range s.b.Bonds {
		if bd.Cost == cost {
			return i
		}
	}
	return -1
}
