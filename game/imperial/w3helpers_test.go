package imperial

// Helpers of the Imperial 2030, variant and first-edition tests (issue 3).
// Their names start with w3 so that they never clash with the other test
// files of this package.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"rondel/game"
)

func w3Names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("s%d", i)
	}
	return out
}

// w3New starts a real game of g.
func w3New(t testing.TB, g *Game, players int, seed uint64, opts game.Options) *State {
	t.Helper()
	st, err := g.New(game.Setup{Players: w3Names(players), Options: opts, Seed: seed})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return st.(*State)
}

// w3Table is a 6-player Imperial 2030 position: seat i governs nation i
// (RU CN IN BR US EU) with its 9M bond, every treasury and every player has
// 10M, the starting factories only, no units, no flags, nobody on the
// rondel, and it is the turn of nation `turn` (by id) in phase rondel.
func w3Table(t testing.TB, opts game.Options, turn string) *State {
	t.Helper()
	s := w3New(t, New2030(), 6, 1, opts)
	nine := s.bondIndex(9)
	for ni := range s.Nations {
		nat := &s.Nations[ni]
		for bi := range nat.Bonds {
			nat.Bonds[bi] = -1
		}
		nat.Bonds[nine] = ni
		nat.Government, nat.Treasury, nat.Power, nat.Rondel = ni, 10, 0, -1
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
	s.InvestorCard = 1
	s.Turn = w3N(t, s, turn)
	s.Phase = PhaseRondel
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("table: %v", err)
	}
	return s
}

func w3N(t testing.TB, s *State, id string) int {
	t.Helper()
	ni, ok := s.b.Nation(id)
	if !ok {
		t.Fatalf("no nation %s", id)
	}
	return ni
}

func w3R(t testing.TB, s *State, id string) int {
	t.Helper()
	r, ok := s.b.Region(id)
	if !ok {
		t.Fatalf("no region %s", id)
	}
	return r
}

// w3Apply plays m for seat; it must be legal and listed among seat's legal
// moves, and the invariants must hold afterwards.
func w3Apply(t testing.TB, s *State, seat int, m Move) (*State, []game.Event) {
	t.Helper()
	want := string(m.JSON())
	listed := slices.ContainsFunc(s.LegalMoves(seat), func(lm game.LegalMove) bool { return string(lm.Move) == want })
	next, ev, err := s.Apply(seat, m.JSON())
	if err != nil {
		t.Fatalf("seat %d %s: %v", seat, want, err)
	}
	if !listed {
		t.Errorf("seat %d %s was accepted but not listed among the legal moves", seat, want)
	}
	ns := next.(*State)
	if err := ns.CheckInvariants(); err != nil {
		t.Fatalf("after %s: %v", want, err)
	}
	return ns, ev
}

// w3Refuse checks that m is refused for seat and not listed.
func w3Refuse(t testing.TB, s *State, seat int, m Move) error {
	t.Helper()
	want := string(m.JSON())
	if slices.ContainsFunc(s.LegalMoves(seat), func(lm game.LegalMove) bool { return string(lm.Move) == want }) {
		t.Errorf("seat %d: %s is listed as legal", seat, want)
	}
	_, _, err := s.Apply(seat, m.JSON())
	if err == nil {
		t.Fatalf("seat %d: %s was accepted", seat, want)
	}
	return err
}

// w3Maneuver puts nation id on a maneuver space with a fresh maneuver.
func w3Maneuver(t testing.TB, s *State, id string) *State {
	t.Helper()
	s.Turn = w3N(t, s, id)
	s.Nations[s.Turn].Rondel = slotManeuver1
	s.startManeuver(&log{})
	return s
}

// w3Routes lists where an army in from may go: "region" by land and
// "region/sea+sea" by convoy.
func w3Routes(t testing.TB, s *State, from string) []string {
	t.Helper()
	var out []string
	for _, r := range s.armyRoutes(w3R(t, s, from)) {
		id := s.b.Regions[r.To].ID
		if r.Via != nil {
			id += "/" + strings.Join(s.viaIDs(r.Via), "+")
		}
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// w3Targets lists the regions reachable from `from` by land (by=false) or by
// convoy (by=true).
func w3Targets(t testing.TB, s *State, from string, byConvoy bool) []string {
	t.Helper()
	var out []string
	for _, r := range s.armyRoutes(w3R(t, s, from)) {
		if (r.Via != nil) == byConvoy {
			out = append(out, s.b.Regions[r.To].ID)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func w3Kinds(s *State) []string {
	var out []string
	for _, d := range s.ToAct() {
		out = append(out, fmt.Sprintf("%d:%s", d.Seat, d.Kind))
	}
	return out
}

func w3Events(ev []game.Event) string {
	var out []string
	for _, e := range ev {
		out = append(out, e.Text)
	}
	return strings.Join(out, "\n")
}
