package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// TestSeatsKeepTheirGamesEnd: every way a game ends (its last move, an
// agreement, abandonment, cancelled before it started, imported ended)
// writes the game's end beside its seats, and no game in play or waiting
// has one; verify names a seat whose end is wrong, and a rebuild mends it.
func TestSeatsKeepTheirGamesEnd(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	cl := playedClub(t, s, c, 3, 5, 6, 35) // some finished by their last move, some in play
	agreed := startGame(t, s, 3, 9)
	if !agreeAll(t, s, agreed) {
		t.Fatal("the agreed game did not end")
	}
	abandoned := startGame(t, s, 2, 10)
	if _, err := s.EndGame(ctx, abandoned.ID); err != nil {
		t.Fatal(err)
	}
	creator, err := s.UserByEmail(ctx, "m0@example.org")
	if err != nil {
		t.Fatal(err)
	}
	cancelled, _, err := s.CreateGame(ctx, NewGame{Kind: agreed.Kind, Name: "cancelled", Seed: 1, CreatedBy: creator.ID,
		Players: []NewPlayer{{Name: "M0", Email: "m0@example.org"}, {Name: "N", Email: "n@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CancelGame(ctx, cancelled.ID, creator.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.CreateGame(ctx, NewGame{Kind: agreed.Kind, Name: "waiting", Seed: 2,
		Players: []NewPlayer{{Name: "M1", Email: "m1@example.org"}, {Name: "N", Email: "n@example.org"}}}); err != nil {
		t.Fatal(err)
	}
	rec, err := s.ExportRecord(ctx, agreed.ID)
	if err != nil {
		t.Fatal(err)
	}
	imported, err := s.ImportRecord(ctx, rec, ImportSpec{Emails: []string{"x@example.org", "y@example.org", "z@example.org"}})
	if err != nil {
		t.Fatal(err)
	}

	// Each seat's end is its game's, and both kinds are there.
	var ends []struct {
		GameID int64
		Same   bool
		Ended  bool
	}
	if err := s.db.Raw(`SELECT s.game_id, s.game_finished_at = g.finished_at AS same, s.game_finished_at IS NOT NULL AS ended
		FROM seats s JOIN games g ON g.id = s.game_id WHERE g.status = 'finished' OR s.game_finished_at IS NOT NULL`).Scan(&ends).Error; err != nil {
		t.Fatal(err)
	}
	ended := map[int64]bool{}
	for _, e := range ends {
		if !e.Same || !e.Ended {
			t.Errorf("game %d: a seat's end is not its game's", e.GameID)
		}
		ended[e.GameID] = true
	}
	for name, id := range map[string]int64{"agreed": agreed.ID, "abandoned": abandoned.ID, "cancelled": cancelled.ID, "imported": imported.ID} {
		if !ended[id] {
			t.Errorf("the %s game's seats keep no end", name)
		}
	}
	byMoves := 0
	for _, id := range cl.games {
		if ended[id] {
			byMoves++
		}
	}
	if byMoves == 0 || byMoves == len(cl.games) {
		t.Fatalf("%d of the club's %d games ended by their moves: want some, not all", byMoves, len(cl.games))
	}
	// A finished game keeps its seats' names in seat order, a game not
	// finished none.
	var kept []struct {
		ID      int64
		Status  string
		Players *string
	}
	if err := s.db.Raw(`SELECT id, status, players FROM games ORDER BY id`).Scan(&kept).Error; err != nil {
		t.Fatal(err)
	}
	for _, k := range kept {
		var want []string
		if err := s.db.Raw(`SELECT name FROM seats WHERE game_id = ? ORDER BY seat`, k.ID).Scan(&want).Error; err != nil {
			t.Fatal(err)
		}
		var got []string
		seats, missing := readPlayers([]byte(deref(k.Players)))
		for _, st := range seats {
			got = append(got, st.Name)
		}
		switch {
		case k.Status != StatusFinished && k.Players != nil:
			t.Errorf("game %d (%s) keeps players' names %s", k.ID, k.Status, *k.Players)
		case k.Status == StatusFinished && (missing || !slices.Equal(got, want)):
			t.Errorf("game %d keeps players' names %s, its seats are %q", k.ID, deref(k.Players), want)
		}
	}
	cleanVerify(t, s)

	// A wrong end is named, and a rebuild mends it.
	var inPlay int64
	for _, id := range cl.games {
		if !ended[id] {
			inPlay = id
		}
	}
	if err := s.Exec(`UPDATE seats SET game_finished_at = NULL WHERE game_id = ? AND seat = 1`, abandoned.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Exec(`UPDATE seats SET game_finished_at = (SELECT created_at FROM games WHERE id = ?) WHERE game_id = ?`, inPlay, inPlay); err != nil {
		t.Fatal(err)
	}
	// And wrong names: a finished game's two names swapped, a game in
	// play given some.
	if err := s.Exec(`UPDATE games SET players = '["Y","X","Z"]' WHERE id = ?`, agreed.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Exec(`UPDATE games SET players = '[]' WHERE id = ?`, inPlay); err != nil {
		t.Fatal(err)
	}
	rep, err := s.Tools().Verify(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, p := range rep.Problems {
		said = append(said, p.What)
	}
	all := strings.Join(said, "\n")
	if !strings.Contains(all, "seat 1 keeps an end") || strings.Count(all, "keeps an end") < 3 {
		t.Errorf("verify said:\n%s\nwant the abandoned game's seat 1 and the seats of game %d in play", all, inPlay)
	}
	for _, id := range []int64{agreed.ID, inPlay} {
		if !strings.Contains(all, fmt.Sprintf("game %d keeps players' names", id)) {
			t.Errorf("verify said:\n%s\nwant game %d's players' names", all, id)
		}
	}
	if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
		t.Fatal(err)
	}
	cleanVerify(t, s)
}
