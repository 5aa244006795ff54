package imperial

import (
	"rondel/game/words"
	"slices"

	"rondel/game/rng"
)

// The variant for experienced players (rule book SET-UP): no flag cards;
// nation by nation, each player in turn may grant one bond, the first
// chooser moving one seat clockwise for each nation.

func (s *State) setupAuction(src *rng.Source) (*State, error) {
	n := len(s.Players)
	for i := range s.Players {
		s.Players[i].Cash = s.b.ExperiencedMoney[n]
	}
	s.Auction = &Auction{Start: src.Intn(n)}
	s.Phase = PhaseAuction
	s.skipAuction(&log{})
	return s, nil
}

func (s *State) auctionChooser() int {
	a := s.Auction
	return (a.Start + a.Nation + a.Asked) % len(s.Players)
}

// skipAuction passes over players who cannot afford any bond on offer and
// finishes the distribution after the last nation.
func (s *State) skipAuction(l *log) {
	a := s.Auction
	for a.Nation < len(s.Nations) {
		if a.Asked >= len(s.Players) {
			a.Nation++
			a.Asked = 0
			continue
		}
		if len(s.auctionChoices(s.auctionChooser())) > 0 {
			return
		}
		a.Asked++
	}
	s.Auction = nil
	for ni := range s.Nations {
		s.Nations[ni].Government = s.highestHolder(ni, -1)
		if g := s.Nations[ni].Government; g >= 0 {
			l.say(func() words.Text { return s.nat(ev("governs"), "nation", ni).Seat("seat", g) })
		}
	}
	s.updateSwissBanks()
	if s.rules.InvestorCard {
		s.InvestorCard = s.initialInvestorCard()
	}
	s.Turn = s.firstNation()
	s.Phase = PhaseRondel
}

func (s *State) auctionChoices(seat int) []Move {
	var out []Move
	for _, m := range s.bondChoices(seat, s.Auction.Nation) {
		if m.TradeIn == 0 {
			out = append(out, m)
		}
	}
	return out
}

func (s *State) doAuction(seat int, m Move, l *log) error {
	a := s.Auction
	if seat != s.auctionChooser() {
		return broke("auction", s.nat(errText("auction_turn"), "nation", a.Nation).Seat("seat", s.auctionChooser()))
	}
	switch m.Type {
	case MSkipBond:
		if a.Nation == len(s.Nations)-1 && a.Asked == len(s.Players)-1 && !s.anyBondSold() {
			return broke("auction", errText("auction_somebody"))
		}
		l.say(func() words.Text { return s.nat(ev("no_grant"), "nation", a.Nation).Seat("seat", seat) })
	case MBond:
		ni, err := s.nation(m.Nation)
		if err != nil {
			return err
		}
		if ni != a.Nation || m.TradeIn != 0 {
			return broke("auction", s.nat(errText("auction_nation"), "nation", a.Nation))
		}
		if err := s.buyBond(seat, ni, m.Cost, 0, l); err != nil {
			return err
		}
	default:
		return broke("auction", s.nat(errText("auction_expected"), "nation", a.Nation))
	}
	a.Asked++
	s.skipAuction(l)
	return nil
}

func (s *State) anyBondSold() bool {
	for _, nat := range s.Nations {
		for _, h := range nat.Bonds {
			if h >= 0 {
				return true
			}
		}
	}
	return false
}

// The variant without investor card (rule book VARIANT WITHOUT INVESTOR
// CARD): after a nation's turn its government, then the others clockwise,
// may invest in it; a following nation without government can receive
// bonds in the same round. Swiss banks may invest in any nation then.

// afterQueue lists the nations offered after nation ni's turn.
func (s *State) afterQueue(ni int) []int {
	q := []int{ni}
	for k := 1; k < len(s.Nations); k++ {
		x := (ni + k) % len(s.Nations)
		if s.Nations[x].Government >= 0 {
			break
		}
		q = append(q, x)
	}
	return q
}

func (s *State) startAfterTurn(l *log) bool {
	if s.Phase == PhaseOver {
		return false
	}
	s.After = &After{Nation: s.Turn, First: s.Nations[s.Turn].Government}
	s.Phase = PhaseAfter
	return s.advanceAfter(l)
}

func (s *State) afterSeat() int { return (s.After.First + s.After.Asked) % len(s.Players) }

// afterNation is the nation on offer: the queue is walked once per player.
func (s *State) afterNation() int {
	q := s.afterQueue(s.After.Nation)
	return q[s.After.Asked/len(s.Players)]
}

func (s *State) afterChoices(seat int) []Move {
	if s.Players[seat].SwissBank {
		return s.bondChoices(seat, -1)
	}
	return s.bondChoices(seat, s.afterNation())
}

// advanceAfter skips players with nothing to buy; at the end it checks the
// governments and hands on the turn. It reports whether a decision is open.
func (s *State) advanceAfter(l *log) bool {
	total := len(s.afterQueue(s.After.Nation)) * len(s.Players)
	for s.After.Asked < total {
		if len(s.afterChoices(s.afterSeat())) > 0 {
			return true
		}
		s.After.Asked++
	}
	for _, ni := range s.checkGovernments(s.After.First) {
		l.say(func() words.Text {
			return s.nat(ev("governs_now"), "nation", ni).Seat("seat", s.Nations[ni].Government)
		})
	}
	s.updateSwissBanks()
	s.After = nil
	s.nextNation(l)
	return true
}

func (s *State) doAfter(seat int, m Move, l *log) error {
	if seat != s.afterSeat() {
		return broke("after", errText("after_turn").Seat("seat", s.afterSeat()))
	}
	switch m.Type {
	case MSkipBond:
		l.say(func() words.Text { return ev("no_invest").Seat("seat", seat) })
	case MBond:
		ni, err := s.nation(m.Nation)
		if err != nil {
			return err
		}
		ok := slices.ContainsFunc(s.afterChoices(seat), func(c Move) bool {
			return c.Nation == m.Nation && c.Cost == m.Cost && c.TradeIn == m.TradeIn
		})
		if !ok {
			return broke("after", s.nat(errText("after_nation"), "nation", s.afterNation()).Seat("seat", seat))
		}
		if err := s.buyBond(seat, ni, m.Cost, m.TradeIn, l); err != nil {
			return err
		}
	default:
		return broke("after", errText("after_expected"))
	}
	s.After.Asked++
	s.advanceAfter(l)
	return nil
}
