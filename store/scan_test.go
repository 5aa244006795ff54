package store

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestScannersMatchTheORM: the hand-written readers of scan.go give what
// the ORM reads for every field of a game, a seat, a summary and a user,
// so a column added to a model is not silently left out of them (the
// test counts the fields).
func TestScannersMatchTheORM(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, c, _ := openTest(t, 64)
	g := startGame(t, s, 3, 4)
	c.Add(time.Hour)
	playOut(t, s, g.ID, rand.New(rand.NewPCG(1, 1)), 0)
	for _, model := range []struct {
		name string
		orm  func() any
		scan func() any
	}{
		{"game", func() any { var x Game; s.db.Take(&x, g.ID); return x },
			func() any { x, _ := s.GameRow(ctx, g.ID); return *x }},
		{"seats", func() any { var x []Seat; s.db.Where("game_id = ?", g.ID).Order("seat").Find(&x); return x },
			func() any { x, _ := s.Seats(ctx, g.ID); return x }},
		{"summary", func() any {
			var x Summary
			s.db.Take(&x, "game_id = ?", g.ID)
			x.LastMoveAt = x.LastMoveAt.UTC()
			return x
		},
			func() any { x, _ := readSummary(s.db, g.ID); return *x }},
		{"user", func() any { var x User; s.db.Take(&x, 1); return x },
			func() any {
				x, _ := queryRows(s.db, scanUser, `SELECT `+userCols+` FROM users u WHERE id = 1`)
				return x[0]
			}},
	} {
		orm, scan := model.orm(), model.scan()
		if d := cmp.Diff(orm, scan); d != "" {
			t.Errorf("%s: the scanner differs from the ORM (-orm +scan):\n%s", model.name, d)
		}
		if reflect.ValueOf(orm).Kind() == reflect.Struct && reflect.ValueOf(orm).IsZero() {
			t.Errorf("%s: nothing read", model.name)
		}
	}
	// User.TimeZone is no column: SessionUser reads it (scanUserZone).
	want := map[string]int{"game": 14, "seats": 6, "summary": 7, "user": 10}
	for name, n := range map[string]int{"game": reflect.TypeFor[Game]().NumField(), "seats": reflect.TypeFor[Seat]().NumField(),
		"summary": reflect.TypeFor[Summary]().NumField(), "user": reflect.TypeFor[User]().NumField()} {
		if n != want[name] {
			t.Errorf("%s has %d fields, scan.go reads %d: add the new column to its reader", name, n, want[name])
		}
	}
}
