package imperial

import (
	"fmt"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/record"
	"rondel/game/selfplay"
)

// TestLegalMovesAgreeWithApply walks self-play games and, at every position,
// checks that every listed move of every deciding seat is accepted, that
// seats not deciding have none, and that for rondel, factory, fleet and
// overland army moves a move is accepted exactly when it is listed.
func TestLegalMovesAgreeWithApply(t *testing.T) {
	reg := game.NewRegistry(New())
	games := []struct {
		players int
		opts    game.Options
	}{{6, nil}, {3, nil}, {4, game.Options{"setup": "experienced"}}, {5, game.Options{"investor_card": "false"}}}
	for gi, g := range games {
		out, err := selfplay.Play(reg, "imperial", selfplay.Config{Players: g.players, Options: g.opts, MaxMoves: 1500}, uint64(100+gi))
		if err != nil {
			t.Fatal(err)
		}
		positions := 0
		step := 5
		if !gametest.Long() {
			step = 15
		}
		_, err = record.ReplayEach(reg, out.Record, func(i int, gs game.State, _ []game.Event) error {
			s := gs.(*State)
			if i%step != 0 {
				return nil
			}
			positions++
			return checkLegal(s)
		})
		if err != nil {
			t.Fatalf("game %d (%d players): %v", gi, g.players, err)
		}
		t.Logf("game %d: %d players, %d moves, %d positions checked", gi, g.players, len(out.Record.Moves), positions)
	}
}

func checkLegal(s *State) error {
	deciding := map[int]bool{}
	for _, d := range s.ToAct() {
		deciding[d.Seat] = true
	}
	if s.Finished() != (len(deciding) == 0) {
		return fmt.Errorf("finished %v but %d seats to act", s.Finished(), len(deciding))
	}
	for seat := range s.Players {
		legal := s.LegalMoves(seat)
		if !deciding[seat] {
			if len(legal) > 0 {
				return fmt.Errorf("seat %d is not deciding but has %d legal moves", seat, len(legal))
			}
			continue
		}
		if len(legal) == 0 {
			return fmt.Errorf("seat %d must decide but has no legal move (phase %s)", seat, s.Phase)
		}
		listed := map[string]bool{}
		for _, lm := range legal {
			if listed[string(lm.Move)] {
				return fmt.Errorf("seat %d: move %s listed twice", seat, lm.Move)
			}
			listed[string(lm.Move)] = true
			if _, _, err := s.Apply(seat, lm.Move); err != nil {
				return fmt.Errorf("phase %s, seat %d: listed move %s refused: %v", s.Phase, seat, lm.Move, err)
			}
		}
		// The converse for decisions with a small move space.
		for _, m := range candidateMoves(s) {
			raw := m.JSON()
			_, _, err := s.Apply(seat, raw)
			if (err == nil) != listed[string(raw)] {
				return fmt.Errorf("phase %s, seat %d: move %s accepted %v but listed %v", s.Phase, seat, raw, err == nil, listed[string(raw)])
			}
		}
	}
	return nil
}

// candidateMoves enumerates every move of the current decision's kind over
// the whole board, for the decisions where that is small.
func candidateMoves(s *State) []Move {
	var out []Move
	switch {
	case s.Phase == PhaseRondel:
		for _, name := range slotNames {
			out = append(out, Move{Type: MRondel, Slot: name})
		}
	case s.Phase == PhaseFactory:
		for _, r := range s.b.Regions {
			out = append(out, Move{Type: MFactory, Region: r.ID})
		}
	case s.Phase == PhaseManeuver && s.Maneuver.Conflict == nil:
		for _, f := range s.b.Regions {
			if s.Units[s.Turn][f.Index].Fleets == 0 {
				continue
			}
			for _, to := range s.b.Regions {
				out = append(out, Move{Type: MFleet, From: f.ID, To: to.ID})
			}
		}
		// Army moves by land and railway (convoys need their seas named).
		for _, f := range s.b.Regions {
			if s.Units[s.Turn][f.Index].Armies == 0 {
				continue
			}
			for _, to := range s.b.Regions {
				out = append(out, Move{Type: MArmy, From: f.ID, To: to.ID}, Move{Type: MArmy, From: f.ID, To: to.ID, Hostile: true})
			}
		}
	}
	return out
}
