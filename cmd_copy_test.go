package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"rondel/store"
	"rondel/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

// TestCopyCommand moves a club from its SQLite file to a new database
// (PostgreSQL with RONDEL_TEST_STORE=postgres) and back to a new file:
// every game verifies on each, the logs are the same, and the copy takes
// new rows after the copied ids.
func TestCopyCommand(t *testing.T) {
	ctx := context.Background()
	path, ids := clubWithGames(t)
	mid := storetest.Database(t)
	code, out, errs := runCmd("copy", "--from", path, "--to", mid)
	if code != 0 || !strings.Contains(out, "4 games replayed there (4 finished): 0 problem(s)") {
		t.Fatalf("copy: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runCmd("copy", "--from", path, "--to", mid); code == 0 || !strings.Contains(errs, "already holds a club") {
		t.Fatalf("a second copy into the same database: exit %d\n%s", code, errs)
	}
	back := filepath.Join(t.TempDir(), "back.db")
	if code, out, errs := runCmd("copy", "--from", mid, "--to", back); code != 0 {
		t.Fatalf("copy back: exit %d\n%s%s", code, out, errs)
	}
	dump := func(db string) string {
		st, err := store.Open(db, store.Options{Registry: registry()})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		var b strings.Builder
		for _, table := range []string{"users", "games", "seats", "moves"} {
			s, err := st.Dump(ctx, table)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString(s)
		}
		return b.String()
	}
	// PostgreSQL keeps times to the microsecond (pgx truncates); SQLite's text,
	// to the nanosecond.
	stamp := regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)? \+0000 UTC`)
	micro := func(s string) string {
		return stamp.ReplaceAllStringFunc(s, func(v string) string {
			tm, err := time.Parse("2006-01-02 15:04:05.999999999 -0700 MST", v)
			if err != nil {
				return v
			}
			return tm.Truncate(time.Microsecond).Format(time.RFC3339Nano)
		})
	}
	a, c := micro(dump(path)), micro(dump(back))
	if a != c {
		i := 0
		for i < min(len(a), len(c)) && a[i] == c[i] {
			i++
		}
		t.Errorf("the club changed on its way there and back, at %q:\n%q\nagainst\n%q", a[max(0, i-100):i], a[i:min(len(a), i+100)], c[i:min(len(c), i+100)])
	}
	st, err := store.Open(mid, store.Options{Registry: registry()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g := storetest.StartGame(t, st, store.NewGame{Kind: "imperial", Name: "after the copy", Seed: 9, Players: storetest.Players(3)}, nil)
	if g.ID <= ids[len(ids)-1] {
		t.Errorf("a new game got id %d, not after the copied ones (%v)", g.ID, ids)
	}
}
