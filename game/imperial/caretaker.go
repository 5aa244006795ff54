package imperial

import (
	"encoding/json"

	"rondel/game"
	"rondel/game/words"
)

// Caretaker returns the default move for seat's open decision, used when a
// player times out. The defaults (docs/caretaker.md) keep a nation going
// without waging war or spending anybody's personal money:
//   - rondel: the first placement goes to Factory; later the next space
//     clockwise (always free, never passes Investor);
//   - factory: build in the first possible city, if the treasury alone pays;
//   - import, investing, bond distribution: nothing (more; pass), unless
//     passing is not allowed;
//   - maneuver: end it; a battle on entry: no battle; a demand: no battle;
//   - forcing a stop on Investor: no.
func (s *State) Caretaker(seat int) (json.RawMessage, words.Text, error) {
	for _, d := range s.ToAct() {
		if d.Seat != seat {
			continue
		}
		m, reason := s.caretakerMove(d)
		if _, _, err := s.Apply(seat, m.JSON()); err == nil {
			return m.JSON(), reason, nil
		}
		// Fall back to the first legal move (e.g. a pass that is refused).
		if legal := s.LegalMoves(seat); len(legal) > 0 {
			return legal[0].Move, why("first_legal"), nil
		}
	}
	return nil, words.Text{}, broke("caretaker", errText("nothing_to_decide").Seat("seat", seat))
}

// why is a caretaker's reason.
func why(id string) words.Text { return words.New("imperial.caretaker." + id) }

func (s *State) caretakerMove(d game.Decision) (Move, words.Text) {
	switch d.Kind {
	case DRondel:
		nat := s.Nations[s.Turn]
		if nat.Rondel < 0 {
			return Move{Type: MRondel, Slot: slotNames[slotFactory]}, why("rondel_first").Term("slot", slotKey(slotFactory))
		}
		next := (nat.Rondel + 1) % numSlots
		return Move{Type: MRondel, Slot: slotNames[next]}, why("rondel_next").Term("slot", slotKey(next))
	case DFactory:
		if sites := s.factorySites(s.Turn); len(sites) > 0 && s.Nations[s.Turn].Treasury >= factoryCost {
			return Move{Type: MFactory, Region: s.b.Regions[sites[0]].ID}, s.reg(why("factory"), "region", sites[0])
		}
		return Move{Type: MSkipFactory}, why("no_factory")
	case DImport:
		return Move{Type: MImportEnd}, why("import")
	case DManeuver:
		return Move{Type: MEnd}, why("maneuver")
	case DBattle:
		return Move{Type: MPeace}, why("battle")
	case DDemand:
		return Move{Type: MNoBattle, Nation: d.Subject}, why("demand")
	case DForce:
		return Move{Type: MNoForce}, why("force")
	case DCanal:
		return Move{Type: MDenyPassage, Nation: d.Subject}, why("canal")
	}
	return Move{Type: MSkipBond}, why("invest")
}
