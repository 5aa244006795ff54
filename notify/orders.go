package notify

import (
	"encoding/json"
	"strings"

	"rondel/game"
	"rondel/store"
)

// OrderKind is a kind of standing order a player may give for a game. It
// answers decisions of one engine kind, optionally only those whose prompt
// names something (Arg, e.g. a nation), with the legal move whose label
// starts with Answer. Everything goes through the game contract: decision
// kinds, prompts and legal-move labels.
type OrderKind struct {
	Name     string // stored in standing_orders.kind
	Label    string // for the settings page; %s is the argument
	Decision string // decision kind it answers ("" with OnlyMove)
	NeedsArg bool
	// Match says whether the prompt concerns arg.
	Match  func(prompt, arg string) bool
	Answer string // label prefix of the legal move to make
	// OnlyMove: any decision that leaves exactly one legal move.
	OnlyMove bool
}

// OrderKinds are the standing orders on offer.
var OrderKinds = []OrderKind{
	{Name: "only-move", Label: "Answer automatically when only one move is possible", OnlyMove: true},
	{Name: "never-battle", Label: "Never demand a battle against %s", Decision: "demand-battle", NeedsArg: true,
		Match: func(p, arg string) bool { return strings.Contains(p, " of "+arg+" ") }, Answer: "No battle"},
	{Name: "force-investor", Label: "Always force a stop on Investor when allowed", Decision: "force-investor",
		Answer: "Force a stop on Investor"},
	{Name: "grant-canal", Label: "Grant canal passage to %s", Decision: "canal-permission", NeedsArg: true,
		Match: func(p, arg string) bool { return strings.HasPrefix(p, "May "+arg+" pass") }, Answer: "Grant passage"},
}

// OrderKindByName finds an order kind.
func OrderKindByName(name string) (OrderKind, bool) {
	for _, k := range OrderKinds {
		if k.Name == name {
			return k, true
		}
	}
	return OrderKind{}, false
}

// Describe says an order in words.
func (k OrderKind) Describe(arg string) string {
	if k.NeedsArg {
		return strings.Replace(k.Label, "%s", arg, 1)
	}
	return k.Label
}

// autoAnswer finds a move the game makes for seat without asking: the
// caretaker's when the seat was dropped, or one a standing order gives.
func autoAnswer(st game.State, seat int, orders []store.StandingOrder, dropped bool) (json.RawMessage, string, string, bool) {
	if st.Finished() {
		return nil, "", "", false
	}
	var mine []game.Decision
	for _, d := range st.ToAct() {
		if d.Seat == seat {
			mine = append(mine, d)
		}
	}
	if len(mine) == 0 {
		return nil, "", "", false
	}
	if dropped {
		mv, why, err := st.Caretaker(seat)
		if err != nil {
			return nil, "", "", false
		}
		return mv, store.ByCaretaker, "the caretaker plays this seat after repeated timeouts: " + why, true
	}
	legal := st.LegalMoves(seat)
	for _, o := range orders {
		k, ok := OrderKindByName(o.Kind)
		if !ok {
			continue
		}
		if k.OnlyMove {
			if len(legal) == 1 {
				return legal[0].Move, store.ByStandingOrder, k.Describe(o.Arg), true
			}
			continue
		}
		for _, d := range mine {
			if d.Kind != k.Decision || (k.NeedsArg && !k.Match(d.Prompt, o.Arg)) {
				continue
			}
			for _, m := range legal {
				if strings.HasPrefix(m.Label, k.Answer) {
					return m.Move, store.ByStandingOrder, k.Describe(o.Arg), true
				}
			}
		}
	}
	return nil, "", "", false
}
