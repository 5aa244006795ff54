package store

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestVerifyCleanThenNamesTampered: a database of self-played games (some
// imported, one played move by move through the store) verifies clean;
// tampering with one game's sealed hash or stored result names that game
// and no other.
func TestVerifyCleanThenNamesTampered(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openReal(t)
	var ids []int64
	for i, v := range variants[:5] {
		rec, _ := selfPlayed(t, s.Registry(), v, uint64(40+i))
		g, err := s.ImportRecord(ctx, rec, ImportSpec{Emails: emailsFor(rec)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	played := playThrough(t, s, "caesars-imperium", 3)
	ids = append(ids, played)
	// A game abandoned half-way: finished, no result, nothing to seal.
	abandoned := playHalf(t, s, "caesars-imperium", 4)
	if err := func() error { _, err := s.EndGame(ctx, abandoned); return err }(); err != nil {
		t.Fatal(err)
	}
	rep, err := s.Tools().Verify(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 0 || rep.Games != len(ids)+1 || rep.Finished != len(ids)+1 || rep.Unsealed != 0 {
		t.Fatalf("clean database: %+v", rep)
	}

	tamper := func(query string, id int64) {
		t.Helper()
		if err := s.Exec(query, id); err != nil {
			t.Fatal(err)
		}
	}
	tamper(`UPDATE final_states SET state_hash = '00' || substr(state_hash, 3) WHERE game_id = ?`, ids[1])
	tamper(`UPDATE games SET result = replace(result, '"places":[', '"places":[9,') WHERE id = ?`, played)
	rep, err = s.Tools().Verify(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	named := map[int64]string{}
	for _, p := range rep.Problems {
		named[p.GameID] += p.What
	}
	if len(named) != 2 || !strings.Contains(named[ids[1]], "final state differs") || !strings.Contains(named[played], "result differs") {
		t.Fatalf("tampered games not named exactly: %+v", rep.Problems)
	}

	// A game finished before hashes were kept is reported unsealed, and
	// sealed on request.
	tamper(`DELETE FROM final_states WHERE game_id = ?`, ids[0])
	if rep, _ = s.Tools().Verify(ctx, true); rep.Unsealed != 1 {
		t.Fatalf("unsealed: %+v", rep)
	}
	if rep, _ = s.Tools().Verify(ctx, false); rep.Unsealed != 0 {
		t.Fatalf("still unsealed after sealing: %+v", rep)
	}
}

// playHalf plays a few moves of a game and leaves it in play.
func playHalf(t *testing.T, s *Store, gameID string, seed uint64) int64 {
	return play(t, s, gameID, seed, 5)
}

// playThrough plays a game move by move through AppendMove, as players do.
func playThrough(t *testing.T, s *Store, gameID string, seed uint64) int64 {
	return play(t, s, gameID, seed, -1)
}

// play plays up to limit moves (all if limit < 0) of a new game.
func play(t *testing.T, s *Store, gameID string, seed uint64, limit int) int64 {
	t.Helper()
	ctx := context.Background()
	g, invites, err := s.CreateGame(ctx, NewGame{Kind: gameID, Name: "played", Seed: seed,
		Players: []NewPlayer{{"Ann", "ann@example.org"}, {"Bob", "bob@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, inv := range invites {
		if _, _, err := s.AcceptInvitation(ctx, inv.Token); err != nil {
			t.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for range 5000 {
		pos, err := s.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() || pos.Seq == limit {
			return g.ID
		}
		d := pos.State.ToAct()
		seat := d[r.IntN(len(d))].Seat
		legal := pos.State.LegalMoves(seat)
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: legal[r.IntN(len(legal))].Move}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("game did not end")
	return 0
}
