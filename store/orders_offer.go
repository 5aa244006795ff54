package store

import (
	"strings"

	"rondel/game"
	"rondel/game/words"
)

// Standing orders on offer: the one every game has (take the only legal
// move, answered by notify itself) and the game's own (game.OrderTaker).

// OrderOnlyMove is the id of the order every game has.
const OrderOnlyMove = "only-move"

var onlyMove = game.OrderSpec{ID: OrderOnlyMove, Label: words.New("mail.order.only_move")}

// OrdersOffered lists the standing orders on offer in st's game: the one every
// game has, then the game's own. A game not started yet (st nil) offers
// the first only.
func OrdersOffered(st game.State) []game.OrderSpec {
	out := []game.OrderSpec{onlyMove}
	if st != nil {
		out = append(out, game.StandingOrders(st)...)
	}
	return out
}

// CheckOrder refuses an order st's game does not offer, or one whose
// parameter is not among its choices.
func CheckOrder(st game.State, o game.Order) error {
	spec, ok := game.FindOrder(OrdersOffered(st), o.ID)
	if !ok {
		return words.Fail(words.New("game.error.order_unknown").Lit("order", o.ID))
	}
	return spec.Check(o)
}

// DescribeOrder says a stored order; one the game does not offer (any
// more) is named by its id.
func DescribeOrder(st game.State, o StandingOrder) words.Text {
	spec, ok := game.FindOrder(OrdersOffered(st), o.Order)
	if !ok {
		return words.New("mail.order.gone").Lit("order", strings.TrimSpace(o.Order+" "+o.Param))
	}
	return spec.Describe(game.Order{ID: o.Order, Param: o.Param})
}
