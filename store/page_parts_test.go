package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/caesar"
)

// TestPagePartsKeptForFinishedGamesOnly: a finished game is due until a
// row of the build is kept, reads back as kept, and is dropped when its
// derived data is written again (a rebuild); a game in play keeps no row
// however asked, and another build's rows go without touching this one's.
func TestPagePartsKeptForFinishedGamesOnly(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, clock, _ := openWith(t, Options{Registry: game.NewRegistry(caesar.New())})
	done := startKind(t, s, "caesars-imperium", 3, 5)
	playing := startKind(t, s, "caesars-imperium", 3, 6)
	playToEnd(t, s, done)
	pos, err := s.Current(ctx, done.ID)
	if err != nil {
		t.Fatal(err)
	}
	due, err := s.PagePartsDue(ctx, "v1", 10, time.Time{})
	if err != nil || len(due) != 1 || due[0] != done.ID {
		t.Fatalf("due: %v, %v; want only the finished game %d", due, err, done.ID)
	}
	row := PageParts{GameID: done.ID, Version: "v1", Lang: "de", Status: StatusFinished, Moves: pos.Seq, Names: 42, MadeAt: clock.Now(),
		Overview: "<p>ü</p>", Account: "<section>a</section>", Recent: "1 2", Seats: "0 0 1\nx", Board: "<svg/>"}
	for _, c := range []struct {
		p    PageParts
		want error
	}{
		{row, nil},
		{PageParts{GameID: playing.ID, Version: "v1", Lang: "de", MadeAt: clock.Now()}, ErrPagePartsStale},
		{PageParts{GameID: done.ID, Version: "v1", Lang: "en", Moves: pos.Seq - 1, MadeAt: clock.Now()}, ErrPagePartsStale},
	} {
		if err := s.KeepPageParts(ctx, c.p); !errors.Is(err, c.want) {
			t.Errorf("keeping %+v: %v, want %v", c.p, err, c.want)
		}
	}
	got, ok, err := s.PagePartsOf(ctx, done.ID, "v1", "de")
	if err != nil || !ok {
		t.Fatalf("kept row not read back: %v, %v", ok, err)
	}
	got.MadeAt = row.MadeAt // not read: no page needs it
	if !reflect.DeepEqual(got, row) {
		t.Errorf("read back %+v, kept %+v", got, row)
	}
	for _, c := range []struct {
		id        int64
		ver, lang string
		why       string
	}{
		{playing.ID, "v1", "de", "a game in play"},
		{done.ID, "v1", "en", "a move count that is not the game's"},
		{done.ID, "v2", "de", "another build"},
	} {
		if _, ok, _ := s.PagePartsOf(ctx, c.id, c.ver, c.lang); ok {
			t.Errorf("%s: a row is kept", c.why)
		}
	}
	if due, _ := s.PagePartsDue(ctx, "v1", 10, time.Time{}); len(due) != 0 {
		t.Errorf("due after keeping: %v", due)
	}
	if due, _ := s.PagePartsDue(ctx, "v2", 10, time.Time{}); len(due) != 1 {
		t.Errorf("due for another build: %v", due)
	}
	// A build's row takes the place of another build's, game by game; the
	// rest of another build's go in batches.
	other := row
	other.Version = "v0"
	if err := s.KeepPageParts(ctx, other); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.PagePartsOf(ctx, done.ID, "v1", "de"); ok {
		t.Error("another build's row of the game outlived a new one")
	}
	if err := s.KeepPageParts(ctx, row); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.PagePartsOf(ctx, done.ID, "v0", "de"); ok {
		t.Error("another build's row of the game outlived a new one")
	}
	if err := s.Exec(`INSERT INTO page_parts (game_id, version, lang, status, moves, names, made_at, overview, account, recent, seats, board)
		VALUES (?, 'v0', 'fr', 'finished', 1, 0, ?, '', '', '', '', '')`, done.ID, clock.Now()); err != nil {
		t.Fatal(err)
	}
	if n, err := s.DropPagePartsNotOf(ctx, "v1", 100); err != nil || n != 1 {
		t.Errorf("dropped %d rows of other builds (%v), want 1", n, err)
	}
	if _, ok, _ := s.PagePartsOf(ctx, done.ID, "v1", "de"); !ok {
		t.Error("this build's row went with the other build's")
	}
	if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.PagePartsOf(ctx, done.ID, "v1", "de"); ok {
		t.Error("a row outlived the rebuild of its game's derived data")
	}
	// A row with no language marks the game done whatever its moves.
	if err := s.KeepPageParts(ctx, PageParts{GameID: done.ID, Version: "v1", Moves: -1, MadeAt: clock.Now()}); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.PagePartsDue(ctx, "v1", 10, time.Time{}); len(due) != 0 {
		t.Errorf("due after it was marked done: %v", due)
	}
	langs, err := s.PlayersLanguages(ctx, done.ID)
	if err != nil || len(langs) != 1 || langs[0] != "en" {
		t.Errorf("players' languages %v, %v; want [en]", langs, err)
	}
}

// TestPagePartsOfGamesInPlay: a game in play is due once its last move
// has stood, not before; its row is of its status and move count (a row
// of another, or of the game finished, is refused); after its next move
// it is due again, and its row is not the game's; a row with no language
// marks it done at its move count; its end drops its rows.
func TestPagePartsOfGamesInPlay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, clock, _ := openWith(t, Options{Registry: game.NewRegistry(caesar.New())})
	g := startKind(t, s, "caesars-imperium", 3, 7)
	playSome(t, s, g, 4)
	pos, err := s.Current(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	due := func(settled time.Time) []int64 {
		t.Helper()
		ids, err := s.PagePartsDue(ctx, "v1", 8, settled)
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	if ids := due(clock.Now()); len(ids) != 0 {
		t.Errorf("due before its last move has stood: %v", ids)
	}
	if ids := due(clock.Now().Add(time.Second)); len(ids) != 1 || ids[0] != g.ID {
		t.Fatalf("due once settled: %v, want [%d]", ids, g.ID)
	}
	row := PageParts{GameID: g.ID, Version: "v1", Lang: "en", Status: StatusActive, Moves: pos.Seq, Names: 7, MadeAt: clock.Now(),
		Overview: "<p>o</p>", Seats: "0 0 0\n", Board: "<svg/>"}
	for _, c := range []struct {
		p    PageParts
		want error
	}{
		{PageParts{GameID: g.ID, Version: "v1", Lang: "en", Status: StatusActive, Moves: pos.Seq - 1, MadeAt: clock.Now()}, ErrPagePartsStale},
		{PageParts{GameID: g.ID, Version: "v1", Lang: "en", Status: StatusFinished, Moves: pos.Seq, MadeAt: clock.Now()}, ErrPagePartsStale},
		{row, nil},
	} {
		if err := s.KeepPageParts(ctx, c.p); !errors.Is(err, c.want) {
			t.Errorf("keeping %+v: %v, want %v", c.p, err, c.want)
		}
	}
	got, ok, err := s.PagePartsOf(ctx, g.ID, "v1", "en")
	got.MadeAt = row.MadeAt
	if err != nil || !ok || !reflect.DeepEqual(got, row) {
		t.Fatalf("read back %+v (%v, %v), kept %+v", got, ok, err, row)
	}
	if ids := due(clock.Now().Add(time.Hour)); len(ids) != 0 {
		t.Errorf("due with its row kept: %v", ids)
	}
	for _, c := range []struct {
		moves int
		names uint64
		found bool
	}{{pos.Seq, 7, true}, {pos.Seq + 1, 7, false}, {pos.Seq, 8, false}} {
		got, ok, err := s.PagePartsAt(ctx, g.ID, "v1", "en", c.moves, c.names)
		if err != nil || ok != c.found || ok && got.Board != row.Board {
			t.Errorf("the row at %d moves, names %d: found %v (%v), want %v", c.moves, c.names, ok, err, c.found)
		}
		b, ok, err := s.PageBoardAt(ctx, g.ID, "v1", "en", c.moves, c.names)
		if err != nil || ok != c.found || ok && (b.Board != row.Board || b.Seats != row.Seats || b.Status != StatusActive || b.Overview != "") {
			t.Errorf("the board at %d moves, names %d: found %v (%v), want %v; read %+v", c.moves, c.names, ok, err, c.found, b)
		}
	}
	clock.Add(time.Minute)
	playSome(t, s, g, 1)
	if got, _, _ := s.PagePartsOf(ctx, g.ID, "v1", "en"); got.Moves != pos.Seq {
		t.Errorf("the row says %d moves, made at %d", got.Moves, pos.Seq)
	}
	if ids := due(clock.Now().Add(-time.Second)); len(ids) != 0 {
		t.Errorf("due right after its next move: %v", ids)
	}
	if ids := due(clock.Now().Add(time.Second)); len(ids) != 1 {
		t.Errorf("not due after its next move had stood: %v", ids)
	}
	if err := s.KeepPageParts(ctx, PageParts{GameID: g.ID, Version: "v1", Status: StatusActive, Moves: -1, MadeAt: clock.Now()}); err != nil {
		t.Fatal(err)
	}
	if ids := due(clock.Now().Add(time.Second)); len(ids) != 0 {
		t.Errorf("due after it was marked done at its move: %v", ids)
	}
	playToEnd(t, s, g)
	for _, lang := range []string{"en", ""} {
		if _, ok, _ := s.PagePartsOf(ctx, g.ID, "v1", lang); ok {
			t.Errorf("its row in %q outlived its end", lang)
		}
	}
	if ids := due(clock.Now().Add(time.Hour)); len(ids) != 1 || ids[0] != g.ID {
		t.Errorf("due once finished: %v, want [%d]", ids, g.ID)
	}
}

// TestCopyLeavesKeptPagesOut: a copied club has its games, not the page
// parts a build kept of them (the copy's server makes its own).
func TestCopyLeavesKeptPagesOut(t *testing.T) {
	ctx := context.Background()
	from, clock, _ := openWith(t, Options{Registry: game.NewRegistry(caesar.New())})
	g := startKind(t, from, "caesars-imperium", 3, 5)
	playToEnd(t, from, g)
	pos, err := from.Current(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := from.KeepPageParts(ctx, PageParts{GameID: g.ID, Version: "v1", Lang: "en", Moves: pos.Seq, MadeAt: clock.Now(), Board: "<svg/>"}); err != nil {
		t.Fatal(err)
	}
	to, err := Open(testDatabase(t), Options{Registry: game.NewRegistry(caesar.New())})
	if err != nil {
		t.Fatal(err)
	}
	defer to.Close()
	if err := to.CheckSchema(ctx, true); err != nil {
		t.Fatal(err)
	}
	rep, err := Copy(ctx, from, to)
	if err != nil {
		t.Fatal(err)
	}
	if _, copied := rep.Rows["page_parts"]; copied {
		t.Error("the copy went through page_parts")
	}
	if _, ok, err := to.PagePartsOf(ctx, g.ID, "v1", "en"); ok || err != nil {
		t.Errorf("the copy holds the kept page parts (%v)", err)
	}
	if row, err := to.GameRow(ctx, g.ID); err != nil || row.Status != StatusFinished {
		t.Errorf("the game was not copied: %v", err)
	}
}
