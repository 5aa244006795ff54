package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"rondel/game/gametest"
	"rondel/store/rating"
)

// checkPlaces fails unless every ladder of fresh has its stored places 1
// to n in the order of its table, and a page read from any member's key
// is that part of the table.
func checkPlaces(t *testing.T, s *Store, kind string, fresh *rating.Ladders, when string) {
	t.Helper()
	ctx := context.Background()
	ladders := map[string]*rating.Ladder{"": fresh.AllTime}
	for i, l := range fresh.Season {
		ladders[fresh.Seasons[i].Name] = l
	}
	for name, l := range ladders {
		table := l.Table()
		got, err := storedPlaces(s.db, kind, name)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(placesOf(table), got); d != "" {
			t.Fatalf("%s: ladder %q: stored places differ from the order (-order +stored):\n%s", when, name, d)
		}
		for i, st := range table {
			key := LadderKey{Ordinal: st.Ordinal, Member: st.Member}
			sl, err := s.Ratings().LadderPageAt(ctx, kind, name, &key, LadderFrom, 3)
			if err != nil {
				t.Fatal(err)
			}
			want := table[i:min(i+3, len(table))]
			if sl.First != i+1 || sl.Total != len(table) || len(sl.Rows) != len(want) {
				t.Fatalf("%s: ladder %q from place %d: first %d of %d, %d rows", when, name, i+1, sl.First, sl.Total, len(sl.Rows))
			}
			for j, row := range sl.Rows {
				if row.Member != want[j].Member || row.Rank != want[j].Rank {
					t.Fatalf("%s: ladder %q place %d: %s ranked %d, want %s ranked %d", when, name, i+1+j, row.Member, row.Rank, want[j].Member, want[j].Rank)
				}
			}
			_, rank, ok, err := s.Ratings().LadderPlace(ctx, kind, name, memberUserID(st.Member))
			if err != nil || !ok || rank != st.Rank {
				t.Fatalf("%s: ladder %q: %s's rank %d (%v, %v), want %d", when, name, st.Member, rank, ok, err, st.Rank)
			}
		}
	}
}

// TestLadderPlacesFollowEveryRating: games rated one by one (newcomers,
// whose first games against each other tie them exactly; members moving
// up and down past many others; a season's ladder beside the all-time
// one) keep every place where the ladder's order puts it, as a rating
// from scratch puts it.
func TestLadderPlacesFollowEveryRating(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 4)
	const members = 40
	for i := 1; i <= members; i++ {
		if err := s.db.Create(&User{ID: int64(i), Email: fmt.Sprintf("m%d@example.org", i), Notify: "none", CreatedAt: c.Now()}).Error; err != nil {
			t.Fatal(err)
		}
	}
	seasons := rating.Seasons{{Name: "one", Start: c.Now().Add(50 * time.Hour)}}
	r := rand.New(rand.NewPCG(7, 8))
	var games []rating.Game
	for i := range 120 {
		n := 2 + r.IntN(3)
		players := r.Perm(members)[:n]
		if i < members/2 { // the newcomers first, in pairs of a first game
			n, players = 2, []int{2 * i, 2*i + 1}
		}
		g := rating.Game{ID: LadderGameID(int64(1000 + i)), At: c.Now().Add(time.Duration(i) * time.Hour)}
		for _, m := range players {
			g.Players = append(g.Players, rating.Result{Member: MemberID(int64(m + 1)), Place: 1 + r.IntN(n)})
		}
		if err := s.Exec(`INSERT INTO games (id, game_id, name, options, seed, status, rated, created_by, created_at) VALUES (?, ?, 'g', '{}', 1, ?, TRUE, 1, ?)`,
			1000+i, gametest.ID, StatusFinished, g.At); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
		if err := s.db.Transaction(func(tx *gorm.DB) error { return applyRated(tx, gametest.ID, seasons, g) }); err != nil {
			t.Fatal(err)
		}
		fresh, err := rating.BuildLadders(rating.DefaultModel(), seasons, games)
		if err != nil {
			t.Fatal(err)
		}
		if i%10 == 0 || i == 119 || i == members/2-1 {
			checkPlaces(t, s, gametest.ID, fresh, fmt.Sprintf("after game %d", i+1))
		}
	}
	fresh, _ := rating.BuildLadders(rating.DefaultModel(), seasons, games)
	if fresh.AllTime.Table()[0].Rank != 1 {
		t.Fatal("no ladder")
	}
}
