package imperial

import (
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
// an import or a maneuver are made in the form only.
func (s *State) boardAct(m Move, picks *pickCache) *game.BoardAct {
	unit := func(region, kind string) string {
		if picks.region != region || picks.kind != kind || picks.ref == "" {
			*picks = pickCache{region: region, kind: kind,
				ref: game.Ref("region", region, "unit", kind, "nation", s.nationID(s.Turn))}
		}
		return picks.ref
	}
	switch m.Type {
	case MRondel:
		return &game.BoardAct{Pick: game.Ref("slot", m.Slot)}
	case MImportUnit, MFactory:
		return &game.BoardAct{Pick: game.Ref("region", m.Region)}
	case MFleet:
		return &game.BoardAct{Pick: unit(m.From, "fleet"), Target: game.Ref("region", m.To)}
	case MArmy:
		return &game.BoardAct{Pick: unit(m.From, "army"), Target: game.Ref("region", m.To)}
	case MStatus:
		return &game.BoardAct{Pick: unit(m.Region, "army"), Target: game.Ref("region", m.Region)}
	}
	return nil
}

// pickCache keeps the last unit reference boardAct made: a unit's moves
// are listed together, and each names the same unit.
type pickCache struct{ region, kind, ref string }

// passes are the moves that decline or end a decision (game.LegalMove's
// Pass): a form shows each as a button of its own.
var passes = map[string]bool{
	MEnd: true, MImportEnd: true, MSkipBond: true, MSkipFactory: true, MPeace: true,
	MNoBattle: true, MNoForce: true, MDenyPassage: true,
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
