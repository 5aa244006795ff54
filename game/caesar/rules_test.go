package caesar

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/words"
)

// A small board for the rule book's examples. Routes: "a-b:n" is a route
// of n roads.
func testBoard(t *testing.T, cities []City, routes string) *Board {
	t.Helper()
	var y strings.Builder
	y.WriteString("id: test\nname: test board\nplayers: [2, 5]\nwidth: 400\nheight: 300\nrome: {x: 200, y: 150}\ncolours:\n")
	for _, c := range []string{"red", "blue", "green", "orange", "purple", "pink", "teal", "brown"} {
		fmt.Fprintf(&y, "  - {id: %s, name: %s, fill: \"#888\"}\n", c, c)
	}
	y.WriteString("cities:\n")
	for i, c := range cities {
		fmt.Fprintf(&y, "  - {id: %s, name: %s, colour: %s, value: %d, x: %d, y: %d}\n", c.ID, c.ID, c.Colour, c.Value, 10*i, 10*i)
	}
	y.WriteString("routes:\n")
	for _, r := range strings.Fields(routes) {
		var a, b string
		var n int
		ab, ns, _ := strings.Cut(r, ":")
		a, b, _ = strings.Cut(ab, "-")
		fmt.Sscan(ns, &n)
		fmt.Fprintf(&y, "  - {a: %s, b: %s, roads: %d}\n", a, b, n)
	}
	bd, err := ParseBoard([]byte(y.String()))
	if err != nil {
		t.Fatal(err)
	}
	return bd
}

// position builds a state on bd; seat 0 is yellow, seat 1 purple, as in the
// rule book's pictures. Treasures default to meat.
func position(bd *Board, players int, treasures map[string]string) *State {
	d := data{
		Version: 1, Board: bd.ID, Options: game.Options{OptFullTreasures: "false", OptColourSum: "false"},
		Players:   []string{"Yellow", "Purple", "Black", "White", "Cyan"}[:players],
		Treasures: make([]string, len(bd.Cities)),
		Removed:   []string{},
		Owner:     filled(len(bd.Cities), -1),
		Built:     filled(len(bd.Routes), -1),
		RoadsLeft: filled(players, RoadsPerPlayer),
		Track:     make([]int, players),
	}
	for i, c := range bd.Cities {
		d.Treasures[i] = "meat"
		if tr, ok := treasures[c.ID]; ok {
			d.Treasures[i] = tr
		}
	}
	return &State{b: bd, d: d}
}

// build marks the route a-b as built by seat (as if in an earlier turn).
func (s *State) build(a, b string, seat int) *State {
	ri := s.b.route(a, b)
	s.d.Built[ri] = seat
	s.d.RoadsLeft[seat] -= s.b.Routes[ri].Roads
	return s
}

func (s *State) own(city string, seat int) *State {
	s.d.Owner[s.b.cityIdx[city]] = seat
	return s
}

func connect(path ...string) json.RawMessage { return Move{Type: MoveConnect, Path: path}.raw() }

func mustApply(t *testing.T, s *State, seat int, mv json.RawMessage) (*State, []game.Event) {
	t.Helper()
	n, ev, err := s.Apply(seat, mv)
	if err != nil {
		t.Fatalf("move %s: %v", mv, err)
	}
	return n.(*State), ev
}

func city(id, colour string, value int) City { return City{ID: id, Colour: colour, Value: value} }

// Rule book, page 3: Purple connects a new city next to one Yellow
// connected; the way to Rome is one yellow and one purple road: 1 point each.
func TestExamplePathScoring(t *testing.T) {
	bd := testBoard(t, []City{city("a", "red", 2), city("b", "blue", 3), city("c", "green", 1)}, "rome-a:1 a-b:1 b-c:1")
	s := position(bd, 2, nil).build("rome", "a", 0).own("a", 0)
	s.d.Turn = 1
	n, _ := mustApply(t, s, 1, connect("a", "b"))
	if !slices.Equal(n.d.Track, []int{1, 1}) {
		t.Fatalf("track = %v, want yellow 1 and purple 1", n.d.Track)
	}
	if n.d.Owner[bd.cityIdx["b"]] != 1 || n.d.RoadsLeft[1] != 24 || n.d.Turn != 0 {
		t.Fatalf("purple should own b with 24 roads and yellow to move: %+v", n.d)
	}
}

// Rule book, page 3: with a gold treasure all points of the way double:
// Purple (two roads) 4, Yellow (one road) 2.
func TestExampleGoldDoubles(t *testing.T) {
	bd := testBoard(t, []City{city("a", "red", 2), city("b", "blue", 3), city("c", "green", 1)}, "rome-a:1 a-b:2 b-c:1")
	s := position(bd, 2, map[string]string{"b": Gold}).build("rome", "a", 0).own("a", 0)
	s.d.Turn = 1
	n, ev := mustApply(t, s, 1, connect("a", "b"))
	if !slices.Equal(n.d.Track, []int{2, 4}) {
		t.Fatalf("track = %v, want yellow 2 and purple 4", n.d.Track)
	}
	if say := words.English().Say(ev[1].Msg); !strings.Contains(say, "doubled for gold") {
		t.Errorf("event does not say the points doubled: %q", say)
	}
}

// Rule book, page 4: Yellow reaches blue 3 with two roads through the
// claimed red 2; the yellow roads are the shortest way, only Yellow scores.
func TestExamplePassThroughClaimedCity(t *testing.T) {
	bd := testBoard(t, []City{city("p", "purple", 1), city("red2", "red", 2), city("blue3", "blue", 3)},
		"rome-p:1 p-red2:1 rome-red2:1 red2-blue3:1 p-blue3:2")
	s := position(bd, 2, nil).build("rome", "p", 1).own("p", 1).build("p", "red2", 1).own("red2", 1)
	legal := s.LegalMoves(0)
	if !slices.ContainsFunc(legal, func(m game.LegalMove) bool { return string(m.Move) == string(connect("rome", "red2", "blue3")) }) {
		t.Fatalf("passing through red 2 is not offered: %v", legal)
	}
	n, _ := mustApply(t, s, 0, connect("rome", "red2", "blue3"))
	if !slices.Equal(n.d.Track, []int{2, 0}) || n.d.RoadsLeft[0] != 23 {
		t.Fatalf("track %v roads %v, want yellow 2 points and 23 roads", n.d.Track, n.d.RoadsLeft)
	}
	// Without the road from Rome, the way through Purple's roads scores
	// Purple too: p-red2-blue3 would give Purple 2 and Yellow 1.
	m, _ := mustApply(t, s, 0, connect("red2", "blue3"))
	if !slices.Equal(m.d.Track, []int{1, 2}) {
		t.Fatalf("track %v, want yellow 1 and purple 2", m.d.Track)
	}
}

// Rule book, page 6: Yellow's tokens score 14 (different) + 18 (equal and
// gold) + 22 (cities) = 54 before the track.
func TestExampleFinalScoring(t *testing.T) {
	cities := []City{
		city("r3", "red", 3), city("r1", "red", 1), city("b6", "blue", 6), city("b2", "blue", 2),
		city("g2", "green", 2), city("o2", "orange", 2), city("o1", "orange", 1),
		city("p3", "purple", 3), city("k6", "pink", 6), city("k4", "pink", 4), city("t5", "teal", 5),
	}
	var routes []string
	for _, c := range cities {
		routes = append(routes, "rome-"+c.ID+":1")
	}
	bd := testBoard(t, cities, strings.Join(routes, " "))
	tr := map[string]string{"r3": "grapes", "r1": "grapes", "b6": "grapes", "b2": "gems", "g2": "gems",
		"o2": "meat", "o1": "meat", "p3": "wood", "k6": Gold, "k4": Gold, "t5": "wine"}
	s := position(bd, 2, tr)
	for _, c := range cities[:10] {
		s.own(c.ID, 0)
	}
	tab := s.tableau(0)
	if got := tab.DifferentPoints(); got != 5+9 {
		t.Errorf("different treasures = %d, want 5 + 9 = 14", got)
	}
	if got := tab.EqualPoints() + goldPoints(tab.Gold); got != 10+2+2+4 {
		t.Errorf("equal treasures and gold = %d, want 10 + 2 + 2 + 4 = 18", got)
	}
	if got := s.cityPoints(0); got != 3+6+2+2+3+6 {
		t.Errorf("cities = %d, want 3 + 6 + 2 + 2 + 3 + 6 = 22", got)
	}
	// Yellow takes the last city: the game ends and the final scoring adds up.
	s.own(cities[10].ID, -1)
	s.d.Turn = 1
	n, _ := mustApply(t, s, 1, connect("rome", "t5"))
	f := n.d.Final[0]
	if !n.Finished() || f.Different+f.Equal+f.Gold+f.Cities != 54 || f.Track != 0 {
		t.Fatalf("final scoring %+v, want 54 before track points", f)
	}
}

func TestTables(t *testing.T) {
	for n, want := range []int{0, 0, 4, 9, 16, 25, 36, 49, 64} {
		if got := goldPoints(n); got != want {
			t.Errorf("gold %d = %d, want %d", n, got, want)
		}
	}
	// All eight kinds once: one row of 8 → 46. Four of one kind: 20, and
	// four rows of one → 0.
	all := Tableau{Kinds: map[string]int{}}
	for _, k := range kinds {
		all.Kinds[k] = 1
	}
	if got := all.DifferentPoints(); got != 46 {
		t.Errorf("8 different = %d, want 46", got)
	}
	four := Tableau{Kinds: map[string]int{"oil": 4}}
	if four.EqualPoints() != 20 || four.DifferentPoints() != 0 {
		t.Errorf("four oil: equal %d different %d, want 20 and 0", four.EqualPoints(), four.DifferentPoints())
	}
}

func ruleOf(err error) string {
	var re *game.RuleError
	if errors.As(err, &re) {
		return re.Rule
	}
	return ""
}

// TestBuildingRules checks each rule of building by a move that breaks it.
func TestBuildingRules(t *testing.T) {
	bd := testBoard(t, []City{city("a", "red", 1), city("b", "blue", 2), city("c", "green", 3), city("d", "pink", 4), city("e", "teal", 5)},
		"rome-a:1 a-b:1 b-c:1 rome-c:2 a-d:2 rome-d:1 rome-e:1 e-a:2")
	s := position(bd, 2, nil).build("rome", "a", 1).own("a", 1).build("rome", "e", 1).own("e", 1)
	for _, tc := range []struct {
		name string
		move string
		rule string
	}{
		{"bad json", `{"type":`, "caesar.rule.move"},
		{"unknown field", `{"type":"connect","path":["a","b"],"x":1}`, "caesar.rule.move"},
		{"unknown type", `{"type":"fly"}`, "caesar.rule.move"},
		{"path choice now", `{"type":"path","path":["a","rome"]}`, "caesar.rule.move_order"},
		{"unknown place", `{"type":"connect","path":["rome","atlantis"]}`, "caesar.rule.map"},
		{"start at available city", `{"type":"connect","path":["b","c"]}`, "caesar.rule.road_start"},
		{"through available city", `{"type":"connect","path":["a","b","c"]}`, "caesar.rule.through_claimed"},
		{"claimed city again", `{"type":"connect","path":["rome","a"]}`, "caesar.rule.available_city"},
		{"over purple's road", `{"type":"connect","path":["rome","a","b"]}`, "caesar.rule.no_overbuilding"},
		{"three roads", `{"type":"connect","path":["e","a","b"]}`, "caesar.rule.one_or_two_roads"},
		{"no route", `{"type":"connect","path":["rome","b"]}`, "caesar.rule.routes"},
		{"too long", `{"type":"connect","path":["rome","a","b","c"]}`, "caesar.rule.one_or_two_roads"},
	} {
		before, _ := s.MarshalJSON()
		_, _, err := s.Apply(0, json.RawMessage(tc.move))
		if ruleOf(err) != tc.rule {
			t.Errorf("%s: error %v, want rule %q", tc.name, err, tc.rule)
		}
		var re *game.RuleError
		if errors.As(err, &re) {
			if err := words.Default().Check(re.Msg); err != nil {
				t.Errorf("%s: the refusal's words: %v", tc.name, err)
			}
			if err := words.Default().Check(words.New(re.Rule)); err != nil {
				t.Errorf("%s: the rule's name: %v", tc.name, err)
			}
		}
		after, _ := s.MarshalJSON()
		if string(before) != string(after) {
			t.Errorf("%s: the rejected move changed the state", tc.name)
		}
	}
	if _, _, err := s.Apply(1, connect("a", "b")); ruleOf(err) != "caesar.rule.turn_order" {
		t.Errorf("purple moving out of turn: %v", err)
	}
	s.d.RoadsLeft[0] = 1
	if _, _, err := s.Apply(0, connect("rome", "c")); ruleOf(err) != "caesar.rule.roads_supply" {
		t.Errorf("two roads with one left: %v", err)
	}
	for _, m := range s.LegalMoves(0) {
		if strings.Contains(string(m.Move), `"c"`) && !strings.Contains(string(m.Move), `"b","c"`) {
			t.Errorf("offered %s needing 2 roads with 1 left", m.Move)
		}
	}
}

// When equally short ways score differently, the mover chooses; the
// caretaker takes the way best for the mover.
func TestPathChoice(t *testing.T) {
	bd := testBoard(t, []City{city("a", "red", 1), city("b", "blue", 2), city("c", "green", 3), city("d", "pink", 1)},
		"rome-a:2 rome-b:1 b-a:1 a-c:1 c-d:1")
	s := position(bd, 3, nil).build("rome", "a", 0).own("a", 0).build("rome", "b", 1).own("b", 1).build("b", "a", 2)
	s.d.Turn = 1
	n, _ := mustApply(t, s, 1, connect("a", "c"))
	if n.d.Pending != "c" || n.d.Turn != 1 || !slices.Equal(n.d.Track, []int{0, 0, 0}) {
		t.Fatalf("want purple to choose the way first: %+v", n.d)
	}
	acts := n.ToAct()
	if len(acts) != 1 || acts[0].Seat != 1 || acts[0].Kind != "score-path" {
		t.Fatalf("decision %v", acts)
	}
	legal := n.LegalMoves(1)
	if len(legal) != 2 {
		t.Fatalf("want 2 ways, got %v", legal)
	}
	if _, _, err := n.Apply(1, connect("rome", "b")); ruleOf(err) != "caesar.rule.move_order" {
		t.Errorf("connecting before choosing: %v", err)
	}
	if _, _, err := n.Apply(1, Move{Type: MovePath, Path: []string{"c", "a", "b", "rome", "a"}}.raw()); err == nil {
		t.Error("a way past Rome accepted")
	}
	mv, why, err := n.Caretaker(1)
	if err != nil || why.IsZero() {
		t.Fatal(err)
	}
	m, _ := mustApply(t, n, 1, mv)
	if !slices.Equal(m.d.Track, []int{0, 2, 1}) || m.d.Turn != 2 || m.d.Pending != "" {
		t.Fatalf("caretaker way: track %v turn %d, want purple 2 black 1 and black to move", m.d.Track, m.d.Turn)
	}
	y, _ := mustApply(t, n, 1, Move{Type: MovePath, Path: []string{"c", "a", "rome"}}.raw())
	if !slices.Equal(y.d.Track, []int{2, 1, 0}) {
		t.Fatalf("direct way: track %v, want yellow 2 purple 1", y.d.Track)
	}
}

// Equal ways that give everyone the same points need no choice.
func TestEqualWaysNeedNoChoice(t *testing.T) {
	bd := testBoard(t, []City{city("a", "red", 1), city("b", "blue", 2), city("c", "green", 3)},
		"rome-a:1 rome-b:1 a-c:1 b-c:1")
	s := position(bd, 2, nil).build("rome", "a", 0).own("a", 0).build("rome", "b", 0).own("b", 0)
	s.d.Turn = 1
	n, _ := mustApply(t, s, 1, connect("a", "c"))
	if n.d.Pending != "" || !slices.Equal(n.d.Track, []int{1, 1}) {
		t.Fatalf("pending %q track %v", n.d.Pending, n.d.Track)
	}
}
