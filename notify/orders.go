package notify

import (
	"encoding/json"
	"slices"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// Standing orders: notify stores the orders a player gives for a seat and
// applies them as soon as the seat is asked, before any mail goes out.
// The orders themselves come from the game (game.OrderTaker): notify knows
// neither the decisions they answer nor their words. One order it offers
// for every game and answers itself: take the only legal move.

// The orders on offer are said by store (store/orders_offer.go), which
// handlers read too: OrderOnlyMove, OrdersOffered, CheckOrder,
// DescribeOrder.

// autoAnswer finds a move the game makes for seat without asking: the
// caretaker's when the seat was dropped, or one a standing order gives.
// The note says why, as words.
func autoAnswer(st game.State, seat int, orders []store.StandingOrder, dropped bool) (mv json.RawMessage, by string, note words.Text, ok bool) {
	if st.Finished() {
		return nil, "", note, false
	}
	var mine []game.Decision
	for _, d := range st.ToAct() {
		if d.Seat == seat {
			mine = append(mine, d)
		}
	}
	if len(mine) == 0 {
		return nil, "", note, false
	}
	if dropped {
		mv, why, err := st.Caretaker(seat)
		if err != nil {
			return nil, "", note, false
		}
		return mv, store.ByCaretaker, words.New("mail.note.dropped").Sub("why", why), true
	}
	legal := st.LegalMoves(seat)
	specs := store.OrdersOffered(st)
	for _, o := range orders {
		spec, ok := game.FindOrder(specs, o.Order)
		if !ok {
			continue
		}
		given := game.Order{ID: o.Order, Param: o.Param}
		if spec.ID == store.OrderOnlyMove {
			if len(legal) == 1 {
				return legal[0].Move, store.ByStandingOrder, spec.Describe(given), true
			}
			continue
		}
		if !asks(mine, spec.Answers) {
			continue
		}
		if mv, ok := st.(game.OrderTaker).AnswerOrder(seat, given); ok {
			return mv, store.ByStandingOrder, spec.Describe(given), true
		}
	}
	return nil, "", note, false
}

// asks reports whether one of the decisions is of one of the kinds.
func asks(ds []game.Decision, kinds []string) bool {
	for _, d := range ds {
		if slices.Contains(kinds, d.Kind) {
			return true
		}
	}
	return false
}
