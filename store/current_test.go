package store

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// The position statement's column lists are the ones its scans read.
func TestPositionColumns(t *testing.T) {
	if want := prefixed("g.", gameCols) + ", " + prefixed("s.", strings.TrimPrefix(summaryCols, "game_id, ")); positionGameCols != want {
		t.Errorf("game and summary columns %q, want %q", positionGameCols, want)
	}
	if want := prefixed("st.", strings.Replace(seatCols, "game_id, ", "", 1)); positionSeatCols != want {
		t.Errorf("seat columns %q, want %q", positionSeatCols, want)
	}
	if n := strings.Count(positionGameCols, ",") + 1 + 2; n != positionLeading {
		t.Errorf("%d columns before a seat's, positionLeading says %d", n, positionLeading)
	}
	if n := strings.Count(positionSeats, "NULL,"); n != positionLeading {
		t.Errorf("a seat's row has %d NULL columns before its own, want %d", n, positionLeading)
	}
}

// readPosition reads what the game's row, its summary, snapshot and seats
// say when each is read on its own, the seats in order, with and without
// the snapshot; an unknown game is not found.
func TestReadPositionMatchesItsParts(t *testing.T) {
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	for _, n := range []int{2, 5} {
		g := startGame(t, s, n, uint64(n))
		db := s.db.WithContext(ctx)
		want, err := s.GameRow(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		seats, err := s.Seats(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := readSummary(db, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		sn, err := readSnapshotState(db, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, withSnapshot := range []bool{false, true} {
			r, err := readPosition(ctx, s, g.ID, withSnapshot, false)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(r.game, want) || !reflect.DeepEqual(r.seats, seats) || !reflect.DeepEqual(r.sum, sum) {
				t.Errorf("%d seats: read %+v %+v %+v, want %+v %+v %+v", n, r.game, r.seats, r.sum, want, seats, sum)
			}
			if r.snap.read != withSnapshot || withSnapshot && !reflect.DeepEqual(r.snap.sn, sn) {
				t.Errorf("%d seats, snapshot %v: read %+v, want %+v", n, withSnapshot, r.snap, sn)
			}
			if len(r.seats) != n {
				t.Errorf("%d seats read, want %d", len(r.seats), n)
			}
		}
	}
	if _, err := readPosition(ctx, s, 987654, true, false); !errors.Is(err, ErrNotFound) {
		t.Errorf("an unknown game: %v, want ErrNotFound", err)
	}
}
