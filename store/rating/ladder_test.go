package rating

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func day(n int) time.Time { return t0.AddDate(0, 0, n) }

func res(member string, place int) Result { return Result{Member: member, Place: place} }

func dropped(member string, place int) Result {
	return Result{Member: member, Place: place, Dropped: true}
}

func TestRanks(t *testing.T) {
	tests := []struct {
		name    string
		players []Result
		want    []int
	}{
		{"places kept", []Result{res("a", 2), res("b", 1), res("c", 3)}, []int{2, 1, 3}},
		{"ties kept", []Result{res("a", 1), res("b", 1), res("c", 3)}, []int{1, 1, 3}},
		{"dropped winner ranks last", []Result{dropped("a", 1), res("b", 2), res("c", 3)}, []int{4, 2, 3}},
		{"dropped players share last", []Result{dropped("a", 1), res("b", 3), dropped("c", 2), res("d", 4)}, []int{5, 3, 5, 4}},
		{"all dropped tie", []Result{dropped("a", 1), dropped("b", 2)}, []int{1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Ranks(tt.players); !slices.Equal(got, tt.want) {
				t.Fatalf("Ranks = %v, want %v", got, tt.want)
			}
		})
	}
}

// The ladder rates each game with the members' ratings so far and the
// ranks from Ranks; this replays the same by hand with Rate.
func TestLadderFollowsRate(t *testing.T) {
	games := []Game{
		{ID: "g1", At: day(1), Players: []Result{res("ann", 1), res("bob", 2), res("cy", 3)}},
		{ID: "g2", At: day(2), Players: []Result{res("bob", 1), dropped("ann", 1), res("dee", 2)}},
		{ID: "g3", At: day(3), Players: []Result{res("cy", 1), res("dee", 1), res("ann", 3), res("bob", 4)}},
	}
	l, err := Build(DefaultModel(), games)
	if err != nil {
		t.Fatal(err)
	}
	cur := map[string]Rating{}
	get := func(id string) Rating {
		if r, ok := cur[id]; ok {
			return r
		}
		return DefaultModel().New()
	}
	for _, g := range games {
		in := make([]Rating, len(g.Players))
		for i, p := range g.Players {
			in[i] = get(p.Member)
		}
		out := Rate(in, Ranks(g.Players))
		rated, ok := l.Game(g.ID)
		if !ok {
			t.Fatalf("game %s not rated", g.ID)
		}
		for i, p := range g.Players {
			c := rated.Changes[i]
			if c.Member != p.Member || c.Before != in[i] || c.After != out[i] {
				t.Fatalf("game %s player %s: change %+v, want before %v after %v", g.ID, p.Member, c, in[i], out[i])
			}
			cur[p.Member] = out[i]
		}
	}
	for id, r := range cur {
		s, ok := l.Member(id)
		if !ok || s.Rating != r || s.Ordinal != r.Ordinal() {
			t.Fatalf("member %s: %+v, want rating %v", id, s, r)
		}
	}
	// ann won g1 only (dropped in g2 despite place 1); cy and dee shared g3.
	wantWins := map[string]int{"ann": 1, "bob": 1, "cy": 1, "dee": 1}
	wantGames := map[string]int{"ann": 3, "bob": 3, "cy": 2, "dee": 2}
	for _, s := range l.Table() {
		if s.Wins != wantWins[s.Member] || s.Games != wantGames[s.Member] || !s.Provisional {
			t.Errorf("%s: games %d wins %d provisional %v; want games %d wins %d provisional", s.Member, s.Games, s.Wins, s.Provisional, wantGames[s.Member], wantWins[s.Member])
		}
	}
	if c, _ := l.Game("g2"); c.Changes[1].Rank != 3 || !c.Changes[1].Dropped {
		t.Errorf("dropped ann in g2: %+v, want rank 3 (last)", c.Changes[1])
	}
}

func TestTableOrderAndProvisional(t *testing.T) {
	var games []Game
	// "amy" beats "bea" five times; "zed" and "al" tie their only game, so
	// they have equal ordinals and must be ordered by id and share a rank.
	for i := range 5 {
		games = append(games, Game{ID: fmt.Sprintf("a%d", i), At: day(i), Players: []Result{res("bea", 2), res("amy", 1)}})
	}
	games = append(games, Game{ID: "t", At: day(9), Players: []Result{res("zed", 1), res("al", 1)}})
	l, err := Build(DefaultModel(), games)
	if err != nil {
		t.Fatal(err)
	}
	table := l.Table()
	var order []string
	for _, s := range table {
		order = append(order, s.Member)
	}
	if want := []string{"amy", "al", "zed", "bea"}; !slices.Equal(order, want) {
		t.Fatalf("table order %v, want %v (%+v)", order, want, table)
	}
	if table[1].Rank != 2 || table[2].Rank != 2 || table[3].Rank != 4 {
		t.Errorf("ranks %d %d %d, want 2 2 4", table[1].Rank, table[2].Rank, table[3].Rank)
	}
	if table[0].Provisional || table[0].Games != 5 || table[0].Wins != 5 {
		t.Errorf("amy after 5 games: %+v, want not provisional, 5 wins", table[0])
	}
	if !table[1].Provisional {
		t.Errorf("al after 1 game should be provisional")
	}
	for i := 1; i < len(table); i++ {
		if table[i].Ordinal > table[i-1].Ordinal {
			t.Errorf("row %d ordinal %v above row %d's %v", i, table[i].Ordinal, i-1, table[i-1].Ordinal)
		}
	}
}

func TestHistoryAndChangesAgree(t *testing.T) {
	games := randomSeries(42, 40, 7)
	l, err := Build(DefaultModel(), games)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range l.Table() {
		h := l.History(s.Member)
		if len(h) != s.Games || h[len(h)-1].Rating != s.Rating {
			t.Fatalf("%s: %d history points for %d games, last %v, rating %v", s.Member, len(h), s.Games, h[len(h)-1], s.Rating)
		}
		// Each game starts where the member's previous game left them.
		prev := DefaultModel().New()
		for _, pt := range h {
			g, _ := l.Game(pt.Game)
			i := slices.IndexFunc(g.Changes, func(c Change) bool { return c.Member == s.Member })
			if i < 0 || g.Changes[i].Before != prev || g.Changes[i].After != pt.Rating {
				t.Fatalf("%s in %s: change %+v, previous rating %v", s.Member, pt.Game, g.Changes, prev)
			}
			prev = pt.Rating
		}
	}
	if l.History("nobody") != nil {
		t.Error("history of an unknown member should be empty")
	}
	if _, ok := l.Member("nobody"); ok {
		t.Error("unknown member found")
	}
}

func TestApplyRefusesAndLeavesLadderAlone(t *testing.T) {
	first := Game{ID: "g1", At: day(5), Players: []Result{res("a", 1), res("b", 2)}}
	tests := []struct {
		name string
		g    Game
		is   error
	}{
		{"no id", Game{At: day(6), Players: first.Players}, nil},
		{"already rated", Game{ID: "g1", At: day(6), Players: first.Players}, nil},
		{"older", Game{ID: "g0", At: day(4), Players: first.Players}, ErrOutOfOrder},
		{"same time smaller id", Game{ID: "g0", At: day(5), Players: first.Players}, ErrOutOfOrder},
		{"one player", Game{ID: "g2", At: day(6), Players: []Result{res("a", 1)}}, nil},
		{"member twice", Game{ID: "g2", At: day(6), Players: []Result{res("a", 1), res("a", 2)}}, nil},
		{"no member", Game{ID: "g2", At: day(6), Players: []Result{res("a", 1), res("", 2)}}, nil},
		{"place 0", Game{ID: "g2", At: day(6), Players: []Result{res("a", 0), res("b", 1)}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Build(DefaultModel(), []Game{first})
			if err != nil {
				t.Fatal(err)
			}
			before := snapshot(l)
			if _, err := l.Apply(tt.g); err == nil {
				t.Fatal("accepted")
			} else if tt.is != nil && !errors.Is(err, tt.is) {
				t.Fatalf("error %v, want %v", err, tt.is)
			}
			if d := cmp.Diff(before, snapshot(l)); d != "" {
				t.Fatalf("refused game changed the ladder (-before +after):\n%s", d)
			}
		})
	}
}

func TestBuildNamesBadGame(t *testing.T) {
	_, err := Build(DefaultModel(), []Game{
		{ID: "ok", At: day(1), Players: []Result{res("a", 1), res("b", 2)}},
		{ID: "bad", At: day(2), Players: []Result{res("a", 1), res("a", 2)}},
	})
	if err == nil || !containsAll(err.Error(), "bad", "a") {
		t.Fatalf("error %v, want one naming game bad and member a", err)
	}
}

// A dropped player may be listed with any place, even 0.
func TestDroppedPlaceIgnored(t *testing.T) {
	l := NewLadder(DefaultModel())
	if _, err := l.Apply(Game{ID: "g", At: day(1), Players: []Result{res("a", 1), dropped("b", 0)}}); err != nil {
		t.Fatal(err)
	}
	if a, _ := l.Member("a"); a.Wins != 1 {
		t.Fatalf("a: %+v", a)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}

// view is everything a ladder shows, for comparing two ladders.
type view struct {
	Table   []Standing
	Games   []Rated
	History map[string][]Point
}

func snapshot(l *Ladder) view {
	v := view{Table: l.Table(), Games: l.Games(), History: map[string][]Point{}}
	for _, s := range v.Table {
		v.History[s.Member] = l.History(s.Member)
	}
	return v
}

// randomSeries makes n games among pool members with a fixed seed:
// 2 to 6 players, ties, dropped players, and some games finishing at the
// same moment.
func randomSeries(seed uint64, n, pool int) []Game {
	r := seed
	next := func(k int) int { // xorshift: enough for test data
		r ^= r << 13
		r ^= r >> 7
		r ^= r << 17
		return int(r % uint64(k))
	}
	var games []Game
	at := t0
	for i := range n {
		at = at.Add(time.Duration(next(3)) * time.Hour) // 0 h: same moment
		players := 2 + next(min(5, pool-1))
		members := make([]int, pool)
		for j := range members {
			members[j] = j
		}
		g := Game{ID: fmt.Sprintf("game-%03d", i), At: at}
		for j := range players {
			k := j + next(pool-j)
			members[j], members[k] = members[k], members[j]
			p := Result{Member: fmt.Sprintf("m%02d", members[j]), Place: 1 + next(players)}
			p.Dropped = next(10) == 0
			g.Players = append(g.Players, p)
		}
		games = append(games, g)
	}
	return games
}

func TestSeriesIsUsable(t *testing.T) {
	games := randomSeries(7, 200, 8)
	ties, drops, sameTime := 0, 0, 0
	for i, g := range games {
		if i > 0 && g.At.Equal(games[i-1].At) {
			sameTime++
		}
		r := Ranks(g.Players)
		if len(slices.Compact(slices.Sorted(slices.Values(r)))) < len(r) {
			ties++
		}
		for _, p := range g.Players {
			if p.Dropped {
				drops++
			}
		}
	}
	if ties == 0 || drops == 0 || sameTime == 0 {
		t.Fatalf("test data lacks cases: %d ties, %d drops, %d same-time games", ties, drops, sameTime)
	}
	if _, err := Build(DefaultModel(), games); err != nil {
		t.Fatal(err)
	}
}

func TestOrdinalChange(t *testing.T) {
	c := Change{Before: Rating{25, 8}, After: Rating{27, 7.5}}
	if got, want := c.OrdinalChange(), (27-3*7.5)-(25-3*8.0); math.Abs(got-want) > 1e-12 {
		t.Fatalf("OrdinalChange %v, want %v", got, want)
	}
}
