package caesar

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/words"
)

func count(ts []string) map[string]int {
	m := map[string]int{}
	for _, t := range ts {
		m[t]++
	}
	return m
}

func TestSetupTreasures(t *testing.T) {
	for _, tc := range []struct {
		players     int
		opts        game.Options
		board       string
		cities      int
		gold, each  int // in play, when fixed
		removedGold int
	}{
		{4, nil, "rondel-4-5", 40, 8, 4, 0},
		{5, nil, "rondel-4-5", 40, 8, 4, 0},
		{2, nil, "rondel-2-3", 30, 6, 3, 2},
		{3, nil, "rondel-2-3", 30, 6, 3, 2},
		{3, game.Options{OptFullTreasures: "true"}, "rondel-2-3", 30, -1, -1, -1},
	} {
		st, err := New().New(setupFor(tc.players, 99, tc.opts))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if s.b.ID != tc.board || len(s.d.Treasures) != tc.cities {
			t.Fatalf("%d players: board %s with %d treasures", tc.players, s.b.ID, len(s.d.Treasures))
		}
		all := count(append(slices.Clone(s.d.Treasures), s.d.Removed...))
		if all[Gold] != 8 || len(all) != 9 {
			t.Errorf("%d players: treasures in play and in the box %v, want the 40 tokens", tc.players, all)
		}
		for _, k := range kinds {
			if all[k] != 4 {
				t.Errorf("%d players: %d %s in all, want 4", tc.players, all[k], k)
			}
		}
		in := count(s.d.Treasures)
		if tc.gold >= 0 {
			if in[Gold] != tc.gold || count(s.d.Removed)[Gold] != tc.removedGold {
				t.Errorf("%d players: %d gold in play, want %d", tc.players, in[Gold], tc.gold)
			}
			for _, k := range kinds {
				if in[k] != tc.each {
					t.Errorf("%d players: %d %s in play, want %d", tc.players, in[k], k, tc.each)
				}
			}
		}
	}
}

func TestSetupDeterministic(t *testing.T) {
	enc := func(seed uint64) []byte {
		st, err := New().New(setupFor(4, seed, nil))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := st.MarshalJSON()
		return b
	}
	if !bytes.Equal(enc(5), enc(5)) {
		t.Error("same seed, different games")
	}
	if bytes.Equal(enc(5), enc(6)) {
		t.Error("different seeds dealt the same game")
	}
	starts := map[int]bool{}
	for seed := range uint64(40) {
		st, _ := New().New(setupFor(4, seed, nil))
		starts[st.ToAct()[0].Seat] = true
	}
	if len(starts) != 4 {
		t.Errorf("start players over 40 seeds: %v, want all four", starts)
	}
}

func TestSetupErrors(t *testing.T) {
	for _, tc := range []game.Setup{
		setupFor(4, 1, game.Options{OptFullTreasures: "true"}),
		setupFor(5, 1, game.Options{OptColourSum: "true"}),
		setupFor(2, 1, game.Options{"board": "big"}),
		setupFor(2, 1, game.Options{OptColourSum: "yes"}),
		{Players: []string{"solo"}},
		{Players: []string{"a", "b", "c", "d", "e", "f"}},
	} {
		if _, err := New().New(tc); err == nil {
			t.Errorf("setup %+v accepted", tc)
		}
	}
}

func TestDecodeState(t *testing.T) {
	p := playRandom(t, setupFor(3, 4, nil), nil)
	raw, _ := p.final.MarshalJSON()
	st, err := New().DecodeState(raw)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := st.MarshalJSON()
	if !bytes.Equal(raw, again) || !slices.Equal(st.Result().Places, p.final.Result().Places) {
		t.Fatal("decoded state differs")
	}
	for _, bad := range []string{
		``, `{}`, `[]`, `{"board":"nowhere"}`,
		strings.Replace(string(raw), `"turn":`, `"turn":9`, 1),
		strings.Replace(string(raw), `"version":1`, `"version":1,"extra":true`, 1),
		strings.Replace(string(raw), `"roads_left":[`, `"roads_left":[99,`, 1),
	} {
		if _, err := New().DecodeState([]byte(bad)); err == nil {
			t.Errorf("bad state accepted: %.60s", bad)
		}
	}
}

// The road bonus goes to everyone tied for most roads left; ties on
// points are broken by colours, then gold, then roads left.
func TestRoadBonusAndTieBreaks(t *testing.T) {
	bd := testBoard(t, []City{city("a", "red", 2), city("b", "blue", 2), city("c", "red", 2), city("d", "green", 1)},
		"rome-a:1 rome-b:1 rome-c:1 rome-d:1")
	s := position(bd, 3, map[string]string{"a": "wine", "b": "wine", "c": "wine", "d": "oil"})
	s.build("rome", "a", 0).own("a", 0).build("rome", "b", 1).own("b", 1).build("rome", "c", 2).own("c", 2)
	s.d.RoadsLeft = []int{24, 24, 20}
	s.d.Turn = 2
	n, _ := mustApply(t, s, 2, connect("rome", "d"))
	f := n.d.Final
	if f[0].Roads != RoadBonus || f[1].Roads != RoadBonus || f[2].Roads != 0 {
		t.Fatalf("road bonus %+v, want 10 for yellow and purple only", f)
	}
	// Yellow and purple: 1 track + 2 city + 10 bonus = 13 each; black
	// 2 track + 2 + 1 city + 2 different = 7 + ... tie on colours and gold
	// and roads between yellow and purple: a shared place.
	r := n.Result()
	if r.Scores[0] != r.Scores[1] || r.Places[0] != 1 || r.Places[1] != 1 {
		t.Fatalf("result %+v, want yellow and purple sharing first; final %+v", r, n.d.Final)
	}
	if say := words.English().Say(r.TieBreak); !strings.Contains(say, "share the place") {
		t.Errorf("tie-break words %q", say)
	}
	// Version 1 wrote the sentence into the state; it is frozen.
	if v1 := n.ResultV1().TieBreak.Raw; v1 != "Yellow and Purple tie on 12 points; by cities of different colours, then gold, "+
		"then roads left (Yellow 1 colours, 0 gold, 24 roads left; Purple 1 colours, 0 gold, 24 roads left); they stay tied and share the place." {
		t.Errorf("version 1 tie-break %q", v1)
	}
	// Yellow and purple tie on points; purple has cities of two colours,
	// yellow of one: purple takes first place.
	s2 := position(bd, 3, map[string]string{"a": "wine", "b": "wine", "c": "wine", "d": "oil"})
	s2.build("rome", "a", 0).own("a", 0).build("rome", "b", 1).own("b", 1).build("rome", "c", 2).own("c", 2)
	s2.d.Turn = 1
	s2.d.Track = []int{4, 0, 0}
	s2.d.RoadsLeft = []int{24, 25, 24}
	m, _ := mustApply(t, s2, 1, connect("rome", "d"))
	// Yellow 4 track + 2 city + 10 bonus = 16; purple 1 track + 2 + 1
	// cities + 2 different + 10 bonus = 16; black 2 + 10 = 12.
	r = m.Result()
	if !slices.Equal(r.Scores, []int{16, 16, 12}) || !slices.Equal(r.Places, []int{2, 1, 3}) {
		t.Fatalf("result %+v, want purple ahead of yellow by colours", r)
	}
}

func TestTieBreakOrder(t *testing.T) {
	bd := testBoard(t, []City{city("a", "red", 1), city("b", "blue", 1), city("c", "red", 1), city("d", "green", 1)},
		"rome-a:1 rome-b:1 rome-c:1 rome-d:1")
	s := position(bd, 2, map[string]string{"a": Gold, "b": "meat", "c": "oil", "d": "oil"})
	s.own("a", 0).own("b", 0).own("c", 1).own("d", 1)
	s.d.RoadsLeft = []int{20, 25}
	s.d.Final = []Final{{Total: 30}, {Total: 30}}
	// Colours: 2 each. Gold: yellow 1, purple 0 → yellow first though purple has more roads.
	r := s.result()
	if r.Places[0] != 1 || r.Places[1] != 2 {
		t.Fatalf("places %v, want gold to decide for yellow", r.Places)
	}
	if say := words.English().Say(r.TieBreak); !strings.Contains(say, "1 gold") {
		t.Errorf("tie-break words %q", say)
	}
	keys := s.rankKeys()
	if v1 := s.tieBreakV1(keys, rankOrder(keys)); v1 != "Yellow and Purple tie on 30 points; by cities of different colours, "+
		"then gold, then roads left (Yellow 2 colours, 1 gold, 20 roads left; Purple 2 colours, 0 gold, 25 roads left)." {
		t.Errorf("version 1 tie-break %q", v1)
	}
}

func TestColourSumVariant(t *testing.T) {
	bd := testBoard(t, []City{city("a", "red", 2), city("b", "red", 3), city("c", "blue", 4), city("d", "blue", 5)},
		"rome-a:1 rome-b:1 rome-c:1 rome-d:1")
	s := position(bd, 2, nil).own("a", 0).own("b", 0).own("c", 0).own("d", 1)
	if got := s.cityPoints(0); got != 3+4 {
		t.Errorf("standard: %d, want 7", got)
	}
	s.d.Options[OptColourSum] = "true"
	if got := s.cityPoints(0); got != 2+3+4 {
		t.Errorf("colour sum: %d, want 5 for all red + 4 for blue", got)
	}
}

// A player without enough roads passes; when nobody can connect, the game
// ends with cities left.
func TestPassAndStuckEnd(t *testing.T) {
	bd := testBoard(t, []City{city("a", "red", 1), city("b", "blue", 2), city("c", "green", 3)},
		"rome-a:1 rome-b:2 a-c:2")
	s := position(bd, 2, nil)
	s.d.RoadsLeft = []int{1, 1}
	n, ev := mustApply(t, s, 0, connect("rome", "a"))
	if !n.Finished() || n.citiesLeft() != 2 {
		t.Fatalf("want the game over with 2 cities left: %+v", n.d)
	}
	joined := ""
	for _, e := range ev {
		joined += words.English().Say(e.Msg) + "\n"
	}
	if !strings.Contains(joined, "passes") || !strings.Contains(joined, "No player can connect") {
		t.Errorf("events %s", joined)
	}
	s.d.RoadsLeft = []int{3, 1}
	n, _ = mustApply(t, s, 0, connect("rome", "a"))
	if n.Finished() || n.d.Turn != 0 {
		t.Fatalf("purple cannot move, yellow should move again: turn %d", n.d.Turn)
	}
}

func TestSummaryAndSituation(t *testing.T) {
	p := playRandom(t, setupFor(4, 11, nil), nil)
	raw, err := json.Marshal(p.final.Summary())
	if err != nil {
		t.Fatal(err)
	}
	var sum Summary
	if err := json.Unmarshal(raw, &sum); err != nil {
		t.Fatal(err)
	}
	cities := 0
	for i, pl := range sum.Players {
		cities += len(pl.Cities)
		if pl.Final == nil || pl.Final.Total != p.final.Result().Scores[i] {
			t.Errorf("summary of seat %d: %+v", i, pl)
		}
	}
	if cities != 40 || sum.Phase != "over" {
		t.Errorf("summary: %d cities, phase %s", cities, sum.Phase)
	}
	if sit := words.English().Sentences(p.final.Situation(2)); !strings.Contains(sit, "roads left") {
		t.Errorf("situation %q", sit)
	}
}
