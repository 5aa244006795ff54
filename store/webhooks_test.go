package store

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"testing"
	"time"

	"rondel/game/gametest"
)

func TestWebhooks(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	g1, g2 := startGame(t, s, 2, 1), startGame(t, s, 2, 2)
	game := &Webhook{GameID: g1.ID, URL: "https://discord.com/api/webhooks/1/a", Hint: "discord.com …/1/a", Flavour: FlavourDiscord, Language: "de", CreatedBy: 1}
	if err := s.Webhooks().SetForGame(ctx, game); err != nil {
		t.Fatal(err)
	}
	club := &Webhook{URL: "https://hooks.slack.com/services/x", Hint: "hooks.slack.com …s/x", Flavour: FlavourSlack, Language: "en"}
	if err := s.Webhooks().AddForClub(ctx, club); err != nil {
		t.Fatal(err)
	}
	if err := s.Webhooks().AddForClub(ctx, &Webhook{URL: "https://chat.example/x", Hint: "h", Flavour: "teams", Language: "en"}); err == nil {
		t.Error("a flavour the table does not know was stored")
	}
	ids := func(gameID int64) (out []int64) {
		t.Helper()
		if err := s.NotifyTx(ctx, func(tx *NotifyTx) error {
			hs, err := tx.Webhooks(gameID)
			for _, h := range hs {
				out = append(out, h.ID)
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := ids(g1.ID); len(got) != 2 || got[0] != game.ID || got[1] != club.ID {
		t.Errorf("game 1 notices go to %v", got)
	}
	if got := ids(g2.ID); len(got) != 1 || got[0] != club.ID {
		t.Errorf("game 2 notices go to %v", got)
	}

	// A refusal pauses (once), a delivery is noted, failing says which came last.
	paused, err := s.Webhooks().Note(ctx, game.ID, "HTTP 404", true, true)
	if err != nil || !paused {
		t.Fatalf("first refusal: paused %v %v", paused, err)
	}
	c.Add(time.Minute)
	if paused, _ := s.Webhooks().Note(ctx, game.ID, "HTTP 410", true, true); paused {
		t.Error("paused twice")
	}
	h, _ := s.Webhooks().ByID(ctx, game.ID)
	if h.PausedAt == nil || h.LastError != "HTTP 410" || !h.Failing() {
		t.Errorf("after refusals: %+v", h)
	}
	if got := ids(g1.ID); len(got) != 1 || got[0] != club.ID {
		t.Errorf("a paused webhook still takes notices: %v", got)
	}
	if err := s.Webhooks().Resume(ctx, game.ID); err != nil {
		t.Fatal(err)
	}
	c.Add(time.Minute)
	s.Webhooks().Note(ctx, game.ID, "", false, false)
	if h, _ = s.Webhooks().ByID(ctx, game.ID); h.PausedAt != nil || h.Failing() || h.LastOKAt == nil {
		t.Errorf("after resuming and a delivery: %+v", h)
	}

	// Setting a game's webhook again keeps its id and starts afresh.
	s.Webhooks().Note(ctx, game.ID, "HTTP 500", true, false)
	again := &Webhook{GameID: g1.ID, URL: "https://discord.com/api/webhooks/2/b", Hint: "new", Flavour: FlavourDiscord, Language: "zh", CreatedBy: 1}
	if err := s.Webhooks().SetForGame(ctx, again); err != nil {
		t.Fatal(err)
	}
	h, _ = s.Webhooks().OfGame(ctx, g1.ID)
	if h.ID != game.ID || h.URL != again.URL || h.Language != "zh" || h.LastError != "" || h.LastOKAt != nil {
		t.Errorf("set again: %+v", h)
	}
	if clubs, _ := s.Webhooks().OfClub(ctx); len(clubs) != 1 || clubs[0].ID != club.ID {
		t.Errorf("club webhooks %+v", clubs)
	}
	if err := s.Webhooks().Delete(ctx, game.ID); err != nil {
		t.Fatal(err)
	}
	if h, err := s.Webhooks().OfGame(ctx, g1.ID); h != nil || err != nil {
		t.Errorf("deleted: %+v %v", h, err)
	}
	if _, err := s.Webhooks().ByID(ctx, game.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleted by id: %v", err)
	}
	if err := s.Webhooks().SetForGame(ctx, &Webhook{URL: "https://x", Flavour: FlavourSlack}); err == nil {
		t.Error("a game's webhook without a game")
	}
}

// Migration 110 makes webhook ids never reused on SQLite: its counter
// starts above every id a notice ever named (a webhook deleted before the
// migration too), and notices waiting for a deleted webhook are given up.
func TestMigrationWebhookIDs(t *testing.T) {
	ctx := context.Background()
	s, err := Open(filepath.Join(t.TempDir(), "m.db"), Options{Registry: gametest.Registry(), Now: newClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.pg {
		t.Skip("the identity column of PostgreSQL never reused ids")
	}
	p, err := s.provider()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 109); err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := s.sql.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, id := range []int{1, 2} {
		exec(`INSERT INTO webhooks (id, url, hint, flavour, created_at) VALUES (?, 'https://x', 'x', 'slack', '2026-01-01')`, id)
	}
	for i, n := range []struct {
		hook   int
		status string
	}{{2, "pending"}, {5, "pending"}, {9, "sent"}} {
		exec(`INSERT INTO outbox (game_id, seq, kind, to_addr, subject, text_body, headers, status, next_at, claimed_until, created_at)
			VALUES (1, ?, ?, 'webhook x', 's', 't', ?, ?, '2026-01-01', '2026-01-01', '2026-01-01')`,
			i, fmt.Sprintf("notice-%d-0", n.hook), fmt.Sprintf(`{"X-Rondel-Hook": "%d"}`, n.hook), n.status)
	}
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	h := &Webhook{URL: "https://hooks.slack.com/y", Hint: "y", Flavour: FlavourSlack, Language: "en"}
	if err := s.Webhooks().AddForClub(ctx, h); err != nil {
		t.Fatal(err)
	}
	if h.ID != 10 {
		t.Errorf("the first webhook after the migration got id %d, want 10 (above every id a notice named)", h.ID)
	}
	rows, _ := s.Outbox().Rows(ctx, "", 0)
	got := map[string]string{}
	for _, r := range rows {
		got[r.Kind] = r.Status
	}
	if want := map[string]string{"notice-2-0": "pending", "notice-5-0": "failed", "notice-9-0": "sent"}; !maps.Equal(got, want) {
		t.Errorf("notices after the migration: %v, want %v", got, want)
	}
	// Deleted, the newest webhook's id is not handed out again either.
	if err := s.Webhooks().Delete(ctx, h.ID); err != nil {
		t.Fatal(err)
	}
	again := &Webhook{URL: "https://hooks.slack.com/z", Hint: "z", Flavour: FlavourSlack, Language: "en"}
	if err := s.Webhooks().AddForClub(ctx, again); err != nil || again.ID != 11 {
		t.Errorf("after deleting id 10 the next webhook got %d (%v), want 11", again.ID, err)
	}
}
