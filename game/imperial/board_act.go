package imperial

import (
	"encoding/json"

	"rondel/game"
	"rondel/game/words"
)

// Acting on the board (game.BoardAct): a page's script offers a move by a
// click on what the drawing marks with data- attributes (board_svg.go,
// svg_pieces.go, svg_panel.go): a region's shape and what stands in it
// carry data-region, a unit's marker data-unit and data-nation as well,
// a space of the rondel data-slot.

// boardAct says where m is made on the board: a unit's move from its
// marker to the region it goes to (a change of status: to its own
// region), a rondel space, an imported unit or a factory by its region.
// Questions (battles, Swiss banks, canal passage), bonds and the ends of
// an import or a maneuver are made in the form only. The references and
// the acts come from the list's arena (listArena): a maneuver names the
// same units and regions again and again.
func (s *State) boardAct(m Move, a *listArena) *game.BoardAct {
	switch m.Type {
	case MRondel:
		return a.act(slotRef(m.Slot), "")
	case MImportUnit, MFactory:
		return a.act(s.regionRef(a, m.Region), "")
	case MFleet:
		return a.act(s.unitRef(a, m.From, "fleet"), s.regionRef(a, m.To))
	case MArmy:
		return a.act(s.unitRef(a, m.From, "army"), s.regionRef(a, m.To))
	case MStatus:
		return a.act(s.unitRef(a, m.Region, "army"), s.regionRef(a, m.Region))
	}
	return nil
}

// slotRefs are the references of the rondel's spaces, by slotNames.
var slotRefs = func() []string {
	out := make([]string, len(slotNames))
	for i, n := range slotNames {
		out[i] = game.Ref("slot", n)
	}
	return out
}()

func slotRef(name string) string {
	if i := slotIndex(name); i >= 0 {
		return slotRefs[i]
	}
	return game.Ref("slot", name)
}

// regionRef is the reference of a region's shape, from the board's
// listTable.
func (s *State) regionRef(a *listArena, id string) string {
	r, ok := s.b.Region(id)
	if !ok {
		return game.Ref("region", id)
	}
	return a.tableOf(s).regionRef[r]
}

// unitRef is the reference of the nation on turn's unit marker of kind in
// a region; a unit's moves are listed together, so the last one is kept
// (its region is then not looked up again).
func (s *State) unitRef(a *listArena, region, kind string) string {
	if a.pick.region != region || a.pick.kind != kind || a.pick.ref == "" {
		ref := ""
		if r, ok := s.b.Region(region); ok {
			ref = a.tableOf(s).unit(s.Turn, r, kind)
		} else {
			ref = game.Ref("region", region, "unit", kind, "nation", s.nationID(s.Turn))
		}
		a.pick = pickCache{region: region, kind: kind, ref: ref}
	}
	return a.pick.ref
}

// pickCache keeps the last unit reference boardAct made.
type pickCache struct{ region, kind, ref string }

// listArena holds what one legal-move list shares: the moves' JSON in one
// growing buffer, the board acts in one slice (both from the list's
// game.MoveBuf, so a lent one is reused), the board's listTable. A
// list of a hundred moves then costs a few allocations instead of several
// per move; the slices handed out stay valid when a buffer grows (they
// keep the old array).
type listArena struct {
	buf   []byte
	acts  []game.BoardAct
	table *listTable
	pick  pickCache
}

// json is m's encoding (Move.JSON) in the arena's buffer.
func (a *listArena) json(m Move) json.RawMessage {
	b, ok := appendMove(a.room(), &m) // appendMove starts an object on an empty slice
	if !ok {
		return m.JSON()
	}
	return a.keep(b)
}

// unitMove is the encoding (Move.JSON's bytes) of a fleet's or an army's
// move from region from to region to, written from the table's quoted
// ids (a.table, looked up by the maneuver's list): a maneuver lists a
// hundred such moves.
func (a *listArena) unitMove(typ string, from, to int, via []int, hostile bool) json.RawMessage {
	q := a.table.quoted
	plain := q[from] != "" && q[to] != ""
	for _, v := range via {
		plain = plain && q[v] != ""
	}
	if !plain { // an id encoding/json escapes: as Move.JSON writes it
		ids := a.table.ids
		m := Move{Type: typ, From: ids[from], To: ids[to], Hostile: hostile}
		for _, v := range via {
			m.Via = append(m.Via, ids[v])
		}
		return a.json(m)
	}
	b := append(a.room(), `{"type":"`...)
	b = append(b, typ...)
	b = append(b, `","from":`...)
	b = append(b, q[from]...)
	b = append(b, `,"to":`...)
	b = append(b, q[to]...)
	if len(via) > 0 {
		b = append(b, `,"via":[`...)
		for i, v := range via {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, q[v]...)
		}
		b = append(b, ']')
	}
	if hostile {
		b = append(b, `,"hostile":true`...)
	}
	return a.keep(append(b, '}'))
}

// tableOf is the board's listTable, looked up on the list's first need of
// it (a rondel's list has none).
func (a *listArena) tableOf(s *State) *listTable {
	if a.table == nil {
		a.table = s.table()
	}
	return a.table
}

// room is the free end of the arena's buffer, empty, for one move.
func (a *listArena) room() []byte {
	if cap(a.buf)-len(a.buf) < 96 { // a new buffer; the moves before keep the old one
		a.buf = make([]byte, 0, max(2048, 2*cap(a.buf)))
	}
	return a.buf[len(a.buf):]
}

// keep takes b, written from room, into the arena: the buffer's if it
// was written in place (a longer move got an array of its own).
func (a *listArena) keep(b []byte) json.RawMessage {
	if cap(b) == cap(a.buf)-len(a.buf) { // written in place
		a.buf = a.buf[:len(a.buf)+len(b)]
	}
	return b[:len(b):len(b)]
}

// act is a board act kept in the arena.
func (a *listArena) act(pick, target string) *game.BoardAct {
	if len(a.acts) == cap(a.acts) {
		a.acts = make([]game.BoardAct, 0, 2*cap(a.acts)+8)
	}
	a.acts = append(a.acts, game.BoardAct{Pick: pick, Target: target})
	return &a.acts[len(a.acts)-1]
}

// isPass reports whether moves of type t decline or end a decision
// (game.LegalMove's Pass): a form shows each as a button of its own.
func isPass(t string) bool {
	switch t {
	case MEnd, MImportEnd, MSkipBond, MSkipFactory, MPeace, MNoBattle, MNoForce, MDenyPassage:
		return true
	}
	return false
}

// Withheld names the spaces of the rondel the nation cannot choose now,
// with why (game.Withholder): its own space, spaces more than 6 ahead and
// those whose fee the government cannot pay. The board and the form show
// them disabled, so a space never silently disappears.
func (s *State) Withheld(seat int) []game.Withheld {
	if s.Phase != PhaseRondel || s.Nations[s.Turn].Government != seat || s.Finished() {
		return nil
	}
	ni := s.Turn
	var out []game.Withheld
	for slot := range numSlots {
		_, err := s.checkRondel(ni, slot)
		re, ok := err.(*game.RuleError)
		if !ok {
			continue
		}
		lbl := words.New(slotKey(slot))
		if re.Rule == "imperial.rule.rondel_fee" {
			lbl = s.rondelLabel(ni, slot) // the cost is the reason: say it
		}
		out = append(out, game.Withheld{Label: lbl, Group: group("rondel"), Why: re.Msg,
			Board: &game.BoardAct{Pick: game.Ref("slot", slotNames[slot])}})
	}
	return out
}
