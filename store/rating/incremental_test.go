package rating

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Rebuilding the ladder from scratch gives exactly (bit for bit) what
// applying the same games one at a time gave, wherever the incremental
// ladder started from, and whatever order Build received the games in.
func TestPropertyIncrementalEqualsRebuild(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seed := rapid.Uint64Min(1).Draw(t, "seed")
		n := rapid.IntRange(0, 60).Draw(t, "games")
		pool := rapid.IntRange(2, 10).Draw(t, "pool")
		games := randomSeries(seed, n, pool) // chronological already
		split := rapid.IntRange(0, n).Draw(t, "split")

		shuffled := rapid.Permutation(games).Draw(t, "order")
		rebuilt, err := Build(DefaultModel(), shuffled)
		if err != nil {
			t.Fatal(err)
		}
		inc, err := Build(DefaultModel(), games[:split])
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games[split:] {
			rated, err := inc.Apply(g)
			if err != nil {
				t.Fatalf("applying %s: %v", g.ID, err)
			}
			if again, _ := inc.Game(g.ID); !cmp.Equal(rated, again) {
				t.Fatalf("Apply returned %+v, Game gives %+v", rated, again)
			}
		}
		if d := cmp.Diff(snapshot(rebuilt), snapshot(inc)); d != "" {
			t.Fatalf("rebuilt and incremental ladders differ (-rebuilt +incremental):\n%s", d)
		}
		if inc.Len() != n {
			t.Fatalf("%d games rated, want %d", inc.Len(), n)
		}
	})
}

func TestSeasonsCheck(t *testing.T) {
	tests := []struct {
		name string
		s    Seasons
		ok   bool
	}{
		{"none", nil, true},
		{"two", Seasons{{"2026", day(0)}, {"2027", day(365)}}, true},
		{"no name", Seasons{{"", day(0)}}, false},
		{"same name", Seasons{{"a", day(0)}, {"a", day(5)}}, false},
		{"same start", Seasons{{"a", day(0)}, {"b", day(0)}}, false},
		{"backwards", Seasons{{"a", day(5)}, {"b", day(0)}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.s.Check(); (err == nil) != tt.ok {
				t.Fatalf("Check() = %v, want ok %v", err, tt.ok)
			}
			if _, err := NewLadders(DefaultModel(), tt.s); (err == nil) != tt.ok {
				t.Fatalf("NewLadders error %v, want ok %v", err, tt.ok)
			}
		})
	}
}

func TestSeasonBoundaries(t *testing.T) {
	s := Seasons{{"spring", day(10)}, {"autumn", day(20)}}
	tests := []struct {
		at   time.Time
		want int
	}{
		{day(9), -1},
		{day(10).Add(-time.Nanosecond), -1},
		{day(10), 0}, // a season includes its start
		{day(19), 0},
		{day(20).Add(-time.Nanosecond), 0},
		{day(20), 1}, // and excludes the next season's start
		{day(5000), 1},
	}
	for _, tt := range tests {
		if got := s.At(tt.at); got != tt.want {
			t.Errorf("At(%v) = %d, want %d", tt.at, got, tt.want)
		}
		for i := range s {
			if s.Contains(i, tt.at) != (i == tt.want) {
				t.Errorf("Contains(%d, %v) = %v", i, tt.at, !(i == tt.want))
			}
		}
	}
}

// A season ladder is the ladder of the season's games alone, and applying
// games one at a time to the set of ladders gives what building them all
// from scratch gives.
func TestLaddersIncrementalEqualsRebuild(t *testing.T) {
	games := randomSeries(99, 150, 9)
	first, last := games[0].At, games[len(games)-1].At
	span := last.Sub(first)
	seasons := Seasons{
		{"one", first.Add(span / 4)},
		{"two", first.Add(span / 2)},
		{"three", first.Add(3 * span / 4)},
	}
	built, err := BuildLadders(DefaultModel(), seasons, games)
	if err != nil {
		t.Fatal(err)
	}
	inc, err := NewLadders(DefaultModel(), seasons)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if _, err := inc.Apply(g); err != nil {
			t.Fatal(err)
		}
	}
	if d := cmp.Diff(snapshot(built.AllTime), snapshot(inc.AllTime)); d != "" {
		t.Fatalf("all-time ladders differ:\n%s", d)
	}
	total := 0
	for i := range seasons {
		own, err := Build(DefaultModel(), seasons.InSeason(i, games))
		if err != nil {
			t.Fatal(err)
		}
		if own.Len() == 0 {
			t.Fatalf("season %d has no games; the test data is too thin", i)
		}
		total += own.Len()
		for name, l := range map[string]*Ladder{"built": built.Season[i], "incremental": inc.Season[i]} {
			if d := cmp.Diff(snapshot(own), snapshot(l)); d != "" {
				t.Fatalf("season %d %s ladder is not the ladder of its games:\n%s", i, name, d)
			}
		}
	}
	before := 0
	for _, g := range games {
		if seasons.At(g.At) < 0 {
			before++
		}
	}
	if before == 0 || total+before != len(games) || inc.AllTime.Len() != len(games) {
		t.Fatalf("%d games before the first season, %d in seasons, %d in all", before, total, len(games))
	}
	if inc.Current(last) != inc.Season[2] || inc.Current(first) != nil {
		t.Fatal("Current picks the wrong season")
	}
}

// A season starts everyone afresh: a member's season rating after their
// first season game is the rating of a new player after that game.
func TestSeasonStartsAfresh(t *testing.T) {
	games := []Game{
		{ID: "old", At: day(1), Players: []Result{res("a", 1), res("b", 2)}},
		{ID: "new", At: day(40), Players: []Result{res("a", 1), res("b", 2)}},
	}
	ls, err := BuildLadders(DefaultModel(), Seasons{{"s", day(30)}}, games)
	if err != nil {
		t.Fatal(err)
	}
	fresh := Rate([]Rating{DefaultModel().New(), DefaultModel().New()}, []int{1, 2})
	if a, _ := ls.Season[0].Member("a"); a.Rating != fresh[0] || a.Games != 1 {
		t.Fatalf("season rating %+v, want %v after 1 game", a, fresh[0])
	}
	if a, _ := ls.AllTime.Member("a"); a.Games != 2 {
		t.Fatalf("all-time: %+v, want 2 games", a)
	}
}

func TestLaddersApplyRefusesAsAWhole(t *testing.T) {
	ls, err := NewLadders(DefaultModel(), Seasons{{"s", day(10)}})
	if err != nil {
		t.Fatal(err)
	}
	for i, at := range []time.Time{day(1), day(11)} {
		if _, err := ls.Apply(Game{ID: fmt.Sprint("g", i), At: at, Players: []Result{res("a", 1), res("b", 2)}}); err != nil {
			t.Fatal(err)
		}
	}
	all, season := snapshot(ls.AllTime), snapshot(ls.Season[0])
	for _, g := range []Game{
		{ID: "late", At: day(5), Players: []Result{res("a", 1), res("b", 2)}},
		{ID: "g1", At: day(12), Players: []Result{res("a", 1), res("b", 2)}},
		{ID: "bad", At: day(12), Players: []Result{res("a", 1)}},
	} {
		if _, err := ls.Apply(g); err == nil {
			t.Fatalf("game %s accepted", g.ID)
		}
	}
	if !cmp.Equal(all, snapshot(ls.AllTime)) || !cmp.Equal(season, snapshot(ls.Season[0])) {
		t.Fatal("a refused game changed a ladder")
	}
}
