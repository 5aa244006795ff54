package game

import (
	"encoding/json"
	"slices"

	"rondel/game/words"
)

// Standing orders: a player tells the game in advance how to answer a
// kind of decision ("never demand a battle against France"), and the game
// answers it for them whenever it comes up, without asking. Each engine
// declares the orders it offers and answers them; the service stores the
// orders given and asks the engine for the move, knowing neither the
// decisions nor their words.

// OrderSpec is one standing order a game offers.
type OrderSpec struct {
	// ID is stored with every order given: never change it.
	ID string `json:"id"`
	// Label says the order; the parameter's choice is its argument named
	// Param.Name, e.g. "Never demand a battle against {{.nation}}".
	Label words.Text `json:"label"`
	// Answers lists the kinds of decision (Decision.Kind) it answers.
	Answers []string `json:"answers"`
	// Param is what the order names (e.g. a nation); nil if nothing.
	Param *OrderParam `json:"param,omitempty"`
}

// OrderParam is the one thing an order names, chosen from a list.
type OrderParam struct {
	Name    string        `json:"name"`  // e.g. "nation"
	Label   words.Text    `json:"label"` // for a form, e.g. "whose units"
	Choices []OrderChoice `json:"choices"`
}

// OrderChoice is one value a parameter may take.
type OrderChoice struct {
	Value string     `json:"value"` // stored with the order: a stable id, e.g. "FR"
	Label words.Text `json:"label"` // e.g. the term for France
}

// Order is a standing order given: which one, and its parameter's value
// ("" when the order names nothing).
type Order struct {
	ID    string `json:"id"`
	Param string `json:"param,omitempty"`
}

// OrderTaker is a State whose game offers standing orders.
type OrderTaker interface {
	// StandingOrders lists the orders on offer; a game offers the same
	// ones in every position.
	StandingOrders() []OrderSpec
	// AnswerOrder returns the move o makes for seat now, if it answers
	// one of seat's open decisions (a legal move), and false otherwise.
	AnswerOrder(seat int, o Order) (json.RawMessage, bool)
}

// StandingOrders returns the orders st's game offers (none if it offers
// none).
func StandingOrders(st State) []OrderSpec {
	if ot, ok := st.(OrderTaker); ok {
		return ot.StandingOrders()
	}
	return nil
}

// FindOrder returns the spec with the given id among specs.
func FindOrder(specs []OrderSpec, id string) (OrderSpec, bool) {
	i := slices.IndexFunc(specs, func(s OrderSpec) bool { return s.ID == id })
	if i < 0 {
		return OrderSpec{}, false
	}
	return specs[i], true
}

// Check says whether o is an order of this spec with an allowed parameter.
func (s OrderSpec) Check(o Order) error {
	if o.ID != s.ID {
		return words.Fail(words.New("game.error.order_unknown").Lit("order", o.ID))
	}
	if s.Param == nil {
		if o.Param != "" {
			return words.Fail(words.New("game.error.order_names_nothing").Sub("order", s.Label))
		}
		return nil
	}
	if _, ok := s.Param.choice(o.Param); !ok {
		return words.Fail(words.New("game.error.order_choose").Sub("what", s.Param.Label))
	}
	return nil
}

// Describe says o. A parameter value the spec does not know (from an
// older version of the game) is shown as it is.
func (s OrderSpec) Describe(o Order) words.Text {
	if s.Param == nil {
		return s.Label
	}
	arg := words.Lit(o.Param)
	if c, ok := s.Param.choice(o.Param); ok {
		arg = words.Sub(c.Label)
	}
	return s.Label.With(s.Param.Name, arg)
}

func (p *OrderParam) choice(v string) (OrderChoice, bool) {
	i := slices.IndexFunc(p.Choices, func(c OrderChoice) bool { return c.Value == v })
	if i < 0 {
		return OrderChoice{}, false
	}
	return p.Choices[i], true
}
