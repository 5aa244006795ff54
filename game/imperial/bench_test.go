package imperial

import (
	"encoding/json"
	"os"
	"testing"

	"rondel/game"
	"rondel/game/record"
)

// benchGame is the game the benchmarks replay: the record stored in
// testdata (6 players, self-play seed 1, ended by 25 power points), so that
// numbers stay comparable while the engine changes. If a rule change makes
// it illegal, a fresh self-play game is used and the log says so;
// regenerate the file then.
func benchGame(b *testing.B) *record.Record {
	b.Helper()
	data, err := os.ReadFile("testdata/bench-game6.json")
	if err != nil {
		b.Fatal(err)
	}
	rec, err := record.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	if s, err := record.Replay(game.NewRegistry(New()), rec); err != nil || !s.Finished() {
		b.Logf("testdata/bench-game6.json no longer replays to the end (%v); using a fresh self-play game", err)
		return selfPlayGame(b)
	}
	return rec
}

// BenchmarkReplayGame6 replays a complete 6-player game from its record:
// set-up plus every move, as the service does to restore a game.
func BenchmarkReplayGame6(b *testing.B) {
	rec := benchGame(b)
	reg := game.NewRegistry(New())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := record.Replay(reg, rec)
		if err != nil || !s.Finished() {
			b.Fatalf("replay: %v, finished %v", err, s != nil && s.Finished())
		}
	}
	b.ReportMetric(float64(len(rec.Moves)), "moves/game")
	b.Logf("self-play seed %d", rec.Seed)
}

// BenchmarkApplyGame6 is the same game without the set-up: only the moves
// applied to the starting position.
func BenchmarkApplyGame6(b *testing.B) {
	rec := benchGame(b)
	setup, err := rec.Setup()
	if err != nil {
		b.Fatal(err)
	}
	start, err := New().New(setup)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := start
		for _, m := range rec.Moves {
			if s, _, err = s.Apply(m.Seat, m.Move); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkNewGame6 is the set-up alone (board, deal, bonds).
func BenchmarkNewGame6(b *testing.B) {
	setup := game.Setup{Players: playerNames(6), Seed: 1}
	for i := 0; i < b.N; i++ {
		if _, err := New().New(setup); err != nil {
			b.Fatal(err)
		}
	}
}

// busiestManeuver returns the maneuver position of the self-play game
// with the most legal moves for its government.
func busiestManeuver(b *testing.B) (*State, int) {
	rec := benchGame(b)
	var best *State
	most := -1
	_, err := record.ReplayEach(game.NewRegistry(New()), rec, func(i int, gs game.State, _ []game.Event) error {
		s := gs.(*State)
		if s.Phase != PhaseManeuver || s.Maneuver.Conflict != nil {
			return nil
		}
		if n := len(s.LegalMoves(s.Nations[s.Turn].Government)); n > most {
			best, most = s, n
		}
		return nil
	})
	if err != nil || best == nil {
		b.Fatalf("no maneuver position: %v", err)
	}
	return best, most
}

// BenchmarkLegalMovesManeuver lists the legal moves of the busiest
// maneuver position of that game.
func BenchmarkLegalMovesManeuver(b *testing.B) {
	s, n := busiestManeuver(b)
	seat := s.Nations[s.Turn].Government
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(s.LegalMoves(seat)) != n {
			b.Fatal("the list changed")
		}
	}
	b.ReportMetric(float64(n), "moves/list")
}

// BenchmarkLegalMovesManeuverLent is the same list into one MoveBuf
// lent by the caller and reused from one listing to the next, as the
// caretaker, the bots, the checks and self-play list positions.
func BenchmarkLegalMovesManeuverLent(b *testing.B) {
	s, n := busiestManeuver(b)
	seat := s.Nations[s.Turn].Government
	var buf game.MoveBuf
	// The buffer grows on its first list, before the timer: a loop lends
	// it to thousands of lists, and the figures (gated by .ci/bench-check
	// at 100 iterations) are then the same at any number of iterations.
	s.ListMoves(&buf, seat)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(s.ListMoves(&buf, seat)) != n {
			b.Fatal("the list changed")
		}
	}
	b.ReportMetric(float64(n), "moves/list")
}

// BenchmarkApplyManeuverMove applies the first listed army or fleet move of
// that position.
func BenchmarkApplyManeuverMove(b *testing.B) {
	s, _ := busiestManeuver(b)
	seat := s.Nations[s.Turn].Government
	var move json.RawMessage
	for _, lm := range s.LegalMoves(seat) {
		if m, _ := decodeMove(lm.Move); m.Type == MArmy || m.Type == MFleet {
			move = lm.Move
			break
		}
	}
	if move == nil {
		b.Skip("no unit move in the position")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := s.Apply(seat, move); err != nil {
			b.Fatal(err)
		}
	}
}

// busiestRondel returns the rondel decision of that game with the most
// choices, past the nation's first turn.
func busiestRondel(b *testing.B) (*State, int) {
	rec := benchGame(b)
	var last *State
	most := -1
	_, err := record.ReplayEach(game.NewRegistry(New()), rec, func(i int, gs game.State, _ []game.Event) error {
		s := gs.(*State)
		if s.Phase != PhaseRondel || s.Nations[s.Turn].Rondel < 0 {
			return nil
		}
		if n := len(s.LegalMoves(s.Nations[s.Turn].Government)); n > most {
			last, most = s, n
		}
		return nil
	})
	if err != nil || last == nil {
		b.Fatalf("no rondel position: %v", err)
	}
	return last, most
}

// BenchmarkLegalMovesRondel lists the rondel spaces of the rondel
// decision of that game with the most choices, past the nation's first
// turn (every label names the distance and any fee).
func BenchmarkLegalMovesRondel(b *testing.B) {
	last, n := busiestRondel(b)
	seat := last.Nations[last.Turn].Government
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(last.LegalMoves(seat)) != n {
			b.Fatal("the list changed")
		}
	}
	b.ReportMetric(float64(n), "moves/list")
}

// BenchmarkLegalMovesRondelLent is the same list into a lent MoveBuf.
func BenchmarkLegalMovesRondelLent(b *testing.B) {
	last, n := busiestRondel(b)
	seat := last.Nations[last.Turn].Government
	var buf game.MoveBuf
	// The buffer grows on its first list, before the timer: a loop lends
	// it to thousands of lists, and the figures (gated by .ci/bench-check
	// at 100 iterations) are then the same at any number of iterations.
	last.ListMoves(&buf, seat)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(last.ListMoves(&buf, seat)) != n {
			b.Fatal("the list changed")
		}
	}
	b.ReportMetric(float64(n), "moves/list")
}
