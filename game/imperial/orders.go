package imperial

import (
	"bytes"
	"encoding/json"

	"rondel/game"
	"rondel/game/words"
)

// The standing orders Imperial offers (game.OrderTaker). Their ids are
// stored with every order given: never change them.
const (
	OrderNeverBattle   = "never-battle"   // answer demand-battle with no battle, against one nation's units
	OrderForceInvestor = "force-investor" // a Swiss bank always forces the stop on Investor
	OrderGrantCanal    = "grant-canal"    // let one nation's units through our canal
)

// StandingOrders lists the orders on offer: canal passage only on a board
// with canals (Imperial 2030).
func (s *State) StandingOrders() []game.OrderSpec {
	nations := &game.OrderParam{Name: "nation", Label: words.New("imperial.order.whose_units")}
	for ni := range s.Nations {
		nations.Choices = append(nations.Choices, game.OrderChoice{Value: s.nationID(ni), Label: words.New(s.nationKey(ni))})
	}
	specs := []game.OrderSpec{
		{ID: OrderNeverBattle, Label: words.New("imperial.order.never_battle"), Answers: []string{DDemand}, Param: nations},
		{ID: OrderForceInvestor, Label: words.New("imperial.order.force_investor"), Answers: []string{DForce}},
	}
	if len(s.b.Canals) > 0 {
		specs = append(specs, game.OrderSpec{ID: OrderGrantCanal, Label: words.New("imperial2030.order.grant_canal"), Answers: []string{DCanal}, Param: nations})
	}
	return specs
}

// AnswerOrder gives the move o makes for seat now: a demand for battle
// against the named nation's entering unit is declined, a stop on
// Investor is forced, the named nation is let through the canal.
func (s *State) AnswerOrder(seat int, o game.Order) (json.RawMessage, bool) {
	for _, d := range s.ToAct() {
		if d.Seat != seat {
			continue
		}
		var m Move
		switch {
		case o.ID == OrderNeverBattle && d.Kind == DDemand && s.nationID(s.Turn) == o.Param:
			m = Move{Type: MNoBattle, Nation: d.Subject}
		case o.ID == OrderForceInvestor && d.Kind == DForce && o.Param == "":
			m = Move{Type: MForce}
		case o.ID == OrderGrantCanal && d.Kind == DCanal && s.nationID(s.Turn) == o.Param:
			m = Move{Type: MGrantPassage, Nation: d.Subject}
		default:
			continue
		}
		// Only a move the position allows: the order never breaks a rule.
		want := m.JSON()
		for _, l := range s.LegalMoves(seat) {
			if bytes.Equal(l.Move, want) {
				return l.Move, true
			}
		}
	}
	return nil, false
}

var _ game.OrderTaker = (*State)(nil)
