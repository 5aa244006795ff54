package store

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/record"
)

// playToEnd plays g's first legal move for whoever is asked until it ends.
func playToEnd(t *testing.T, s *Store, g *Game) {
	t.Helper()
	ctx := context.Background()
	for i := 0; i < 2000; i++ {
		pos, err := s.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			return
		}
		d := pos.State.ToAct()[0]
		mv := pos.State.LegalMoves(d.Seat)[0].Move
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: d.Seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game did not end")
}

// TestAccountKeptWhenTheGameEnds: the move that ends a game stores its
// account, equal to the one its record tells; a game in play has none;
// verify names a lost or changed account and rebuild makes it again.
func TestAccountKeptWhenTheGameEnds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, _ := openWith(t, Options{Registry: game.NewRegistry(caesar.New())})
	g := startKind(t, s, "caesars-imperium", 3, 5)
	if acc, err := s.Account(ctx, g); err != nil || acc != nil {
		t.Fatalf("a game in play has an account: %v, %v", acc, err)
	}
	playToEnd(t, s, g)
	stored, found, err := readAccount(s.db, g.ID)
	if err != nil || !found {
		t.Fatalf("no account stored at the end: %v", err)
	}
	rec, err := s.Record(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	want, err := record.Account(s.reg, rec)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(want); string(b) != string(stored) {
		t.Fatalf("stored account differs from the record's:\n%s\n%s", stored, b)
	}
	row, _ := s.GameRow(ctx, g.ID)
	acc, err := s.Account(ctx, row)
	if err != nil || acc == nil || len(acc.Charts) != 1 || len(acc.Charts[0].Series) != 3 {
		t.Fatalf("account read back: %+v, %v", acc, err)
	}
	for _, c := range []struct{ tamper, want string }{
		{`DELETE FROM game_accounts WHERE game_id = ?`, "has no account"},
		{`UPDATE game_accounts SET account = replace(account, '"values":[0', '"values":[1') WHERE game_id = ?`, "account of its course differs"},
	} {
		if err := s.Exec(c.tamper, g.ID); err != nil {
			t.Fatal(err)
		}
		rep, err := s.Tools().Verify(ctx, false)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Problems) != 1 || !strings.Contains(rep.Problems[0].What, c.want) {
			t.Errorf("%s: verify says %v, want %q", c.tamper, rep.Problems, c.want)
		}
		if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
			t.Fatal(err)
		}
		if rep, _ := s.Tools().Verify(ctx, false); len(rep.Problems) > 0 {
			t.Fatalf("after rebuild: %v", rep.Problems)
		}
	}
	if again, _, _ := readAccount(s.db, g.ID); again != stored {
		t.Error("the rebuilt account differs from the one the last move stored")
	}
}

// TestEveryEndKeepsItsAccount: however a game ends (its last move, by
// agreement, played out by the caretaker after a resignation, abandoned),
// the end stores its account, so verify finds nothing to report.
func TestEveryEndKeepsItsAccount(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name string
		end  func(t *testing.T, s *Store, g *Game)
	}{
		{"last move", playToEnd},
		{"agreed", func(t *testing.T, s *Store, g *Game) {
			playSome(t, s, g, 6)
			if !agreeAll(t, s, g) {
				t.Fatal("every seat agreed, but the game goes on")
			}
		}},
		{"resigned and played out", func(t *testing.T, s *Store, g *Game) {
			playSome(t, s, g, 6)
			seats, _ := s.Seats(ctx, g.ID)
			if err := func() error { _, err := s.Resign(ctx, g.ID, seats[1].UserID); return err }(); err != nil {
				t.Fatal(err)
			}
			playToEnd(t, s, g)
		}},
		{"abandoned", func(t *testing.T, s *Store, g *Game) {
			playSome(t, s, g, 6)
			if err := func() error { _, err := s.EndGame(ctx, g.ID); return err }(); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _, _ := openWith(t, Options{Registry: game.NewRegistry(caesar.New())})
			g := startKind(t, s, "caesars-imperium", 3, 5)
			c.end(t, s, g)
			row, _ := s.GameRow(ctx, g.ID)
			if row.Status != StatusFinished {
				t.Fatalf("the game is %q", row.Status)
			}
			if _, found, err := readAccount(s.db, g.ID); err != nil || !found {
				t.Errorf("no account stored at the end: %v", err)
			}
			cleanVerify(t, s)
		})
	}
}

// playSome plays n first legal moves of g.
func playSome(t *testing.T, s *Store, g *Game, n int) {
	t.Helper()
	ctx := context.Background()
	for range n {
		pos, err := s.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		d := pos.State.ToAct()[0]
		mv := pos.State.LegalMoves(d.Seat)[0].Move
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: d.Seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
}
