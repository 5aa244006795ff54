package imperial

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/selfplay"
)

// selfPlayGame plays a 6-player game by self-play with a fixed seed; the
// first seed from 1 whose game ends by 25 power points is used, so the game
// is complete.
func selfPlayGame(tb testing.TB) *record.Record {
	tb.Helper()
	reg := game.NewRegistry(New())
	for seed := uint64(1); seed < 50; seed++ {
		out, err := selfplay.Play(reg, "imperial", selfplay.Config{Players: 6, MaxMoves: 5000}, seed)
		if err != nil {
			tb.Fatalf("self-play seed %d: %v", seed, err)
		}
		if out.Finished {
			return out.Record
		}
	}
	tb.Fatal("no 6-player self-play game ended by 25 points")
	return nil
}

// snapshots replays a record and keeps the first position of each kind
// that is interesting to fuzz: every phase, a maneuver with an open battle
// decision (mover and others), and the end.
func snapshots(tb testing.TB, rec *record.Record) []*State {
	tb.Helper()
	reg := game.NewRegistry(New())
	seen := map[string]bool{}
	var out []*State
	_, err := record.ReplayEach(reg, rec, func(i int, s game.State, _ []game.Event) error {
		st := s.(*State)
		key := string(st.Phase)
		if st.Maneuver != nil && st.Maneuver.Conflict != nil {
			key += "/" + st.Maneuver.Conflict.Stage
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, st)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// fuzzStates are the positions the fuzz test plays on: the start of a
// 6-player and a 3-player game, a built battle decision in the Ionian Sea
// (for the mover and for the others), an investor turn, an import, and the
// positions found by self-play.
func fuzzStates(tb testing.TB) []*State {
	tb.Helper()
	out := []*State{newGame(tb, 6, 1), newGame(tb, 3, 2)}

	s := table(tb)
	place(s, RU, "easternmediterraneansea", 0, 0, 1)
	place(s, IT, "ioniansea", 0, 0, 1)
	place(s, AH, "ioniansea", 0, 0, 1)
	place(s, AH, "venice", 2, 2, 0)
	place(s, RU, "bulgaria", 2, 0, 0)
	place(s, FR, "romania", 1, 0, 0)
	m := maneuver(tb, s, RU)
	mover, _ := play(tb, m, RU, `{"type":"fleet","from":"easternmediterraneansea","to":"ioniansea"}`)
	others, _ := play(tb, mover, RU, `{"type":"peace"}`)
	out = append(out, m, mover, others)

	s = table(tb)
	at(s, AH, "production1")
	inv, _ := play(tb, s, AH, `{"type":"rondel","slot":"investor"}`)
	at(s, AH, "investor")
	imp, _ := play(tb, s, AH, `{"type":"rondel","slot":"import"}`)
	out = append(out, inv, imp)

	// A Swiss bank deciding whether to force a stop on Investor, and a
	// factory decision.
	s = table(tb)
	clearBonds(s, RU)
	setBonds(s, RU, 4, 9)
	s.Nations[RU].Government = 4
	s.updateSwissBanks()
	at(s, FR, "maneuver1")
	force, _ := play(tb, s, FR, `{"type":"rondel","slot":"production2"}`)
	at(s, FR, "taxation")
	fac, _ := play(tb, s, FR, `{"type":"rondel","slot":"factory"}`)
	out = append(out, force, fac)

	// The experienced players' bond distribution and the variant without
	// investor card.
	out = append(out, newGameOpts(tb, 4, 3, game.Options{"setup": "experienced"}))
	v := newGameOpts(tb, 5, 4, game.Options{"investor_card": "false"})
	after, _ := play(tb, v, v.Nations[v.Turn].Government, `{"type":"rondel","slot":"production1"}`)
	out = append(out, v, after)

	for _, c := range []struct {
		s    *State
		want Phase
	}{{mover, PhaseManeuver}, {others, PhaseManeuver}, {inv, PhaseInvest}, {imp, PhaseImport},
		{force, PhaseForce}, {fac, PhaseFactory}, {out[len(out)-3], PhaseAuction}, {after, PhaseAfter}} {
		if c.s.Phase != c.want {
			tb.Fatalf("fuzz state in phase %s, want %s", c.s.Phase, c.want)
		}
	}
	return append(out, snapshots(tb, selfPlayGame(tb))...)
}

// addSeeds seeds the corpus with, for each state and each seat asked
// there, every legal move and every one of seeds.
func addSeeds(f *testing.F, states []*State, seeds []string) {
	for i, s := range states {
		for _, d := range s.ToAct() {
			for _, lm := range s.LegalMoves(d.Seat) {
				f.Add(uint8(i), int8(d.Seat), []byte(lm.Move))
			}
			for _, m := range seeds {
				f.Add(uint8(i), int8(d.Seat), []byte(m))
			}
		}
	}
}

// FuzzApply feeds arbitrary bytes as a move for any seat to every fuzz
// state: the engine answers with a rule error or a valid new state, never
// panics, and never changes the state it was given.
func FuzzApply(f *testing.F) {
	states := fuzzStates(f)
	before := make([][]byte, len(states))
	valid := make([]bool, len(states))
	for i, s := range states {
		before[i] = stateJSON(f, s)
		valid[i] = s.CheckInvariants() == nil
	}
	seeds := []string{
		`{"type":"rondel","slot":"factory"}`, `{"type":"rondel","slot":"investor"}`,
		`{"type":"peace"}`, `{"type":"end_maneuver"}`, `{"type":"skip_bond"}`,
		`{"type":"battle","region":"ioniansea","unit":"fleet","against":"IT","target":"fleet"}`,
		`{"type":"demand_battle","nation":"AH","unit":"fleet"}`, `{"type":"no_battle","nation":"IT"}`,
		`{"type":"import","units":[{"region":"trieste","unit":"fleet"}]}`,
		`{"type":"bond","nation":"IT","cost":12,"trade_in":4}`, `{"type":"bond","nation":"RU","cost":-4}`,
		`{"type":"army","from":"bulgaria","to":"turkey","via":["blacksea","blacksea"]}`,
		`{"type":"army","from":"venice","to":"venice","hostile":true}`,
		`{"type":"status","region":"venice"}`, `{"type":"destroy_factory","region":"venice"}`,
		`{"type":"battle","region":"venice","unit":"army","against":"AH","target":"army","target_hostile":true}`,
		`{}`, `null`, `[]`, `{"type":""}`, `{"type":"fleet"}`, `{"type":"rondel"} {}`, `"x"`, ``,
		`{"type":"rondel","slot":"factory","extra":1}`,
	}
	addSeeds(f, states, seeds)
	f.Add(uint8(0), int8(-1), []byte(seeds[0]))
	f.Add(uint8(0), int8(9), []byte(seeds[0]))
	f.Fuzz(func(t *testing.T, which uint8, seat int8, move []byte) {
		i := int(which) % len(states)
		s := states[i]
		next, ev, err := s.Apply(int(seat), json.RawMessage(move))
		if !bytes.Equal(before[i], stateJSON(t, s)) {
			t.Fatalf("state %d changed by seat %d, move %q", i, seat, move)
		}
		if err != nil {
			var re *game.RuleError
			if !errors.As(err, &re) {
				t.Errorf("error is not a rule error: %v", err)
			}
			if next != nil || ev != nil {
				t.Errorf("a refused move returned a state or events")
			}
			return
		}
		ns := next.(*State)
		if valid[i] {
			if err := ns.CheckInvariants(); err != nil {
				t.Fatalf("state %d, seat %d, move %q: %v", i, seat, move, err)
			}
		}
		// The new position is usable: it encodes, decodes to the same
		// bytes, and answers who acts and what they may do.
		data := stateJSON(t, ns)
		back, err := New().DecodeState(data)
		if err != nil {
			t.Fatalf("decoding the new state: %v", err)
		}
		if again, _ := back.MarshalJSON(); !bytes.Equal(again, data) {
			t.Fatalf("state %d, move %q: the new state does not survive a JSON round trip", i, move)
		}
		for _, d := range ns.ToAct() {
			ns.LegalMoves(d.Seat)
		}
		ns.Summarize()
	})
}
