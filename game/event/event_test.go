package event

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

func TestTableSizes(t *testing.T) {
	tests := []struct {
		n, nominal, lo, hi int
		want               []int
	}{
		{16, 4, 3, 5, []int{4, 4, 4, 4}},
		{17, 4, 3, 5, []int{5, 4, 4, 4}},    // one table off
		{15, 4, 3, 5, []int{4, 4, 4, 3}},    // one off, not 5,5,5 (three off)
		{18, 4, 3, 5, []int{4, 4, 4, 3, 3}}, // two off either way, same distance: more tables
		{9, 4, 3, 5, []int{5, 4}},
		{7, 4, 3, 4, []int{4, 3}},
		{6, 4, 3, 4, []int{3, 3}},
		{13, 6, 5, 6, nil}, // no split
		{2, 4, 3, 5, nil},  // too few
		{60, 4, 3, 5, repeat(4, 15)},
		{61, 6, 3, 6, append(repeat(6, 9), 4, 3)}, // no single table fixes 61
		{80, 5, 4, 6, repeat(5, 16)},
	}
	for _, tc := range tests {
		got, err := TableSizes(tc.n, tc.nominal, tc.lo, tc.hi)
		if tc.want == nil {
			if !errors.Is(err, ErrEntrants) {
				t.Errorf("TableSizes(%d, %d, %d-%d) = %v, %v; want ErrEntrants", tc.n, tc.nominal, tc.lo, tc.hi, got, err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("TableSizes(%d, %d, %d-%d) = %v, %v; want %v", tc.n, tc.nominal, tc.lo, tc.hi, got, err, tc.want)
		}
	}
}

func TestTableSizesBadRange(t *testing.T) {
	for _, r := range [][3]int{{4, 5, 6}, {4, 3, 3}, {1, 1, 4}} {
		if _, err := TableSizes(12, r[0], r[1], r[2]); !errors.Is(err, ErrConfig) {
			t.Errorf("TableSizes(12, %v) = %v; want ErrConfig", r, err)
		}
	}
}

func TestPlaceUnits(t *testing.T) {
	pts := []int{4, 2, 1}
	tests := []struct {
		places []int
		want   []float64 // event points
	}{
		{[]int{1, 2, 3, 4}, []float64{4, 2, 1, 0}},
		{[]int{2, 1, 4, 3}, []float64{2, 4, 0, 1}},
		{[]int{1, 1, 3, 4}, []float64{3, 3, 1, 0}},                   // (4+2)/2
		{[]int{1, 1, 1, 4}, []float64{7.0 / 3, 7.0 / 3, 7.0 / 3, 0}}, // (4+2+1)/3
		{[]int{1, 2, 2, 2}, []float64{4, 1, 1, 1}},                   // (2+1+0)/3
		{[]int{1, 1, 1, 1, 1}, []float64{1.4, 1.4, 1.4, 1.4, 1.4}},
		{[]int{2, 1, 2}, []float64{1.5, 4, 1.5}},
	}
	for _, tc := range tests {
		got, err := PlaceUnits(pts, tc.places)
		if err != nil {
			t.Fatalf("%v: %v", tc.places, err)
		}
		for i, u := range got {
			if w := tc.want[i] * Scale; float64(u) < w-1e-9 || float64(u) > w+1e-9 {
				t.Errorf("places %v: seat %d has %d units, want %v", tc.places, i, u, w)
			}
		}
	}
	for _, bad := range [][]int{{1, 3}, {2, 2}, {0, 1}, {1, 1, 2}} {
		if _, err := PlaceUnits(pts, bad); !errors.Is(err, ErrResult) {
			t.Errorf("places %v: err %v; want ErrResult", bad, err)
		}
	}
}

func fourEvent(n int) Event {
	ev := Event{Config: Config{Format: Swiss, Rounds: 3, Seats: 4, MinSeats: 3, MaxSeats: 5, Points: []int{4, 2, 1}, Seed: 99}}
	for i := 0; i < n; i++ {
		ev.Entrants = append(ev.Entrants, Entrant{ID: int64(10 + i)})
	}
	return ev
}

func TestStandingsTieBreaks(t *testing.T) {
	ev := fourEvent(8)
	ev.Entrants[7].Withdrawn = true
	results := []Result{
		// 10 and 11 share first: 3 points each; 12 third (1), 13 fourth.
		{Round: 1, Players: []int64{10, 11, 12, 13}, Places: []int{1, 1, 3, 4}, Scores: []int{50, 40, 30, 20}},
		{Round: 1, Players: []int64{14, 15, 16, 17}, Places: []int{1, 2, 3, 4}, Scores: []int{60, 50, 40, 30}},
		// Round 2: 10 and 14 tie on points and score below.
		{Round: 2, Players: []int64{10, 14, 12, 15}, Places: []int{2, 3, 1, 4}, Scores: []int{40, 30, 60, 0}},
		{Round: 2, Players: []int64{11, 16, 13}, Places: []int{1, 2, 3}, Scores: []int{20, 10, 0}},
	}
	st, err := ev.Standings(results)
	if err != nil {
		t.Fatal(err)
	}
	type line struct {
		ID     int64
		Points float64
		Score  int
		Opp    float64
		Games  int
	}
	var got []line
	for _, s := range st {
		got = append(got, line{s.ID, s.Points, s.Score, s.OppPoints, s.Games})
		if s.Rank != len(got) {
			t.Errorf("%d has rank %d at line %d", s.ID, s.Rank, len(got))
		}
	}
	// Points: 10: 3+2=5, 11: 3+4=7, 12: 1+4=5, 13: 0+1=1, 14: 4+1=5,
	// 15: 2+0=2, 16: 1+2=3, 17: 0. Scores: 10 90, 12 90, 14 90: all tie
	// on points and score; opponents' points decide:
	// 10: (11 7 + 12 5 + 13 1) + (14 5 + 12 5 + 15 2) = 25
	// 12: (10 5 + 11 7 + 13 1) + (10 5 + 14 5 + 15 2) = 25
	// 14: (15 2 + 16 3 + 17 0) + (10 5 + 12 5 + 15 2) = 17
	// 10 and 12 still tie: seed order puts 10 first.
	// Opponents' points of the rest: 11: (10 5 + 12 5 + 13 1) + (16 3 +
	// 13 1) = 15; 16: (14 5 + 15 2 + 17 0) + (11 7 + 13 1) = 15; 15: (14 5
	// + 16 3 + 17 0) + (10 5 + 14 5 + 12 5) = 23; 13: (10 5 + 11 7 + 12 5)
	// + (11 7 + 16 3) = 27; 17, withdrawn after one game: 14 5 + 15 2 + 16 3.
	want := []line{
		{11, 7, 60, 15, 2},
		{10, 5, 90, 25, 2},
		{12, 5, 90, 25, 2},
		{14, 5, 90, 17, 2},
		{16, 3, 50, 15, 2},
		{15, 2, 50, 23, 2},
		{13, 1, 20, 27, 2},
		{17, 0, 30, 10, 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("standings\n got %+v\nwant %+v", got, want)
	}
	if !st[7].Withdrawn {
		t.Error("17 withdrew but is not marked")
	}
}

func TestDrawDeterministicAndJSON(t *testing.T) {
	ev := fourEvent(23)
	var history []Round
	var results []Result
	for r := 1; r <= 3; r++ {
		a, err := ev.Draw(r, history, results)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := ev.Draw(r, history, results)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("round %d: two draws differ", r)
		}
		js, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var back Round
		if err := json.Unmarshal(js, &back); err != nil || !reflect.DeepEqual(back, a) {
			t.Fatalf("round %d: JSON round trip: %v", r, err)
		}
		history = append(history, a)
		for _, tb := range a.Tables {
			res := Result{Round: r, Players: tb.Players}
			for k := range tb.Players {
				res.Places = append(res.Places, k+1)
				res.Scores = append(res.Scores, 10*(len(tb.Players)-k))
			}
			results = append(results, res)
		}
	}
	other := ev
	other.Config.Seed++
	a, _ := ev.Draw(1, nil, nil)
	b, _ := other.Draw(1, nil, nil)
	if reflect.DeepEqual(a, b) {
		t.Error("another seed drew the same first round")
	}
}

func TestStandingsJSON(t *testing.T) {
	ev := fourEvent(5)
	st, err := ev.Standings([]Result{{Round: 1, Players: []int64{10, 11, 12, 13, 14}, Places: []int{1, 1, 1, 4, 5}, Scores: []int{9, 9, 9, 2, 1}}})
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var back []Standing
	if err := json.Unmarshal(js, &back); err != nil || !reflect.DeepEqual(back, st) {
		t.Fatalf("round trip: %v\n%s", err, js)
	}
	if st[0].Units != 7*Scale/3 || st[0].ID != 10 || st[2].ID != 12 {
		t.Errorf("three tied for first: %+v", st[:3])
	}
}

func TestSeasonDeterministic(t *testing.T) {
	for _, f := range []Format{League, RoundRobin} {
		ev := seasonEvent(f, 14, 4, 3, 5, 4)
		a, err := ev.Season()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := ev.Season()
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two seasons from one seed differ", f)
		}
		ev.Config.Seed++
		if c, _ := ev.Season(); reflect.DeepEqual(a, c) {
			t.Errorf("%s: another seed drew the same season", f)
		}
	}
	if _, err := fourEvent(8).Season(); !errors.Is(err, ErrConfig) {
		t.Errorf("a Swiss season: %v", err)
	}
}
