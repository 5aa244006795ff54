package imperial

import (
	"encoding/json"
	"slices"

	"rondel/game"
	"rondel/game/words"
)

// Decision kinds, as the rest of Rondel sees them.
const (
	DRondel   = "rondel"
	DForce    = "force-investor"
	DImport   = "import"
	DFactory  = "factory"
	DManeuver = "maneuver"
	DBattle   = "battle"        // the mover: fight the unit's opponents or not
	DDemand   = "demand-battle" // another government: demand a battle or not
	DInvest   = "invest"
	DAuction  = "bond-distribution"
)

// ToAct lists the open decisions.
func (s *State) ToAct() []game.Decision { return s.toAct(true) }

// toAct is ToAct; without worded its prompts are left zero (LegalMoves
// needs only who decides what, and a prompt costs a few allocations).
func (s *State) toAct(worded bool) []game.Decision {
	gov := func(ni int) int { return s.Nations[ni].Government }
	say := func(f func() words.Text) words.Text {
		if !worded {
			return words.Text{}
		}
		return f()
	}
	one := func(seat int, kind string, ni int, prompt func() words.Text) []game.Decision {
		subj := ""
		if ni >= 0 {
			subj = s.nationID(ni)
		}
		return []game.Decision{{Seat: seat, Kind: kind, Subject: subj, Prompt: say(prompt)}}
	}
	prompt := func(id string, ni int) words.Text { return s.nat(words.New("imperial.prompt."+id), "nation", ni) }
	asked := func(id string, ni int) func() words.Text { return func() words.Text { return prompt(id, ni) } }
	ni := s.Turn
	switch s.Phase {
	case PhaseAuction:
		return one(s.auctionChooser(), DAuction, s.Auction.Nation, asked("auction", s.Auction.Nation))
	case PhaseRondel:
		return one(gov(ni), DRondel, ni, asked("rondel", ni))
	case PhaseForce:
		var out []game.Decision
		for _, seat := range s.swissBanks(s.InvestorCard) {
			if !containsInt(s.Pending.Declined, seat) {
				out = append(out, game.Decision{Seat: seat, Kind: DForce, Subject: s.nationID(ni),
					Prompt: say(func() words.Text { return prompt("force", ni).Term("slot", slotKey(s.Pending.Slot)) })})
			}
		}
		return out
	case PhaseImport:
		return one(gov(ni), DImport, ni, s.importPrompt)
	case PhaseFactory:
		return one(gov(ni), DFactory, ni, asked("factory", ni))
	case PhaseManeuver:
		if d := s.canalDecisions(worded); d != nil {
			return d
		}
		c := s.Maneuver.Conflict
		if c == nil {
			return one(gov(ni), DManeuver, ni, asked("maneuver", ni))
		}
		if c.Stage == "mover" {
			return one(gov(ni), DBattle, ni, func() words.Text { return s.reg(prompt("battle", ni), "region", c.Region) })
		}
		var out []game.Decision
		for _, x := range c.Asked {
			p := say(func() words.Text {
				return s.reg(s.nat(prompt("demand", x), "mover", ni), "region", c.Region).Term("unit", unitKey(c.Unit))
			})
			out = append(out, game.Decision{Seat: gov(x), Kind: DDemand, Subject: s.nationID(x), Prompt: p})
		}
		return out
	case PhaseInvest:
		return one(s.Investors[0], DInvest, -1, func() words.Text { return words.New("imperial.prompt.invest") })
	case PhaseAfter:
		return one(s.afterSeat(), DInvest, s.afterNation(), asked("invest_after", s.afterNation()))
	}
	return nil
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// adder adds one legal move with its label and group.
type adder func(m Move, label, group words.Text)

// placer adds one legal move that is no pass, already encoded, with its
// board act (boardAct's), both made by the caller from the regions'
// indices: a maneuver's hundred moves then look no region up by its id
// and copy no Move.
type placer func(js json.RawMessage, label, group words.Text, act *game.BoardAct)

// group and label start a move group's or a move label's text. The ids
// the engine uses are looked up in read-only tables made at start-up:
// a legal-move list names a label and a group per move, and joining the
// prefix each time was one allocation per name.
func group(id string) words.Text { return words.New(prefixed(groupKeys, "imperial.group.", id)) }
func label(id string) words.Text { return words.New(prefixed(labelKeys, "imperial.move.", id)) }

var (
	groupKeys = keyTable("imperial.group.", "army", "army_convoy", "army_land", "battle", "bonds", "demand",
		"destroy", "end_maneuver", "factory", "fleet", "import_end", "part", "pass", "rondel", "swiss_bank")
	labelKeys = keyTable("imperial.move.", "army", "army_convoy", "battle", "battle_lying", "battle_standing",
		"bond", "bond_upgrade", "demand", "destroy", "end_maneuver", "factory", "fleet", "force", "import_end",
		"import_none", "import_unit", "lie_down", "no_battle", "no_factory", "no_force", "no_grant", "no_invest",
		"peace", "rondel", "rondel_fee", "rondel_fee_investor", "rondel_investor", "rondel_place",
		"rondel_place_between", "stand_up")
)

func keyTable(prefix string, ids ...string) map[string]string {
	out := make(map[string]string, len(ids))
	for _, id := range ids {
		out[id] = prefix + id
	}
	return out
}

// prefixed is prefix+id, from the table when it holds id.
func prefixed(table map[string]string, prefix, id string) string {
	if k, ok := table[id]; ok {
		return k
	}
	return prefix + id
}

// LegalMoves lists every move seat may make now, in memory of its own.
func (s *State) LegalMoves(seat int) []game.LegalMove {
	var buf game.MoveBuf
	return s.ListMoves(&buf, seat)
}

// ListMoves lists every move seat may make now into buf (game.MoveBufLister):
// the list is valid until the next listing into buf. An empty list may be
// nil or not (nil from a fresh buffer, as LegalMoves' always was).
func (s *State) ListMoves(buf *game.MoveBuf, seat int) []game.LegalMove {
	buf.Reset()
	if cap(buf.JSON) == 0 {
		s.presize(buf)
	}
	a := &listArena{buf: buf.JSON, acts: buf.Acts}
	out := buf.Moves
	put := func(js json.RawMessage, label, group words.Text, act *game.BoardAct) {
		out = append(out, game.LegalMove{Move: js, Label: label, Group: group, Board: act})
	}
	add := func(m Move, label, group words.Text) {
		out = append(out, game.LegalMove{Move: a.json(m), Label: label, Group: group, Board: s.boardAct(m, a), Pass: isPass(m.Type)})
	}
	for _, d := range s.toAct(false) {
		if d.Seat != seat {
			continue
		}
		switch d.Kind {
		case DAuction:
			s.bondMoves(seat, s.auctionChoices(seat), add)
			add(Move{Type: MSkipBond}, s.nat(label("no_grant"), "nation", s.Auction.Nation), group("pass"))
		case DRondel:
			s.rondelMoves(add, scratchOf(buf))
		case DForce:
			add(Move{Type: MForce}, label("force"), group("swiss_bank"))
			add(Move{Type: MNoForce}, s.nat(label("no_force"), "nation", s.Turn), group("swiss_bank"))
		case DImport:
			s.importMoves(add)
		case DFactory:
			for _, r := range s.factorySites(s.Turn) {
				add(Move{Type: MFactory, Region: s.b.Regions[r].ID},
					s.reg(label("factory"), "region", r).Term("factory", s.factoryKey(r)), group("factory"))
			}
			add(Move{Type: MSkipFactory}, label("no_factory"), group("factory"))
		case DManeuver, DBattle:
			s.maneuverMoves(add, put, buf, a)
		case DDemand:
			s.demandMoves(d.Subject, add)
		case DCanal:
			s.canalMoves(d.Subject, add)
		case DInvest:
			if s.Phase == PhaseAfter {
				s.bondMoves(seat, s.afterChoices(seat), add)
			} else {
				s.bondMoves(seat, s.bondChoices(seat, -1), add)
			}
			add(Move{Type: MSkipBond}, label("no_invest"), group("pass"))
		}
	}
	buf.Moves, buf.JSON, buf.Acts = out, a.buf, a.acts // kept for the next listing
	return splitGroups(out)
}

// presize gives a fresh buffer the room a list of the phase takes, made
// at once: a maneuver lists about a hundred moves, and growing the list
// and its JSON from nothing allocated twice what one list of that size
// takes (and a lent buffer grew again on its second list).
func (s *State) presize(buf *game.MoveBuf) {
	n := 0
	switch {
	case s.Phase == PhaseManeuver && s.Maneuver.Conflict == nil:
		n = 128
	case s.Phase == PhaseRondel:
		n = numSlots
	}
	if n > 0 { // elsewhere the list grows from nil, and a seat with no moves gets nil as always
		buf.Moves = make([]game.LegalMove, 0, n)
	}
	n = max(n, 8)
	buf.JSON, buf.Acts = make([]byte, 0, n*56), make([]game.BoardAct, 0, n)
}

// listScratch is the memory Imperial keeps in a lent game.MoveBuf
// (Scratch) from one list to the next, made on the first list that needs
// it: the route search's, and the rondel labels' arguments.
type listScratch struct {
	routes routeScratch
	named  []words.Named
}

func scratchOf(buf *game.MoveBuf) *listScratch {
	sc, ok := buf.Scratch.(*listScratch)
	if !ok {
		sc = new(listScratch)
		buf.Scratch = sc
	}
	return sc
}

// routeScratchOf is the route search's memory in a lent buffer.
func routeScratchOf(buf *game.MoveBuf) *routeScratch { return &scratchOf(buf).routes }

// splitGroups cuts every group of more than maxGroup moves into parts of
// about equal size ("Army in Rome, by convoy (2 of 3)"), keeping the
// moves' order: a form without JavaScript shows a group as one list.
func splitGroups(moves []game.LegalMove) []game.LegalMove {
	if len(moves) <= maxGroup {
		return moves // the common case: no group can be too long
	}
	// A position has a few dozen groups at most: find each move's group
	// by comparing, rather than by encoding every group as a key. The
	// moves of one group are listed together and share its text, so the
	// previous move's group is tried first. A group is known by its first
	// move; the buffers stay on the stack (they grow onto the heap for a
	// list beyond them) and are small, for they are cleared at each call.
	var firstBuf, countBuf, seenBuf, partBuf [64]int32
	var whichBuf [256]uint16
	first, count := firstBuf[:0], countBuf[:0]
	which := whichBuf[:0]
	for i := range moves {
		g := &moves[i].Group
		k := -1
		if i > 0 && sameText(*g, moves[i-1].Group) {
			k = int(which[i-1])
		} else {
			k = slices.IndexFunc(first, func(f int32) bool { return moves[f].Group.Equal(*g) })
		}
		if k < 0 {
			k = len(first)
			first, count = append(first, int32(i)), append(count, 0)
		}
		which = append(which, uint16(k))
		count[k]++
	}
	if slices.Max(count) <= maxGroup {
		return moves
	}
	seen, part := seenBuf[:0], partBuf[:0] // part: the move holding a part's text
	for range first {
		seen, part = append(seen, 0), append(part, 0)
	}
	for i := range moves {
		k := which[i]
		n := int(count[k])
		if n <= maxGroup {
			continue
		}
		parts := (n + maxGroup - 1) / maxGroup
		size := (n + parts - 1) / parts
		if int(seen[k])%size == 0 { // the moves of one part share its text
			moves[i].Group = group("part").Sub("group", moves[i].Group).Num("part", int(seen[k])/size+1).Num("parts", parts)
			part[k] = int32(i)
		} else {
			moves[i].Group = moves[part[k]].Group
		}
		seen[k]++
	}
	return moves
}

// sameText reports cheaply whether a and b are one text (the same id and
// the same arguments' array): a shortcut for Equal, never a substitute.
func sameText(a, b words.Text) bool {
	return a.ID == b.ID && a.Raw == b.Raw && len(a.Args) == len(b.Args) && (len(a.Args) == 0 || &a.Args[0] == &b.Args[0])
}

// rondelMoves lists the spaces the nation on turn may choose. Each label
// names the space in words and how far ahead it lies, so the two
// Production and the two Maneuver spaces are never confused.
func (s *State) rondelMoves(add adder, sc *listScratch) {
	ni := s.Turn
	// The labels' arguments, three room for each space, in the lent
	// buffer's memory (an allocation per label was a quarter of a list).
	if len(sc.named) < 3*numSlots {
		sc.named = make([]words.Named, 3*numSlots)
	}
	for slot := 0; slot < numSlots; slot++ {
		if _, problem := s.rondelCheck(ni, slot); problem != rondelOK {
			continue
		}
		args := sc.named[3*slot : 3*slot : 3*slot+3]
		add(Move{Type: MRondel, Slot: slotNames[slot]}, s.rondelLabelIn(ni, slot, args), group("rondel"))
	}
}

// rondelLabel: "Production, 2 spaces ahead", "Taxation, 5 spaces ahead,
// costs you 4M", or for the first placement "Production (between Import
// and Maneuver)" where the name alone is not enough.
func (s *State) rondelLabel(ni, slot int) words.Text {
	return s.rondelLabelIn(ni, slot, make([]words.Named, 0, 3))
}

// rondelLabelIn is rondelLabel with its arguments in args (empty, room
// for three), which the label keeps.
func (s *State) rondelLabelIn(ni, slot int, args []words.Named) words.Text {
	from := s.Nations[ni].Rondel
	if from < 0 {
		if slotTerms[slot] != "production" && slotTerms[slot] != "maneuver" {
			return label("rondel_place").Term("slot", slotKey(slot))
		}
		return label("rondel_place_between").Term("slot", slotKey(slot)).
			Term("prev", slotKey((slot+numSlots-1)%numSlots)).Term("next", slotKey((slot+1)%numSlots))
	}
	n := steps(from, slot)
	fee := s.rondelFee(ni, n)
	investor := passesInvestor(from, slot) && s.rules.InvestorCard
	// The arguments in the memory given (an Arg holds its number); the
	// ids come from a table.
	args = append(args, words.Named{Name: words.CountArg, Arg: words.Num(n)},
		words.Named{Name: "slot", Arg: words.Term(slotKey(slot))})
	if fee > 0 {
		args = append(args, words.Named{Name: "fee", Arg: words.Money(fee)})
	}
	return words.Make(rondelIDs[b2i(fee > 0)][b2i(investor)], args...)
}

// rondelIDs are the rondel labels' ids by whether a fee is paid and
// whether the move passes the investor.
var rondelIDs = [2][2]string{
	{"imperial.move.rondel", "imperial.move.rondel_investor"},
	{"imperial.move.rondel_fee", "imperial.move.rondel_fee_investor"},
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
