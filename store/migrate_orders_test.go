package store

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"rondel/game/gametest"
)

// Migration 34 turns the nation names players typed into standing orders
// into the nations' ids and removes the orders a game does not offer.
func TestMigrationStandingOrderParams(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, err := Open(filepath.Join(t.TempDir(), "m.db"), Options{Registry: gametest.Registry(), Now: newClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p, err := s.provider()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 33); err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := s.sql.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for id, kind := range map[int]string{1: "imperial", 2: "imperial2030", 3: "caesars-imperium"} {
		exec(`INSERT INTO games (id, game_id, name, options, seed, status, created_at) VALUES (?, ?, 'g', '{}', 1, 'active', '2026-01-01')`, id, kind)
	}
	type row struct {
		game      int
		kind, arg string
		after     string // "" removed
	}
	rows := []row{
		{1, "never-battle", "France", "FR"},
		{1, "never-battle", "Russia", "RU"},
		{1, "never-battle", "france", "france"}, // never matched: left as typed
		{1, "never-battle", "Europe", "Europe"}, // not a nation of Imperial
		{1, "force-investor", "", "-"},
		{1, "only-move", "", "-"},
		{1, "grant-canal", "Italy", ""}, // no canal in Imperial
		{2, "grant-canal", "Europe", "EU"},
		{2, "never-battle", "USA", ""}, // the seat also holds it by id: one order
		{2, "never-battle", "US", "US"},
		{2, "never-battle", "France", "France"},
		{3, "never-battle", "Rome", ""}, // Cäsars Imperium offers no such order
		{3, "force-investor", "", ""},
		{3, "only-move", "", "-"},
	}
	for i, r := range rows {
		exec(`INSERT INTO standing_orders (id, game_id, seat, kind, arg, created_at) VALUES (?, ?, 0, ?, ?, '2026-01-01')`, i+1, r.game, r.kind, r.arg)
	}
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var got []StandingOrder
	if err := s.db.Order("id").Find(&got).Error; err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, r := range rows {
		switch r.after {
		case "":
		case "-":
			want = append(want, r.kind+":"+r.arg)
		default:
			want = append(want, r.kind+":"+r.after)
		}
	}
	var have []string
	for _, o := range got {
		have = append(have, o.Order+":"+o.Param)
	}
	if !slices.Equal(have, want) {
		t.Errorf("after migration 34:\n got %v\nwant %v", have, want)
	}
	// And back down past migration 34: the ids become names again.
	if _, err := p.DownTo(ctx, 33); err != nil {
		t.Fatal(err)
	}
	var back []string
	if err := s.db.Raw(`SELECT arg FROM standing_orders WHERE kind = 'never-battle' ORDER BY id`).Scan(&back).Error; err != nil {
		t.Fatal(err)
	}
	if want := []string{"France", "Russia", "france", "Europe", "USA", "France"}; !slices.Equal(back, want) {
		t.Errorf("after migrating down: %v, want %v", back, want)
	}
}
