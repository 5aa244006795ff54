package store

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMigratingMakesTheDerivedData: a database from before the derived
// tables (its migration undone) gets them, made from its logs, when it is
// migrated, and verifies clean; the migration also goes down.
func TestMigratingMakesTheDerivedData(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, c, _ := openTest(t, 64)
	playedClub(t, s, c, 2, 5, 4, 40)
	kept := derivedRows(t, s)
	p, err := s.provider()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.DownTo(ctx, derivedVersion-1); err != nil {
		t.Fatalf("migrating down: %v", err)
	}
	if err := s.CheckSchema(ctx, false); err == nil {
		t.Fatal("a database without the derived tables passes the schema check")
	}
	done, err := s.Migrate(ctx)
	if err != nil || len(done) == 0 || done[0] != derivedVersion {
		t.Fatalf("migrating up: %v %v", done, err)
	}
	s.DropCache()
	after := derivedRows(t, s)
	// Seasons are the club's setting, stored by SetSeasons: not derived.
	delete(kept, "ladder_seasons")
	delete(after, "ladder_seasons")
	if d := cmp.Diff(kept, after); d != "" {
		t.Errorf("the migration made other derived rows than the moves had (-moves +migration):\n%s", d)
	}
	if rep, err := s.Tools().Verify(ctx, false); err != nil || len(rep.Problems) > 0 {
		t.Fatalf("verify after migrating: %v %v", err, rep.Problems)
	}
}
