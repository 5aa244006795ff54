package main

import (
	"strings"
	"testing"

	"rondel/store"
)

// TestRebuildCommand: after the derived tables are emptied, `rondel
// rebuild` makes them again and `rondel verify` finds them equal to the
// logs; before the rebuild, verify names what is missing.
func TestRebuildCommand(t *testing.T) {
	path, _ := clubWithGames(t)
	st, err := store.Open(path, store.Options{Registry: registry()})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DELETE FROM game_summaries`, `DELETE FROM game_snapshots`, `DELETE FROM reliability`} {
		if err := st.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	code, out, _ := runCmd("verify", "--db", path)
	if code == 0 || !strings.Contains(out, "has no summary") || !strings.Contains(out, "no state snapshot") || !strings.Contains(out, "reliabilities differ") {
		t.Fatalf("verify of emptied derived tables: exit %d\n%s", code, out)
	}
	code, out, errs := runCmd("rebuild", "--db", path, "--quiet")
	if code != 0 || !strings.Contains(out, "rebuilt 4 games") {
		t.Fatalf("rebuild: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd("verify", "--db", path)
	if code != 0 || !strings.Contains(out, "0 problem(s)") {
		t.Fatalf("verify after rebuild: exit %d\n%s%s", code, out, errs)
	}
}
