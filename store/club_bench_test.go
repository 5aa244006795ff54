package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"rondel/game/gametest"
)

// fillFinished writes n finished games with their summaries, one ending
// an hour after the other, in one statement per thousand.
func fillFinished(b *testing.B, s *Store, n int) {
	b.Helper()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for start := 0; start < n; start += 1000 {
		var rows []string
		var args []any
		for i := start; i < min(n, start+1000); i++ {
			rows = append(rows, "(?, ?, '{}', 1, 'finished', ?, ?, ?, 'agreed')")
			args = append(args, gametest.ID, fmt.Sprint("Game ", i), t0, t0, t0.Add(time.Duration(i)*time.Hour))
		}
		if err := s.Exec(`INSERT INTO games (game_id, name, options, seed, status, created_at, started_at, finished_at, ending) VALUES `+
			strings.Join(rows, ", "), args...); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Exec(`INSERT INTO game_summaries (game_id, status, last_move_at) SELECT id, 'finished', finished_at FROM games`); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkFinishedGamesDeepPage reads the 200th page (of 25) of 10,000
// finished games by offset, as ?finished=200 did, and by key, as the
// Older links do now: the keyset page costs what the first page costs.
func BenchmarkFinishedGamesDeepPage(b *testing.B) {
	s, _, _ := openWith(b, Options{Registry: gametest.Registry()})
	const n, size, page = 10000, 25, 200
	fillFinished(b, s, n)
	ctx := context.Background()
	all, _, err := s.FinishedGames(ctx, ClubFilter{}, ClubPage{Offset: (page - 2) * size}, size)
	if err != nil || len(all) != size {
		b.Fatal(len(all), err)
	}
	last := all[size-1]
	key := &ClubKey{At: *last.Game.FinishedAt, ID: last.Game.ID}
	for _, c := range []struct {
		name string
		p    ClubPage
	}{{"first", ClubPage{}}, {"offset", ClubPage{Offset: (page - 1) * size}}, {"keyset", ClubPage{Key: key}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if ls, _, err := s.FinishedGames(ctx, ClubFilter{}, c.p, size); err != nil || len(ls) != size {
					b.Fatal(len(ls), err)
				}
			}
		})
	}
}

// fillClub writes n games waiting with an open seat and n in play (the
// latter with their summaries), one an hour after the other.
func fillClub(b *testing.B, s *Store, n int) {
	b.Helper()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, status := range []string{"inviting", "active"} {
		for start := 0; start < n; start += 1000 {
			var rows []string
			var args []any
			for i := start; i < min(n, start+1000); i++ {
				rows = append(rows, "(?, ?, '{}', 1, ?, ?, ?)")
				at := t0.Add(time.Duration(i) * time.Hour)
				seats := 0
				if status == "inviting" {
					seats = 1
				}
				args = append(args, gametest.ID, fmt.Sprint(status, " ", i), status, at, seats)
			}
			if err := s.Exec(`INSERT INTO games (game_id, name, options, seed, status, created_at, open_seats) VALUES `+
				strings.Join(rows, ", "), args...); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := s.Exec(`INSERT INTO game_summaries (game_id, status, last_move_at) SELECT id, status, created_at FROM games`); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkClubListsDeepPage reads the first and the 200th page (of 25)
// of 10,000 games with open seats and of 10,000 games in play, by offset
// (?open=200, as before) and by key (the Older links now).
func BenchmarkClubListsDeepPage(b *testing.B) {
	s, _, _ := openWith(b, Options{Registry: gametest.Registry()})
	const n, size, page = 10000, 25, 200
	fillClub(b, s, n)
	ctx := context.Background()
	for _, l := range []struct {
		name string
		read func(context.Context, ClubPage, int) ([]Listing, bool, error)
		at   func(Listing) time.Time
	}{
		{"open", s.OpenGames, func(l Listing) time.Time { return l.Game.CreatedAt }},
		{"playing", s.GamesInPlay, func(l Listing) time.Time { return l.Summary.LastMoveAt }},
	} {
		all, _, err := l.read(ctx, ClubPage{Offset: (page - 2) * size}, size)
		if err != nil || len(all) != size {
			b.Fatal(len(all), err)
		}
		last := all[size-1]
		key := &ClubKey{At: l.at(last), ID: last.Game.ID}
		for _, c := range []struct {
			name string
			p    ClubPage
		}{{"first", ClubPage{}}, {"offset", ClubPage{Offset: (page - 1) * size}}, {"keyset", ClubPage{Key: key}}} {
			b.Run(l.name+"/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if ls, _, err := l.read(ctx, c.p, size); err != nil || len(ls) != size {
						b.Fatal(len(ls), err)
					}
				}
			})
		}
		// The keyset page is the offset page.
		byOffset, _, _ := l.read(ctx, ClubPage{Offset: (page - 1) * size}, size)
		byKey, _, _ := l.read(ctx, ClubPage{Key: key}, size)
		if len(byKey) != size || byOffset[0].Game.ID != byKey[0].Game.ID || byOffset[size-1].Game.ID != byKey[size-1].Game.ID {
			b.Fatalf("%s: the page by key is not the page by offset", l.name)
		}
	}
}
