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

// editionFuzzStates are Imperial 2030 and first-edition positions: the starts,
// a maneuver before and while a canal permission is asked (for a fleet and
// for a convoy), and one position of each phase from a 2030 self-play game
// and from a Europe self-play game under the playimperial.club rules.
func editionFuzzStates(tb testing.TB) []*State {
	tb.Helper()
	out := []*State{
		newGameOf(tb, New2030(), 6, 1, nil),
		newGameOf(tb, New2030(), 3, 2, game.Options{"setup": "experienced"}),
		newGameOf(tb, New2030(), 4, 3, game.Options{"bonus_increase": "true", "investor_card": "false"}),
		newGameOf(tb, New(), 3, 4, firstEdition),
	}
	s := table2030(tb, nil, "EU")
	eu, us := nationOf(tb, s, "EU"), nationOf(tb, s, "US")
	s.Flags[regionOf(tb, s, "northafrica")] = us
	s.Flags[regionOf(tb, s, "colombia")] = nationOf(tb, s, "BR")
	s.Units[eu][regionOf(tb, s, "mediterraneansea")] = Stack{Fleets: 1}
	s.Units[eu][regionOf(tb, s, "indianocean")] = Stack{Fleets: 1}
	s.Units[eu][regionOf(tb, s, "paris")] = Stack{Armies: 2}
	s.Units[nationOf(tb, s, "IN")][regionOf(tb, s, "indianocean")] = Stack{Fleets: 1}
	m := maneuverOf(tb, s, "EU")
	fleet, _ := playMove(tb, m, eu, Move{Type: MFleet, From: "mediterraneansea", To: "indianocean"})
	army, _ := playMove(tb, m, eu, Move{Type: MArmy, From: "paris", To: "mumbai", Via: []string{"mediterraneansea", "indianocean"}})
	if fleet.Maneuver.Canal == nil || army.Maneuver.Canal == nil {
		tb.Fatal("the fuzz positions do not ask for canal permission")
	}
	out = append(out, m, fleet, army)

	out = append(out, phaseStates(tb, New2030(), selfplay.Config{Players: 5, MaxMoves: 5000}, 11)...)
	site := selfplay.Config{Players: 4, MaxMoves: 5000, Options: game.Options{RulesetOption: RulesetPlayImperial}}
	return append(out, phaseStates(tb, New(), site, 12)...)
}

// phaseStates plays a self-play game and returns one position of each
// phase (a canal question counting as a phase of its own).
func phaseStates(tb testing.TB, g *Game, cfg selfplay.Config, seed uint64) []*State {
	reg := game.NewRegistry(g)
	res, err := selfplay.Play(reg, g.id, cfg, seed)
	if err != nil {
		tb.Fatal(err)
	}
	var out []*State
	seen := map[string]bool{}
	_, err = record.ReplayEach(reg, res.Record, func(i int, g game.State, _ []game.Event) error {
		st := g.(*State)
		key := string(st.Phase)
		if st.Maneuver != nil && st.Maneuver.Canal != nil {
			key += "/canal"
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

// FuzzApplyEditions: on Imperial 2030 and first-edition positions an arbitrary move
// is refused with a rule error or gives a valid state that survives a JSON
// round trip; the given state never changes (canal requests are replaced,
// never edited).
func FuzzApplyEditions(f *testing.F) {
	states := editionFuzzStates(f)
	games := make([]*Game, len(states))
	before := make([][]byte, len(states))
	for i, s := range states {
		before[i], _ = s.MarshalJSON()
		games[i] = New()
		if s.Rules.Map == mapWorld2030 {
			games[i] = New2030()
		}
	}
	seeds := []string{
		`{"type":"grant_passage","nation":"US"}`, `{"type":"deny_passage","nation":"US"}`,
		`{"type":"grant_passage","nation":"BR"}`, `{"type":"grant_passage"}`, `{"type":"deny_passage","nation":"XX"}`,
		`{"type":"fleet","from":"caribbeansea","to":"northpacific"}`, `{"type":"end_maneuver"}`,
		`{"type":"army","from":"paris","to":"mumbai","via":["indianocean","mediterraneansea"]}`,
		`{"type":"army","from":"paris","to":"mumbai","via":["mediterraneansea"]}`,
		`{"type":"bond","nation":"AH","cost":30}`, `{"type":"rondel","slot":"taxation"}`, `{}`, `null`,
	}
	addSeeds(f, states, seeds)
	f.Fuzz(func(t *testing.T, which uint8, seat int8, move []byte) {
		i := int(which) % len(states)
		s := states[i]
		next, ev, err := s.Apply(int(seat), json.RawMessage(move))
		if now, _ := s.MarshalJSON(); !bytes.Equal(before[i], now) {
			t.Fatalf("state %d changed by seat %d, move %q", i, seat, move)
		}
		if err != nil {
			var re *game.RuleError
			if !errors.As(err, &re) || next != nil || ev != nil {
				t.Fatalf("refusal %v with state %v", err, next != nil)
			}
			return
		}
		ns := next.(*State)
		if err := ns.CheckInvariants(); err != nil {
			t.Fatalf("state %d, seat %d, move %q: %v", i, seat, move, err)
		}
		data, _ := ns.MarshalJSON()
		back, err := games[i].DecodeState(data)
		if err != nil {
			t.Fatal(err)
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
