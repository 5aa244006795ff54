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
	seats, _ := s.Seats(ctx, g.ID)
	to := 1
	for _, m := range []*int{nil, &to} { // one to the table, one private
		if _, err := s.PostMessage(ctx, g.ID, seats[0].UserID, m, "hello", 100); err != nil {
			t.Fatal(err)
		}
	}
	playOut(t, s, g.ID, rand.New(rand.NewPCG(1, 1)), 0)
	by := seats[0].UserID
	if err := s.db.Create(&GameImport{GameID: g.ID, Source: "site", Notes: "n", ImportedBy: &by, ImportedAt: c.Now(), Rules: `{"ruleset":"x"}`}).Error; err != nil {
		t.Fatal(err)
	}
	if err := s.db.Create(&changeRow{GameID: g.ID, Seat: 1, Kind: "imperial", UserID: by, At: c.Now(), Place: 2, Dropped: true, Rank: 3,
		MuBefore: 25, SigmaBefore: 8.3, MuAfter: 24.5, SigmaAfter: 7.9}).Error; err != nil {
		t.Fatal(err)
	}
	paused := c.Now().Add(-time.Minute)
	for _, row := range []any{
		&StandingOrder{GameID: g.ID, Seat: 0, Order: "only-move", Param: "x", CreatedAt: c.Now()},
		&Webhook{GameID: g.ID, URL: "https://example.org/h", Hint: "example.org…/h", Flavour: "slack", Language: "de", CreatedBy: by,
			CreatedAt: c.Now(), PausedAt: &paused, LastOKAt: &paused, LastError: "e", LastErrorAt: &paused},
	} {
		if err := s.db.Create(row).Error; err != nil {
			t.Fatal(err)
		}
	}
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
		{"snapshot's state", func() any { // the hash is left out: only verify reads it
			var x Snapshot
			s.db.Take(&x, "game_id = ?", g.ID)
			x.StateHash = ""
			return x
		},
			func() any { x, _ := readSnapshotState(s.db, g.ID); return *x }},
		{"steps", func() any {
			var x []step
			s.db.Model(&Move{}).Select("seq", "seat", "move", "take_back").Where("game_id = ? AND seq > ?", g.ID, 2).Order("seq").Find(&x)
			return x
		},
			func() any { x, _ := readSteps(s.db, g.ID, 2, -1); return x }},
		{"moves", func() any { var x []Move; s.db.Where("game_id = ?", g.ID).Order("seq").Find(&x); return x },
			func() any { x, _ := s.MovesSince(ctx, g.ID, 0); return x }},
		{"recent moves", func() any {
			var x []Move
			s.db.Select("game_id", "seq", "seat", "events", "at", "by", "user_id", "take_back").Where("game_id = ? AND seq > ?", g.ID, 1).Order("seq").Find(&x)
			return x
		},
			func() any { x, _ := s.RecentMoves(ctx, g.ID, 1); return x }},
		{"moves page", func() any {
			var x []Move
			s.db.Select("game_id", "seq", "seat", "events", "at", "by", "take_back").Where("game_id = ?", g.ID).Order("seq DESC").Find(&x)
			return x
		},
			func() any { x, _ := s.MovesPage(ctx, g.ID, 0, 1000); return x }},
		{"messages", func() any { var x []Message; s.db.Where("game_id = ?", g.ID).Order("id").Find(&x); return x },
			func() any { x, _, _ := s.MessagesPage(ctx, g.ID, seats[0].UserID, 0, 10); return x }},
		{"import", func() any { var x GameImport; s.db.Take(&x, "game_id = ?", g.ID); return x },
			func() any { x, _ := s.ImportOf(ctx, g.ID); return *x }},
		{"rating changes", func() any { var x []changeRow; s.db.Where("game_id = ?", g.ID).Order("seat").Find(&x); return x },
			func() any {
				x, _ := queryRows(s.db, scanChange, `SELECT `+changeCols+` FROM rating_changes WHERE game_id = ? ORDER BY seat`, g.ID)
				return x
			}},
		{"standing orders", func() any { var x []StandingOrder; s.db.Order("id").Find(&x); return x },
			func() any { x, _ := standingOrders(s.db, g.ID, 0); return x }},
		{"webhooks", func() any { var x []Webhook; s.db.Order("id").Find(&x); return x },
			func() any {
				x, _ := queryRows(s.db, scanWebhook, `SELECT `+webhookCols+` FROM webhooks ORDER BY id`)
				return x
			}},
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
		if v := reflect.ValueOf(orm); v.Kind() == reflect.Struct && v.IsZero() || v.Kind() == reflect.Slice && v.Len() == 0 {
			t.Errorf("%s: nothing read", model.name)
		}
	}
	// User.TimeZone is no column: SessionUser reads it (scanUserZone).
	want := map[string]int{"game": 14, "seats": 6, "summary": 7, "user": 10, "move": 11, "message": 9, "import": 6, "change": 12,
		"standing order": 6, "webhook": 12}
	for name, n := range map[string]int{"game": reflect.TypeFor[Game]().NumField(), "seats": reflect.TypeFor[Seat]().NumField(),
		"summary": reflect.TypeFor[Summary]().NumField(), "user": reflect.TypeFor[User]().NumField(), "move": reflect.TypeFor[Move]().NumField(),
		"message": reflect.TypeFor[Message]().NumField(), "import": reflect.TypeFor[GameImport]().NumField(), "change": reflect.TypeFor[changeRow]().NumField(),
		"standing order": reflect.TypeFor[StandingOrder]().NumField(), "webhook": reflect.TypeFor[Webhook]().NumField()} {
		if n != want[name] {
			t.Errorf("%s has %d fields, scan.go reads %d: add the new column to its reader", name, n, want[name])
		}
	}
}
