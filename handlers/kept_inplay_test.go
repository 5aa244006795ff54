package handlers

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/store"
	"rondel/store/storetest"
)

// playRandom plays n legal moves of game id chosen by rnd (fewer if it
// ends).
func playRandom(t *testing.T, e *env, id int64, n int, rnd *rand.Rand) {
	t.Helper()
	ctx := context.Background()
	for range n {
		pos, err := e.store.Current(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			return
		}
		d := pos.State.ToAct()[0]
		legal := pos.State.LegalMoves(d.Seat)
		mv := legal[rnd.IntN(len(legal))].Move
		if _, err := e.store.AppendMove(ctx, store.Submit{GameID: id, Seat: d.Seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestInPlayPagesKeptAsMade: the keeper makes a game in play's parts once
// its last move has stood inPlaySettle, in each of its players'
// languages; every seat's page (its decision, take-back and all) and a
// spectator's read them back byte for byte as the page made them; the
// page does read the row; after the next move the page makes its parts
// anew (the row is of the move before) until the new position has stood
// a while and the keeper makes it; a server that keeps no games in play
// makes none.
func TestInPlayPagesKeptAsMade(t *testing.T) {
	t.Parallel()
	e := newEnvOn(t, finishedRegistry(), func(d *Deps) { d.PagesVersion = "test-1"; d.KeepInPlay = true })
	ctx := context.Background()
	var views []keptView
	var ids []int64
	for i, kind := range []string{imperial.New().Info().ID, imperial.New2030().Info().ID, caesar.New().Info().ID} {
		var players []store.NewPlayer
		for seat := range 4 {
			players = append(players, store.NewPlayer{Name: fmt.Sprintf("P%d%d", i, seat), Email: fmt.Sprintf("p%d-%d@example.org", i, seat)})
		}
		g := storetest.StartGame(t, e.store, store.NewGame{Kind: kind, Name: "Am Zug", Seed: uint64(3 + i), Players: players}, nil)
		playRandom(t, e, g.ID, []int{30, 30, 8}[i], rand.New(rand.NewPCG(uint64(i), 7)))
		if pos, err := e.store.Current(ctx, g.ID); err != nil || pos.Game.Status != store.StatusActive {
			t.Fatalf("%s is not in play after its moves (%v)", kind, err)
		}
		ids = append(ids, g.ID)
		for _, p := range players {
			b := e.browser()
			b.signIn(p.Email)
			views = append(views, gameViews(b, g.ID)...)
		}
		spectator := e.browser()
		spectator.signIn(fmt.Sprintf("watcher%d@example.org", i))
		views = append(views, gameViews(spectator, g.ID)...)
		if err := e.store.Exec(`UPDATE users SET language = 'de' WHERE email = ?`, players[1].Email); err != nil {
			t.Fatal(err)
		}
	}
	if n := keepAll(t, e.srv); n != 0 {
		t.Fatalf("the keeper did %d games whose last move was just made", n)
	}
	e.clock.Add(inPlaySettle + time.Second)
	readViews(t, views)
	if n := keepAll(t, e.srv); n != len(ids) {
		t.Fatalf("the keeper did %d games, want %d", n, len(ids))
	}
	for _, id := range ids {
		for _, lang := range []string{"en", "de"} {
			row, ok, err := e.store.PagePartsOf(ctx, id, "test-1", lang)
			if err != nil || !ok || row.Status != store.StatusActive || row.Account != "" || row.Recent != "" {
				t.Fatalf("game %d in %s: kept %v (%v), status %q, account %d bytes, recent %d", id, lang, ok, err, row.Status, len(row.Account), len(row.Recent))
			}
		}
	}
	sameViews(t, views)

	id, v := ids[0], views[0]
	zippedParts(t, e, id, v, false)
	v.b.plain = true // the row's HTML: what a browser that takes no gzip reads
	marked := `<p id="kept-marker">kept</p>`
	if err := e.store.Exec(`UPDATE page_parts SET overview = '`+marked+`' WHERE game_id = ?`, id); err != nil {
		t.Fatal(err)
	}
	if page := rawPage(t, v.b, v.path); !strings.Contains(page, marked) {
		t.Fatal("the page in play does not read its kept row")
	}
	v.b.plain = false
	playRandom(t, e, id, 1, rand.New(rand.NewPCG(99, 7)))
	fresh := rawPage(t, v.b, v.path)
	if strings.Contains(fresh, marked) {
		t.Fatal("the page after a move shows the row of the move before")
	}
	if n := keepAll(t, e.srv); n != 0 {
		t.Errorf("the keeper did %d games right after a move", n)
	}
	e.clock.Add(inPlaySettle + time.Second)
	fresh = rawPage(t, v.b, v.path)
	if n := keepAll(t, e.srv); n != 1 {
		t.Fatalf("the keeper did %d games after the move had stood, want 1", n)
	}
	pos, err := e.store.Current(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if row, ok, _ := e.store.PagePartsOf(ctx, id, "test-1", "en"); !ok || row.Moves != pos.Seq || strings.Contains(row.Overview, marked) {
		t.Errorf("the row after the move: kept %v, moves %d (the game's %d)", ok, row.Moves, pos.Seq)
	}
	if got := rawPage(t, v.b, v.path); got != fresh {
		t.Errorf("the page after the move differs with its parts kept:\n%s", firstDifference(fresh, got))
	}

	// Off: no game in play is kept.
	off := newEnvOn(t, finishedRegistry(), func(d *Deps) { d.PagesVersion = "test-1" })
	g := storetest.StartGame(t, off.store, store.NewGame{Kind: imperial.New().Info().ID, Name: "Off", Seed: 1,
		Players: []store.NewPlayer{{Name: "A", Email: "a@example.org"}, {Name: "B", Email: "b@example.org"}, {Name: "C", Email: "c@example.org"}}}, nil)
	playRandom(t, off, g.ID, 5, rand.New(rand.NewPCG(1, 7)))
	off.clock.Add(time.Hour)
	if n := keepAll(t, off.srv); n != 0 {
		t.Errorf("a server keeping no games in play did %d", n)
	}
}

// TestKeeperMarksGamesInPlayItCannotMake: a game in play whose parts
// cannot be made is marked done at its move count, so it is due again
// only after its next move, not ahead of every other game.
func TestKeeperMarksGamesInPlayItCannotMake(t *testing.T) {
	t.Parallel()
	e := newEnvOn(t, finishedRegistry(), func(d *Deps) { d.PagesVersion = "test-1"; d.KeepInPlay = true })
	g := storetest.StartGame(t, e.store, store.NewGame{Kind: imperial.New().Info().ID, Name: "Broken", Seed: 2,
		Players: []store.NewPlayer{{Name: "A", Email: "a@example.org"}, {Name: "B", Email: "b@example.org"}, {Name: "C", Email: "c@example.org"}}}, nil)
	playRandom(t, e, g.ID, 6, rand.New(rand.NewPCG(2, 7)))
	// Its players' languages cannot be read: the keeper fails on it.
	if err := e.store.Exec(`CREATE TRIGGER no_language BEFORE INSERT ON page_parts WHEN NEW.lang <> '' BEGIN SELECT RAISE(ABORT, 'refused'); END`); err != nil {
		t.Skip("the store cannot make the trigger this test needs:", err)
	}
	e.clock.Add(inPlaySettle + time.Second)
	if n := keepAll(t, e.srv); n != 1 {
		t.Fatalf("the keeper did %d games, want 1", n)
	}
	if n := keepAll(t, e.srv); n != 0 {
		t.Errorf("the game it could not make is due again at the same move: %d", n)
	}
	playRandom(t, e, g.ID, 1, rand.New(rand.NewPCG(3, 7)))
	e.clock.Add(inPlaySettle + time.Second)
	if n := keepAll(t, e.srv); n != 1 {
		t.Errorf("after its next move the keeper did %d games, want 1", n)
	}
}
