package imperial

import (
	"encoding/json"

	"rondel/game"
)

// Caretaker returns the default move for seat's open decision, used when a
// player times out. The defaults (docs/caretaker.md) keep a nation going
// without waging war or spending anybody's personal money:
//   - rondel: the first placement goes to Factory; later the next space
//     clockwise (always free, never passes Investor);
//   - factory: build in the first possible city, if the treasury alone pays;
//   - import, investing, bond distribution: nothing (pass), unless passing
//     is not allowed;
//   - maneuver: end it; a battle on entry: no battle; a demand: no battle;
//   - forcing a stop on Investor: no.
func (s *State) Caretaker(seat int) (json.RawMessage, string, error) {
	for _, d := range s.ToAct() {
		if d.Seat != seat {
			continue
		}
		m, why := s.caretakerMove(d)
		if _, _, err := s.Apply(seat, m.JSON()); err == nil {
			return m.JSON(), why, nil
		}
		// Fall back to the first legal move (e.g. a pass that is refused).
		if legal := s.LegalMoves(seat); len(legal) > 0 {
			return legal[0].Move, "the caretaker took the first legal move", nil
		}
	}
	return nil, "", game.Broke("caretaker", "%s has no decision to make", s.playerName(seat))
}

func (s *State) caretakerMove(d game.Decision) (Move, string) {
	switch d.Kind {
	case DRondel:
		nat := s.Nations[s.Turn]
		if nat.Rondel < 0 {
			return Move{Type: MRondel, Slot: slotNames[slotFactory]}, "first placement on Factory"
		}
		return Move{Type: MRondel, Slot: slotNames[(nat.Rondel+1)%numSlots]}, "one space ahead, free of charge"
	case DFactory:
		if sites := s.factorySites(s.Turn); len(sites) > 0 && s.Nations[s.Turn].Treasury >= factoryCost {
			return Move{Type: MFactory, Region: s.b.Regions[sites[0]].ID}, "build where possible, paid by the treasury"
		}
		return Move{Type: MSkipFactory}, "the treasury alone cannot pay a factory"
	case DImport:
		return Move{Type: MImport, Units: []Placement{}}, "import nothing"
	case DManeuver:
		return Move{Type: MEnd}, "the caretaker does not maneuver"
	case DBattle:
		return Move{Type: MPeace}, "the caretaker does not start battles"
	case DDemand:
		return Move{Type: MNoBattle, Nation: d.Subject}, "the caretaker does not demand battles"
	case DForce:
		return Move{Type: MNoForce}, "the caretaker does not force a stop on Investor"
	case DCanal:
		return Move{Type: MDenyPassage, Nation: d.Subject}, "the caretaker lets no foreign unit through the canal"
	}
	return Move{Type: MSkipBond}, "the caretaker does not invest"
}
