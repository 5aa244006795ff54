package imperial

import (
	"rondel/game"
	"rondel/game/words"
)

// Canals (Imperial 2030, rule book 002 Kanäle and its Suez example): a fleet
// may sail through a canal in one move, and an army may be convoyed through
// it. If a nation has its flag in the canal's controlling region, every
// other nation needs its permission for both, asked of its government; a
// nation passes its own canal freely, and so does a nation whose government
// also governs the controlling nation. The move waits in Maneuver.Canal
// until every controller asked has answered; a refusal cancels it and the
// maneuver goes on. A CanalRequest is never changed in place (State.clone
// copies the pointer), only replaced.

// Decision kind and moves of a canal permission.
const (
	DCanal        = "canal-permission"
	MGrantPassage = "grant_passage"
	MDenyPassage  = "deny_passage"
)

// CanalRequest is a fleet or army move through canals waiting for permission.
type CanalRequest struct {
	Move  Move     `json:"move"`
	Canal []string `json:"canals"` // canal ids passed, in order
	Asked []int    `json:"asked"`  // controlling nations still to answer, in order
}

// moveFunc is moveFleet or moveArmy.
type moveFunc func(s *State, m Move, l *log) error

// throughCanal carries out a fleet or army move, first asking the canal
// controllers whose permission it needs.
func (s *State) throughCanal(m Move, l *log, do moveFunc) error {
	canals, asked := s.canalPassage(m)
	if len(asked) == 0 {
		return do(s, m, l)
	}
	if err := do(s.clone(), m, &log{quiet: true}); err != nil {
		return err // an illegal move is refused before anybody is asked
	}
	s.Maneuver.Canal = &CanalRequest{Move: m, Canal: canals, Asked: asked}
	l.say(func() words.Text {
		return s.nat(s.nat(canalText("event.asks"), "nation", s.Turn), "controller", asked[0]).With("canals", canalWords(canals))
	})
	return nil
}

// canalPassage lists the canals a move passes and the nations whose
// permission it needs, in order and each once.
func (s *State) canalPassage(m Move) (canals []string, asked []int) {
	if len(s.b.Canals) == 0 {
		return nil, nil
	}
	var seas []int
	switch m.Type {
	case MFleet:
		from, ok1 := s.b.Region(m.From)
		to, ok2 := s.b.Region(m.To)
		if !ok1 || !ok2 {
			return nil, nil
		}
		seas = []int{from, to}
	case MArmy:
		seas = s.convoyRoute(m)
	}
	for i := 0; i+1 < len(seas); i++ {
		c := s.b.CanalBetween(seas[i], seas[i+1])
		if c == nil {
			continue
		}
		canals = append(canals, c.ID)
		ctl := s.Flags[c.ControlIdx]
		if ctl < 0 || ctl == s.Turn || containsInt(asked, ctl) || s.Nations[ctl].Government == s.Nations[s.Turn].Government {
			continue
		}
		asked = append(asked, ctl)
	}
	return canals, asked
}

// convoyRoute returns the seas, in sailing order, of the convoy route an army
// move takes (nil by land or if there is no such route; moveArmy then says why).
func (s *State) convoyRoute(m Move) []int {
	if len(m.Via) == 0 {
		return nil
	}
	from, ok1 := s.b.Region(m.From)
	to, ok2 := s.b.Region(m.To)
	if !ok1 || !ok2 {
		return nil
	}
	var via []int
	for _, id := range m.Via {
		v, ok := s.b.Region(id)
		if !ok {
			return nil
		}
		via = append(via, v)
	}
	for _, r := range s.armyRoutes(from) {
		if r.To == to && r.Via != nil && sameSet(r.Via, via) {
			return r.Via
		}
	}
	return nil
}

// answerCanal takes a controlling government's answer.
func (s *State) answerCanal(seat int, m Move, l *log) error {
	req := s.Maneuver.Canal
	ctl := req.Asked[0]
	if m.Type != MGrantPassage && m.Type != MDenyPassage {
		return game.Refuse("imperial2030.rule.canal", s.nat(s.nat(canalText("error.answer_first"), "controller", ctl), "nation", s.Turn).
			With("canals", canalWords(req.Canal)))
	}
	if m.Nation != "" && m.Nation != s.nationID(ctl) {
		return game.Refuse("imperial2030.rule.canal", s.nat(canalText("error.asked_now"), "controller", ctl))
	}
	if err := s.mustGovern(seat, ctl); err != nil {
		return err
	}
	if m.Type == MDenyPassage {
		s.Maneuver.Canal = nil
		l.say(func() words.Text {
			return s.nat(s.nat(canalText("event.refused"), "controller", ctl), "nation", s.Turn).With("canals", canalWords(req.Canal))
		})
		return nil
	}
	l.say(func() words.Text {
		return s.nat(s.nat(canalText("event.granted"), "controller", ctl), "nation", s.Turn).With("canals", canalWords(req.Canal))
	})
	if len(req.Asked) > 1 {
		next := *req
		next.Asked = append([]int(nil), req.Asked[1:]...)
		s.Maneuver.Canal = &next
		return nil
	}
	s.Maneuver.Canal = nil
	do := (*State).moveFleet
	if req.Move.Type == MArmy {
		do = (*State).moveArmy
	}
	if err := do(s, req.Move, l); err != nil {
		return err
	}
	s.maybeEndManeuver(l)
	return nil
}

// canalDecisions is the open canal question, if any.
func (s *State) canalDecisions(worded bool) []game.Decision {
	if s.Maneuver == nil || s.Maneuver.Canal == nil {
		return nil
	}
	req := s.Maneuver.Canal
	ctl := req.Asked[0]
	d := game.Decision{Seat: s.Nations[ctl].Government, Kind: DCanal, Subject: s.nationID(ctl)}
	if worded {
		d.Prompt = s.nat(canalText("prompt.passage"), "nation", s.Turn).With("canals", canalWords(req.Canal)).
			Sub("move", s.canalMoveWords(req.Move))
	}
	return []game.Decision{d}
}

func (s *State) canalMoves(nationID string, add adder) {
	g := canalText("group.canal")
	add(Move{Type: MGrantPassage, Nation: nationID}, canalText("move.grant"), g)
	add(Move{Type: MDenyPassage, Nation: nationID}, canalText("move.refuse"), g)
}

// canalText starts a text of the canal rules, which only Imperial 2030 has.
func canalText(id string) words.Text { return words.New("imperial2030." + id) }

// canalMoveWords: "a fleet from Caribbean Sea to North Pacific".
func (s *State) canalMoveWords(m Move) words.Text {
	from, _ := s.b.Region(m.From)
	to, _ := s.b.Region(m.To)
	id := "move_words.fleet"
	if m.Type == MArmy {
		id = "move_words.army"
	}
	return s.reg(s.reg(canalText(id), "from", from), "to", to)
}

// canalWords names canals by their terms ("the Panama Canal").
func canalWords(ids []string) words.Arg {
	keys := make([]string, len(ids))
	for i, id := range ids {
		keys[i] = "imperial2030.canal." + id
	}
	return words.Terms(keys...)
}
