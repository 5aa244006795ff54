package main

import (
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/store"
)

var testNow = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// The club mix plan.go describes, on a plan of 10,000 games (no self-play).
func TestPlanIsTheClubMix(t *testing.T) {
	reg := registry()
	users, games, err := plan(reg, seedSpec{Games: 10000, Seed: 3, Now: testNow})
	if err != nil {
		t.Fatal(err)
	}
	finished, rated, seats := 0, 0, 0
	kinds := map[string]int{}
	perUser := map[int64]int{}
	for _, g := range games {
		kinds[g.Kind]++
		if g.Finished {
			finished++
			if g.Rated {
				rated++
			}
		}
		info := mustInfo(t, g.Kind)
		if n := len(g.Users); n < info.MinPlayers || n > info.MaxPlayers {
			t.Fatalf("game %d: %d players for %s", g.ID, n, g.Kind)
		}
		seen := map[int64]bool{}
		for _, u := range g.Users {
			if seen[u] || u < 1 || u > int64(len(users)) {
				t.Fatalf("game %d seats %v", g.ID, g.Users)
			}
			seen[u] = true
			perUser[u]++
		}
		seats += len(g.Users)
		if g.Short {
			t.Fatalf("game %d of the mix is short", g.ID)
		}
	}
	near := func(what string, got, want, tol float64) {
		if math.Abs(got-want) > tol {
			t.Errorf("%s: %.3f, want %.2f ± %.2f", what, got, want, tol)
		}
	}
	near("finished share", float64(finished)/10000, finishedShare, 0.02)
	near("rated share of finished", float64(rated)/float64(finished), ratedShare, 0.02)
	near("imperial share", float64(kinds["imperial"])/10000, 0.70, 0.02)
	near("imperial2030 share", float64(kinds["imperial2030"])/10000, 0.20, 0.02)
	near("caesar share", float64(kinds[caesar.ID])/10000, 0.10, 0.02)
	near("games per member", float64(seats)/float64(len(users)), gamesPerUser, 1)
	if len(perUser) != len(users) {
		t.Errorf("%d of %d members play", len(perUser), len(users))
	}
	names := map[string]bool{}
	for _, u := range users {
		if names[u.Name] {
			t.Fatalf("two members are named %q", u.Name)
		}
		names[u.Name] = true
	}
	again, games2, _ := plan(reg, seedSpec{Games: 10000, Seed: 3, Now: testNow})
	if !reflect.DeepEqual(users, again) || !reflect.DeepEqual(games, games2) {
		t.Error("the same seed planned another club")
	}
}

func TestPlanShortGames(t *testing.T) {
	_, games, err := plan(registry(), seedSpec{Games: 10, Active: 500, MovesMax: 30, Seed: 1, Now: testNow})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games[10:] {
		if !g.Short || g.Finished || g.MaxMoves > 30 || g.Kind != "imperial" {
			t.Fatalf("short game %+v", g)
		}
	}
}

// Played games lie in the club's history: created, accepted, started,
// moved and finished in that order; a game in play moved recently.
func TestPlayedGamesTimeline(t *testing.T) {
	reg := registry()
	for _, p := range []gamePlan{
		{ID: 1, Kind: caesar.ID, Seed: 11, Users: []int64{1, 2, 3}, Finished: true, Rated: true},
		{ID: 2, Kind: caesar.ID, Seed: 12, Users: []int64{1, 2}},
		{ID: 3, Kind: "imperial", Seed: 13, Users: []int64{1, 2, 3, 4}, Short: true, MaxMoves: 20},
		{ID: 4, Kind: "imperial", Seed: 14, Users: []int64{1, 2, 3, 4}, Short: true, MaxMoves: 0},
	} {
		pg, err := playGame(reg, &p, []string{"Ada", "Bruno", "Clara", "Dario"}[:len(p.Users)], testNow)
		if err != nil {
			t.Fatal(err)
		}
		if pg.Finished != p.Finished || (p.Finished && (pg.FinalHash == "" || len(pg.Result) == 0)) {
			t.Errorf("game %d: finished %v, hash %q", p.ID, pg.Finished, pg.FinalHash)
		}
		if p.Short && len(pg.Moves) != p.MaxMoves {
			t.Errorf("game %d: %d moves, want %d", p.ID, len(pg.Moves), p.MaxMoves)
		}
		if pg.Created.Before(testNow.Add(-history)) || pg.Started.Before(pg.Created) || pg.End.Before(pg.Started) || pg.End.After(testNow) {
			t.Errorf("game %d: created %v started %v end %v", p.ID, pg.Created, pg.Started, pg.End)
		}
		if !p.Finished && pg.End.Before(testNow.Add(-recentMove-time.Minute)) {
			t.Errorf("game %d in play last moved at %v", p.ID, pg.End)
		}
		for i, a := range pg.Accepted {
			if a.Before(pg.Created) || a.After(pg.Started) {
				t.Errorf("game %d seat %d accepted at %v", p.ID, i, a)
			}
		}
		if !slices.Contains(pg.Accepted, pg.Started) {
			t.Errorf("game %d: nobody's acceptance started it", p.ID)
		}
		prev := pg.Started
		for i, m := range pg.Moves {
			if m.At.Before(prev) || (m.By != store.ByPlayer && m.By != store.ByCaretaker) {
				t.Fatalf("game %d move %d at %v by %s (previous %v)", p.ID, i+1, m.At, m.By, prev)
			}
			prev = m.At
		}
		if len(pg.Moves) > 0 && !pg.Moves[len(pg.Moves)-1].At.Equal(pg.End) {
			t.Errorf("game %d: last move at %v, end %v", p.ID, pg.Moves[len(pg.Moves)-1].At, pg.End)
		}
	}
}

func TestTSVRoundTrip(t *testing.T) {
	dir := t.TempDir()
	users := []userPlan{{ID: 1, Email: "a@club.example"}, {ID: 2, Email: "b@club.example"}}
	tokens := map[int64]string{1: "tok1", 2: "tok2"}
	games := []gameRow{{ID: 5, Kind: "imperial", Status: "active", Rated: true, Users: []int64{2, 1}},
		{ID: 6, Kind: caesar.ID, Status: "finished", Users: []int64{1, 2}}}
	if err := writeSessions(filepath.Join(dir, sessionsFile), users, tokens); err != nil {
		t.Fatal(err)
	}
	if err := writeGames(filepath.Join(dir, gamesFile), games); err != nil {
		t.Fatal(err)
	}
	ss, err := readSessions(filepath.Join(dir, sessionsFile))
	if err != nil {
		t.Fatal(err)
	}
	if want := (session{UserID: 2, Email: "b@club.example", Token: "tok2"}); len(ss) != 2 || ss[2] != want {
		t.Errorf("sessions %v", ss)
	}
	gs, err := readGames(filepath.Join(dir, gamesFile))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gs, games) {
		t.Errorf("games %+v, want %+v", gs, games)
	}
}

func mustInfo(t *testing.T, kind string) game.Info {
	g, err := registry().Get(kind)
	if err != nil {
		t.Fatal(err)
	}
	return g.Info()
}
