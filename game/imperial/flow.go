package imperial

import (
	"encoding/json"

	"rondel/game"
	"rondel/game/words"
)

// log collects the events of one Apply; a quiet log (replay, a trial
// move) drops them.
type log struct {
	events []game.Event
	quiet  bool
}

// say adds the event that text words. It is called only for a log that
// keeps events, so a replay builds no words at all: text does not escape
// (it is called here, not kept), so the closures at the call sites cost
// no allocation either.
func (l *log) say(text func() words.Text) {
	if l.quiet {
		return
	}
	l.events = append(l.events, game.Event{Msg: text()})
}

// Apply plays one move. The receiver is never changed.
func (s *State) Apply(seat int, raw json.RawMessage) (game.State, []game.Event, error) {
	if s.Phase == PhaseOver {
		return nil, nil, broke("game_over", errText("game_over"))
	}
	if seat < 0 || seat >= len(s.Players) {
		return nil, nil, broke("players", errText("no_seat").Num("seat", seat+1))
	}
	m, err := decodeMove(raw)
	if err != nil {
		return nil, nil, err
	}
	c := s.clone()
	l := &log{}
	if err := c.apply(seat, m, l); err != nil {
		return nil, nil, err
	}
	c.Moves++
	return c, l.events, nil
}

// Fold applies a move in place, without events: for replaying a record
// into a fresh state (game.Folder). After an error s must be thrown away.
func (s *State) Fold(seat int, raw json.RawMessage) error {
	if s.Phase == PhaseOver {
		return broke("game_over", errText("game_over"))
	}
	if seat < 0 || seat >= len(s.Players) {
		return broke("players", errText("no_seat").Num("seat", seat+1))
	}
	m, err := decodeMove(raw)
	if err != nil {
		return err
	}
	if err := s.apply(seat, m, &log{quiet: true}); err != nil {
		return err
	}
	s.Moves++
	return nil
}

func (s *State) apply(seat int, m Move, l *log) error {
	switch s.Phase {
	case PhaseRondel:
		if err := s.mustGovern(seat, s.Turn); err != nil {
			return err
		}
		if m.Type != MRondel {
			return broke("rondel", s.nat(errText("rondel_first"), "nation", s.Turn))
		}
		return s.doRondel(m, l)
	case PhaseForce:
		return s.doForce(seat, m, l)
	case PhaseImport:
		if err := s.mustGovern(seat, s.Turn); err != nil {
			return err
		}
		return s.doImport(m, l)
	case PhaseFactory:
		if err := s.mustGovern(seat, s.Turn); err != nil {
			return err
		}
		return s.doFactory(m, l)
	case PhaseManeuver:
		return s.doManeuver(seat, m, l)
	case PhaseInvest:
		if len(s.Investors) == 0 || s.Investors[0] != seat {
			return broke("investor", errText("not_your_investment").Seat("seat", seat))
		}
		return s.doInvest(seat, m, l)
	case PhaseAuction:
		return s.doAuction(seat, m, l)
	case PhaseAfter:
		return s.doAfter(seat, m, l)
	}
	return broke("turn", errText("no_move_expected"))
}

func (s *State) mustGovern(seat, ni int) error {
	if s.Nations[ni].Government != seat {
		if g := s.Nations[ni].Government; g >= 0 {
			return broke("government", s.nat(errText("not_government"), "nation", ni).Seat("seat", g))
		}
		return broke("government", s.nat(errText("no_government"), "nation", ni))
	}
	return nil
}

// finishAction runs after the action of the space landed on is complete:
// Investor steps 2 and 3 if the move passed over Investor, then the next
// nation (rule book INVESTOR introduction).
func (s *State) finishAction(l *log) {
	if s.Phase == PhaseOver {
		return
	}
	if s.Passing && s.rules.InvestorCard {
		s.Passing = false
		l.say(func() words.Text { return s.nat(ev("passed_investor"), "nation", s.Turn) })
		s.startInvestorTurn(l)
		return
	}
	s.Passing = false
	s.endTurn(l)
}

// endTurn hands the turn to the next nation with a government.
func (s *State) endTurn(l *log) {
	if !s.rules.InvestorCard && s.startAfterTurn(l) {
		return
	}
	s.nextNation(l)
}

func (s *State) nextNation(l *log) {
	n := len(s.Nations)
	ni := s.Turn
	for k := 0; k < n; k++ {
		ni = (ni + 1) % n
		if ni == 0 {
			s.Round++
		}
		if s.Nations[ni].Government >= 0 {
			s.Turn = ni
			s.Phase = PhaseRondel
			return
		}
	}
}
