package store

import (
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"

	"gorm.io/gorm"

	"rondel/game/gametest"
	"rondel/store/rating"
)

// BenchmarkRateGameBySize: what rating a finished four-player game costs
// on a ladder of 150 members, of 1,000 (the seeded 10,000-game club's
// ladders) and of 10,000. Its players' rows
// move to their new places, shifting the rows they pass: the price paid
// once a game for ladder pages that cost the same at any size. Each
// iteration rates the game among four members at random and rolls it
// back, so every iteration meets the same ladder.
func BenchmarkRateGameBySize(b *testing.B) {
	for _, members := range []int{150, 1_000, 10_000} {
		b.Run(fmt.Sprintf("members=%d", members), func(b *testing.B) {
			s, c, _ := openWith(b, Options{Registry: gametest.Registry()})
			fillLadder(b, s, members)
			if err := s.Exec(`INSERT INTO games (id, game_id, name, options, seed, status, rated, created_by, created_at) VALUES (1, ?, 'g', '{}', 1, ?, TRUE, 1, ?)`,
				gametest.ID, StatusFinished, c.Now()); err != nil {
				b.Fatal(err)
			}
			r := rand.New(rand.NewPCG(1, 2))
			var from, to syscall.Rusage // the process's CPU: SQLite's too, not the others' load
			b.ResetTimer()
			syscall.Getrusage(syscall.RUSAGE_SELF, &from)
			for range b.N {
				g := rating.Game{ID: "1", At: c.Now()}
				for place, m := range r.Perm(members)[:4] {
					g.Players = append(g.Players, rating.Result{Member: MemberID(int64(m + 1)), Place: place + 1})
				}
				tx := s.db.Begin()
				if err := applyRated(tx, gametest.ID, nil, g); err != nil {
					b.Fatal(err)
				}
				if err := tx.Rollback().Error; err != nil {
					b.Fatal(err)
				}
			}
			syscall.Getrusage(syscall.RUSAGE_SELF, &to)
			cpu := to.Utime.Nano() + to.Stime.Nano() - from.Utime.Nano() - from.Stime.Nano()
			b.ReportMetric(float64(cpu)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}

// fillLadder writes members (ids 1 to n) and their ratings on the
// take-away game's all-time ladder, spread, every tenth tied with the
// others of their tenth (as first games tie their players), as a rebuild
// writes a ladder: in its order.
func fillLadder(b *testing.B, s *Store, n int) {
	b.Helper()
	if err := s.Exec(`INSERT INTO users (id, email, display_name, language, notify, created_at)
		WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
		SELECT i, 'm' || i || '@example.org', 'M' || i, 'en', 'none', ? FROM k`, n, newClock().Now()); err != nil {
		b.Fatal(err)
	}
	table := make([]rating.Standing, n)
	for i := range table {
		id := int64(i + 1)
		rt := rating.Rating{Mu: 15 + float64(id*7919%2000)/100, Sigma: 1 + float64(id*104729%700)/100}
		if id%10 == 0 {
			rt = rating.Rating{Mu: 27.5, Sigma: 7.5}
		}
		table[i] = rating.NewStanding(MemberID(id), rt, int(1+id%40), int(id%9))
	}
	err := s.db.Transaction(func(tx *gorm.DB) error {
		for i, st := range rating.RankTable(table) {
			if err := putRating(tx, gametest.ID, "", memberUserID(st.Member), st.Rating, st.Games, st.Wins, i+1); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}
