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
	"rondel/game/words"
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
	return newGameOf(t, New(), players, seed, opts)
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
	clearTable(s, func(ni int) int { return ni })
	for ni := range s.Nations {
		s.Nations[ni].TaxValue = 5
	}
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

// clearTable makes s a plain position: nation ni governed by seat gov(ni)
// with that nation's 9M bond, 10M in every treasury and in every player's
// hand, no units, no flags, no power points, nobody on the rondel.
func clearTable(s *State, gov func(ni int) int) {
	nine := s.bondIndex(9)
	for ni := range s.Nations {
		nat := &s.Nations[ni]
		for bi := range nat.Bonds {
			nat.Bonds[bi] = -1
		}
		nat.Bonds[nine] = gov(ni)
		nat.Government, nat.Treasury, nat.Power, nat.Rondel = gov(ni), 10, 0, -1
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
	return words.English().Term(re.Rule)
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

// testSpeaker says the engine's words in English, naming seats as
// playerNames does.
var testSpeaker = words.English().WithNames(playerNames(6))

func hasEvent(ev []game.Event, sub string) bool {
	return slices.ContainsFunc(ev, func(e game.Event) bool { return strings.Contains(testSpeaker.Say(e.Msg), sub) })
}

func eventTexts(ev []game.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString("\n  " + testSpeaker.Say(e.Msg))
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
		t.Fatalf("%s is not maneuvering (phase %s)", s.nationID(ni), ns.Phase)
	}
	return ns
}

func units(s *State, ni int, region string) Stack { return s.Units[ni][rid(s, region)] }

func flagOf(s *State, region string) int { return s.Flags[rid(s, region)] }

// Helpers that name nations and regions by id and take moves as values,
// for the tests of Imperial 2030, the variants and the first edition.

// newGameOf starts a real game of g.
func newGameOf(t testing.TB, g *Game, players int, seed uint64, opts game.Options) *State {
	t.Helper()
	st, err := g.New(game.Setup{Players: playerNames(players), Options: opts, Seed: seed})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return st.(*State)
}

// table2030 is a 6-player Imperial 2030 position: seat i governs nation i
// (RU CN IN BR US EU) with its 9M bond, every treasury and every player has
// 10M, the starting factories only, no units, no flags, nobody on the
// rondel, and it is the turn of nation `turn` (by id) in phase rondel.
func table2030(t testing.TB, opts game.Options, turn string) *State {
	t.Helper()
	s := newGameOf(t, New2030(), 6, 1, opts)
	clearTable(s, func(ni int) int { return ni })
	s.InvestorCard = 1
	s.Turn = nationOf(t, s, turn)
	s.Phase = PhaseRondel
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("table: %v", err)
	}
	return s
}

func nationOf(t testing.TB, s *State, id string) int {
	t.Helper()
	ni, ok := s.b.Nation(id)
	if !ok {
		t.Fatalf("no nation %s", id)
	}
	return ni
}

func regionOf(t testing.TB, s *State, id string) int {
	t.Helper()
	r, ok := s.b.Region(id)
	if !ok {
		t.Fatalf("no region %s", id)
	}
	return r
}

// playMove plays m for seat; it must be legal and listed among seat's legal
// moves, and the invariants must hold afterwards.
func playMove(t testing.TB, s *State, seat int, m Move) (*State, []game.Event) {
	t.Helper()
	want := string(m.JSON())
	wasListed := listed(s, seat, m)
	next, ev, err := s.Apply(seat, m.JSON())
	if err != nil {
		t.Fatalf("seat %d %s: %v", seat, want, err)
	}
	if !wasListed {
		t.Errorf("seat %d %s was accepted but not listed among the legal moves", seat, want)
	}
	ns := next.(*State)
	if err := ns.CheckInvariants(); err != nil {
		t.Fatalf("after %s: %v", want, err)
	}
	return ns, ev
}

// listed reports whether m is among seat's legal moves.
func listed(s *State, seat int, m Move) bool {
	want := string(m.JSON())
	return slices.ContainsFunc(s.LegalMoves(seat), func(lm game.LegalMove) bool { return string(lm.Move) == want })
}

// refuseMove checks that m is refused for seat and not listed.
func refuseMove(t testing.TB, s *State, seat int, m Move) error {
	t.Helper()
	want := string(m.JSON())
	if listed(s, seat, m) {
		t.Errorf("seat %d: %s is listed as legal", seat, want)
	}
	_, _, err := s.Apply(seat, m.JSON())
	if err == nil {
		t.Fatalf("seat %d: %s was accepted", seat, want)
	}
	return err
}

// maneuverOf puts nation id on a maneuver space with a fresh maneuver.
func maneuverOf(t testing.TB, s *State, id string) *State {
	t.Helper()
	s.Turn = nationOf(t, s, id)
	s.Nations[s.Turn].Rondel = slotManeuver1
	s.startManeuver(&log{})
	return s
}

// armyTargets lists the regions reachable from `from` by land (by=false) or by
// convoy (by=true).
func armyTargets(t testing.TB, s *State, from string, byConvoy bool) []string {
	t.Helper()
	var out []string
	for _, r := range s.armyRoutes(regionOf(t, s, from)) {
		if (r.Via != nil) == byConvoy {
			out = append(out, s.b.Regions[r.To].ID)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func decisionKinds(s *State) []string {
	var out []string
	for _, d := range s.ToAct() {
		out = append(out, fmt.Sprintf("%d:%s", d.Seat, d.Kind))
	}
	return out
}

func eventLines(ev []game.Event) string {
	var out []string
	for _, e := range ev {
		out = append(out, testSpeaker.Say(e.Msg))
	}
	return strings.Join(out, "\n")
}
