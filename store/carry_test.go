package store

import (
	"context"
	"fmt"
	"testing"

	"gorm.io/gorm"

	"rondel/game/gametest"
)

// TestCarriedReachesItsChangesAfterCommit: what InTx hands over with
// NotifyTx.Carry reaches the AfterCommit of the same change and of no
// other: a change whose InTx carried nothing arrives with Carried nil,
// even in the transaction after one that carried something.
func TestCarriedReachesItsChangesAfterCommit(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	var got []string
	s.SetObserver(ObserverFuncs{
		In: func(_ context.Context, tx *NotifyTx, c Change) error {
			switch {
			case c.Kind == ChangeGameCreated:
				tx.Carry("created")
			case c.Kind == ChangeMovePlayed && c.Seq%2 == 1:
				tx.Carry(fmt.Sprintf("move %d", c.Seq))
			}
			return nil
		},
		After: func(_ context.Context, c Change) {
			got = append(got, fmt.Sprintf("%s %d: %v", c.Kind, c.Seq, c.Carried))
		},
	})
	g := startGame(t, s, 3, 1)
	for range 3 {
		pos, err := s.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	want := "[game-created 0: created game-started 0: <nil> move-played 1: move 1 move-played 2: <nil> move-played 3: move 3]"
	if fmt.Sprint(got) != want {
		t.Fatalf("after the commits:\n got %v\nwant %s", got, want)
	}
}

// TestCarriedIsNotHandedOn: of two changes in one transaction, the second
// does not arrive with what the first's InTx carried.
func TestCarriedIsNotHandedOn(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	s.SetObserver(ObserverFuncs{In: func(_ context.Context, tx *NotifyTx, c Change) error {
		if c.Seat == 0 {
			tx.Carry("the first")
		}
		return nil
	}})
	g := startGame(t, s, 3, 1)
	done, err := s.changeTx(ctx, s.Now(), func(_ *gorm.DB, cs *changeSet) error {
		for seat := range 2 {
			if err := cs.emit(Change{Kind: ChangeMessagePosted, Game: *g, Seat: seat}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []any
	for _, c := range done {
		got = append(got, c.Carried)
	}
	if fmt.Sprint(got) != "[the first <nil>]" {
		t.Fatalf("carried: %v, want [the first <nil>]", got)
	}
}

// TestMoveHandsItsSeats: a move hands its observer the game's seats as the
// transaction reads them (MoveDone.Seats, which notify uses instead of
// reading them again), holders and names included.
func TestMoveHandsItsSeats(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	var checked int
	s.SetObserver(ObserverFuncs{In: func(_ context.Context, tx *NotifyTx, c Change) error {
		if c.Kind != ChangeMovePlayed {
			return nil
		}
		want, err := tx.Seats(c.Game.ID)
		if err != nil {
			return err
		}
		if got := c.Move.Seats; fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) || len(got) != 3 {
			return fmt.Errorf("move %d handed seats %+v, the transaction reads %+v", c.Seq, got, want)
		}
		checked++
		return nil
	}})
	g := startGame(t, s, 3, 1)
	for range 3 {
		pos, err := s.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	if checked != 3 {
		t.Errorf("checked %d moves, want 3", checked)
	}
}
