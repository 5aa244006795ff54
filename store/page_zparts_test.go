package store

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
)

// finishedCaesar is a new store with a three-player Cäsars Imperium game
// played to its end, and its last position.
func finishedCaesar(t *testing.T) (*Store, *gametest.Clock, *Game, *Position) {
	t.Helper()
	s, clock, _ := openWith(t, Options{Registry: game.NewRegistry(caesar.New())})
	done := startKind(t, s, "caesars-imperium", 3, 5)
	playToEnd(t, s, done)
	pos, err := s.Current(context.Background(), done.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s, clock, done, pos
}

// TestPageZRowsKeptWithTheirRow: a row's compressed rows are kept in its
// transaction, read two at a time (every viewer's and one viewer's) at the
// row's move count and names only, replaced with it, and dropped with it:
// by a stale keep (nothing written), another build's row, the sweep of
// other builds' rows and a rebuild of the game's derived data.
func TestPageZRowsKeptWithTheirRow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, clock, done, pos := finishedCaesar(t)
	zrows := func(tag string, viewers ...int) []ZRow {
		out := []ZRow{{Viewer: ZShared, Recent: "1 2", Last: "0 player 0 7", Parts: []byte("shared " + tag + "\x00\xff")}}
		for _, v := range viewers {
			out = append(out, ZRow{Viewer: v, Parts: []byte{byte(v + 2), 0, 0xfe, tag[0]}})
		}
		return out
	}
	row := PageParts{GameID: done.ID, Version: "v1", Lang: "de", Status: StatusFinished, Moves: pos.Seq, Names: 42, MadeAt: clock.Now(),
		Overview: "<p>o</p>", Account: "<section/>", Recent: "1 2", Seats: "", Board: "<svg/>", Z: zrows("a", -1, 0, 1, 2)}
	if err := s.KeepPageParts(ctx, row); err != nil {
		t.Fatal(err)
	}
	read := func(version string, moves int, names uint64, viewer int) (PageZ, bool) {
		t.Helper()
		z, ok, err := s.PageZAt(ctx, done.ID, version, "de", moves, names, viewer)
		if err != nil {
			t.Fatal(err)
		}
		return z, ok
	}
	for _, v := range []int{-1, 0, 1, 2} {
		z, ok := read("v1", pos.Seq, 42, v)
		if !ok || z.Status != StatusFinished || z.Recent != "1 2" || z.Last != "0 player 0 7" || !bytes.Equal(z.Shared, row.Z[0].Parts) || !bytes.Equal(z.Own, row.Z[v+2].Parts) {
			t.Errorf("viewer %d: read %+v (found %v)", v, z, ok)
		}
	}
	for _, c := range []struct {
		why     string
		version string
		moves   int
		names   uint64
		viewer  int
	}{
		{"a seat the row has none of", "v1", pos.Seq, 42, 3},
		{"another move count", "v1", pos.Seq - 1, 42, 0},
		{"other names", "v1", pos.Seq, 43, 0},
		{"another build", "v2", pos.Seq, 42, 0},
	} {
		if _, ok := read(c.version, c.moves, c.names, c.viewer); ok {
			t.Errorf("%s: found", c.why)
		}
	}
	// Kept again with fewer viewers: the old viewers' rows go.
	again := row
	again.Z = zrows("b", -1, 0)
	if err := s.KeepPageParts(ctx, again); err != nil {
		t.Fatal(err)
	}
	if _, ok := read("v1", pos.Seq, 42, 1); ok {
		t.Error("a viewer's row outlived the row kept again without it")
	}
	if z, ok := read("v1", pos.Seq, 42, 0); !ok || !bytes.Equal(z.Own, again.Z[2].Parts) {
		t.Errorf("the row kept again reads %+v (%v)", z, ok)
	}
	// A stale keep writes nothing, not even its compressed rows.
	stale := row
	stale.Lang, stale.Moves = "en", pos.Seq-1
	if err := s.KeepPageParts(ctx, stale); !errors.Is(err, ErrPagePartsStale) {
		t.Fatalf("stale keep: %v", err)
	}
	var n int64
	if err := s.db.Raw(`SELECT COUNT(*) FROM page_zparts WHERE lang = 'en'`).Scan(&n).Error; err != nil || n != 0 {
		t.Errorf("a stale keep left %d compressed rows (%v)", n, err)
	}
	// Another build's row takes the place of this one's, compressed rows
	// and all; the sweep takes another build's.
	other := row
	other.Version = "v0"
	if err := s.KeepPageParts(ctx, other); err != nil {
		t.Fatal(err)
	}
	if _, ok := read("v1", pos.Seq, 42, 0); ok {
		t.Error("a compressed row outlived another build's row of the game")
	}
	if got, err := s.DropPagePartsNotOf(ctx, "v1", 100); err != nil || got != int64(1+len(other.Z)) {
		t.Errorf("the sweep dropped %d rows (%v), want %d", got, err, 1+len(other.Z))
	}
	if err := s.db.Raw(`SELECT COUNT(*) FROM page_zparts`).Scan(&n).Error; err != nil || n != 0 {
		t.Errorf("%d compressed rows outlived the sweep (%v)", n, err)
	}
	if err := s.KeepPageParts(ctx, row); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := read("v1", pos.Seq, 42, 0); ok {
		t.Error("a compressed row outlived the rebuild of its game's derived data")
	}
}
