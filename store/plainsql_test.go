package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"
)

func TestNumberedPlaceholders(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"SELECT 1":                          "SELECT 1",
		"a = ? AND b IN (0, ?)":             "a = $1 AND b IN (0, $2)",
		"?,?,?,?,?,?,?,?,?,?,?":             "$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11",
		"INSERT INTO t (a) VALUES (?) -- x": "INSERT INTO t (a) VALUES ($1) -- x",
	} {
		if got := numbered(in); got != want {
			t.Errorf("numbered(%q) = %q, want %q", in, got, want)
		}
	}
}

// What GORM would rewrite goes to GORM: a slice it expands for IN ?.
func TestPlainArgs(t *testing.T) {
	t.Parallel()
	now := time.Now()
	type outcome string
	if !plainArgs([]any{nil, "s", 1, int64(2), true, 1.5, now, &now, (*time.Time)(nil), []byte("x"), outcome("o")}) {
		t.Error("scalars, times and byte strings: not plain")
	}
	for _, a := range []any{[]int64{1, 2}, []any{1}, map[string]any{}, struct{}{}, gorm.Expr("1")} {
		if plainArgs([]any{1, a}) {
			t.Errorf("%T: plain, but GORM rewrites it", a)
		}
	}
}

// A statement runs in the transaction it is given, without GORM and
// through it alike: what one writes the other reads before the commit,
// and a rollback takes both away.
func TestPlainStatementsInTheTransaction(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 64)
	ctx := context.Background()
	errRollback := errors.New("roll back")
	var a, b int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ua, ub := User{Email: "a@example.org", DisplayName: "A", Notify: "each"}, User{Email: "b@example.org", DisplayName: "B", Notify: "each"}
		if err := tx.Create(&ua).Error; err != nil {
			return err
		}
		if err := tx.Create(&ub).Error; err != nil {
			return err
		}
		a, b = ua.ID, ub.ID
		if _, err := execSQL(tx, `INSERT INTO notify_prefs (user_id, time_zone) VALUES (?, ?)`, a, "Europe/Vienna"); err != nil {
			return err
		}
		if _, err := execSQL(tx, `INSERT INTO notify_prefs (user_id, time_zone) VALUES (?, ?)`, b, "Asia/Tokyo"); err != nil {
			return err
		}
		var zones []string
		if err := tx.Raw(`SELECT time_zone FROM notify_prefs WHERE user_id IN ? ORDER BY user_id`, []int64{a, b}).Scan(&zones).Error; err != nil {
			return err
		}
		if len(zones) != 2 || zones[0] != "Europe/Vienna" {
			t.Errorf("GORM in the transaction reads %v", zones)
		}
		n, err := execSQL(tx, `DELETE FROM notify_prefs WHERE user_id IN ?`, []int64{b, b + 1})
		if err != nil || n != 1 {
			t.Errorf("deleting through GORM (a slice): %d rows, %v", n, err)
		}
		var zone string
		if err := scanOne(tx, `SELECT time_zone FROM notify_prefs WHERE user_id = ?`, []any{a}, &zone); err != nil || zone != "Europe/Vienna" {
			t.Errorf("read in the transaction: %q, %v", zone, err)
		}
		return errRollback
	})
	if err != errRollback {
		t.Fatal(err)
	}
	var zone string
	if err := scanOne(s.db, `SELECT time_zone FROM notify_prefs WHERE user_id = ?`, []any{a}, &zone); !isNoRows(err) {
		t.Errorf("after the rollback: %q, %v", zone, err)
	}
}
