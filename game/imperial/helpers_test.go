package imperial

// Test-only helpers: build positions directly (starting from a real New()
// state, so the board and the rules are set) and play moves through the
// public Apply as JSON.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"rondel/game"
)

// Nation indexes in turn order, as on the Europe board.
const (
	AH = iota
	IT
	FR
	GB
	GE
	RU
)

func playerNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i)
	}
	return names
}

// newGame is a real starting position of the standard set-up.
func newGame(t testing.TB, players int, seed uint64) *State {
	t.Helper()
	return newGameOpts(t, players, seed, nil)
}

func newGameOpts(t testing.TB, players int, seed uint64, opts game.Options) *State {
	t.Helper()
	st, err := New().New(game.Setup{Players: playerNames(players), Options: opts, Seed: seed})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return st.(*State)
}

// table is a plain 6-player position: seat i governs nation i with that
// nation's 9M bond, every treasury holds 10M, every player 10M cash, the
// starting factories only, no units, no flags, nobody on the rondel, the
// investor card with seat 1 (left of Austria-Hungary's government) and
// Austria-Hungary to choose a rondel space.
func table(t testing.TB) *State {
	t.Helper()
	return tableWith(t, nil)
}

// tableWith is table with game options (the investor card stays out in the
// variant without it).
func tableWith(t testing.TB, opts game.Options) *State {
	t.Helper()
	s := newGameOpts(t, 6, 1, opts)
	nine := s.bondIndex(9)
	for ni := range s.Nations {
		nat := &s.Nations[ni]
		for bi := range nat.Bonds {
			nat.Bonds[bi] = -1
		}
		nat.Bonds[nine] = ni
		nat.Government = ni
		nat.Treasury = 10
		nat.Rondel = -1
		nat.Power = 0
		nat.TaxValue = 5
		for r := range s.Units[ni] {
			s.Units[ni][r] = Stack{}
		}
	}
	for i := range s.Players {
		s.Players[i].Cash = 10
	}
	for r := range s.Flags {
		s.Flags[r] = -1
	}
	s.updateSwissBanks()
	s.InvestorCard = -1
	if s.rules.InvestorCard {
		s.InvestorCard = 1
	}
	s.Turn, s.Phase, s.Round = AH, PhaseRondel, 1
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("table: %v", err)
	}
	return s
}

// rid is the index of a region id; an unknown id is a broken test.
func rid(s *State, id string) int {
	r, ok := s.b.Region(id)
	if !ok {
		panic("no region " + id)
	}
	return r
}

// setBonds gives seat the bonds of the given costs in nation ni.
func setBonds(s *State, ni, seat int, costs ...int) {
	for _, c := range costs {
		bi := s.bondIndex(c)
		if bi < 0 {
			panic(fmt.Sprintf("no %dM bond", c))
		}
		s.Nations[ni].Bonds[bi] = seat
	}
}

// clearBonds returns every bond of nation ni to its pile.
func clearBonds(s *State, ni int) {
	for bi := range s.Nations[ni].Bonds {
		s.Nations[ni].Bonds[bi] = -1
	}
}

// place puts units of nation ni in a region: armies (hostile of them
// standing) and fleets.
func place(s *State, ni int, region string, armies, hostile, fleets int) {
	s.Units[ni][rid(s, region)] = Stack{Armies: int8(armies), Hostile: int8(hostile), Fleets: int8(fleets)}
}

func setFactories(s *State, ni int, regions ...string) {
	for _, r := range s.b.Nations[ni].Homes {
		s.Factories[r] = false
	}
	for _, id := range regions {
		s.Factories[rid(s, id)] = true
	}
}

// at puts nation ni on rondel space slot (name) with the turn and the rondel
// decision, so that the next move is its rondel move.
func at(s *State, ni int, slot string) {
	s.Turn, s.Phase = ni, PhaseRondel
	s.Nations[ni].Rondel = slotIndex(slot)
}

func stateJSON(t testing.TB, s *State) []byte {
	t.Helper()
	b, err := s.MarshalJSON()
	if err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
	return b
}

// play applies a move given as JSON and fails the test if it is refused.
// If the position satisfied the invariants, the new one must too.
func play(t testing.TB, s *State, seat int, move string) (*State, []game.Event) {
	t.Helper()
	before := stateJSON(t, s)
	next, ev, err := s.Apply(seat, json.RawMessage(move))
	if err != nil {
		t.Fatalf("seat %d, move %s refused: %v", seat, move, err)
	}
	if !bytes.Equal(before, stateJSON(t, s)) {
		t.Fatalf("Apply changed its receiver (move %s)", move)
	}
	ns := next.(*State)
	if s.CheckInvariants() == nil {
		if err := ns.CheckInvariants(); err != nil {
			t.Errorf("after %s: %v", move, err)
		}
	}
	return ns, ev
}

// refuse applies a move that must be refused with a rule error, and returns
// that error's rule name.
func refuse(t testing.TB, s *State, seat int, move string) string {
	t.Helper()
	before := stateJSON(t, s)
	next, _, err := s.Apply(seat, json.RawMessage(move))
	if err == nil {
		t.Fatalf("seat %d, move %s was accepted, want a refusal", seat, move)
	}
	if next != nil {
		t.Errorf("a refused move returned a state")
	}
	var re *game.RuleError
	if !errors.As(err, &re) {
		t.Errorf("move %s: error %v is not a rule error", move, err)
		return ""
	}
	if !bytes.Equal(before, stateJSON(t, s)) {
		t.Fatalf("a refused move changed the state (move %s)", move)
	}
	return re.Rule
}

// legal decodes the legal moves of seat.
func legal(t testing.TB, s *State, seat int) []Move {
	t.Helper()
	var out []Move
	for _, lm := range s.LegalMoves(seat) {
		m, err := decodeMove(lm.Move)
		if err != nil {
			t.Fatalf("legal move %s does not decode: %v", lm.Move, err)
		}
		out = append(out, m)
	}
	return out
}

// targets lists the destinations of the legal moves of one type from one
// region, each with its convoy seas ("sweden via balticsea"), sorted.
func targets(t testing.TB, s *State, seat int, typ, from string) []string {
	t.Helper()
	var out []string
	for _, m := range legal(t, s, seat) {
		if m.Type != typ || m.From != from {
			continue
		}
		d := m.To
		if len(m.Via) > 0 {
			d += " via " + strings.Join(m.Via, ",")
		}
		if m.Hostile {
			d += " (hostile)"
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	slices.Sort(out)
	return out
}

// routeTo lists the destinations (without convoy detail) an army in from may
// reach, friendly entries only.
func routeTo(t testing.TB, s *State, seat int, from string) []string {
	t.Helper()
	var out []string
	for _, m := range legal(t, s, seat) {
		if m.Type == MArmy && m.From == from && !m.Hostile && !slices.Contains(out, m.To) {
			out = append(out, m.To)
		}
	}
	slices.Sort(out)
	return out
}

func hasEvent(ev []game.Event, sub string) bool {
	return slices.ContainsFunc(ev, func(e game.Event) bool { return strings.Contains(e.Text, sub) })
}

func eventTexts(ev []game.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString("\n  " + e.Text)
	}
	return b.String()
}

// decisions lists ToAct as "seat:kind:subject" strings.
func decisions(s *State) []string {
	var out []string
	for _, d := range s.ToAct() {
		out = append(out, fmt.Sprintf("%d:%s:%s", d.Seat, d.Kind, d.Subject))
	}
	return out
}

// maneuver puts nation ni (governed by its seat in table) on Production 1
// and moves it to Maneuver 1, returning the maneuvering position.
func maneuver(t testing.TB, s *State, ni int) *State {
	t.Helper()
	at(s, ni, "production1")
	ns, _ := play(t, s, s.Nations[ni].Government, `{"type":"rondel","slot":"maneuver1"}`)
	if ns.Phase != PhaseManeuver {
		t.Fatalf("%s is not maneuvering (phase %s)", s.nationName(ni), ns.Phase)
	}
	return ns
}

func units(s *State, ni int, region string) Stack { return s.Units[ni][rid(s, region)] }

func flagOf(s *State, region string) int { return s.Flags[rid(s, region)] }
