package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"rondel/game/record"
	"rondel/game/selfplay"
	"rondel/store"
)

// clubWithGames makes a database holding self-played games of every game.
func clubWithGames(t *testing.T) (string, []int64) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "club.db")
	st, err := store.Open(path, store.Options{Registry: registry()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.CheckSchema(ctx, true); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for i, kind := range []string{"caesars-imperium", "imperial", "imperial2030", "caesars-imperium"} {
		out, err := selfplay.Play(st.Registry(), kind, selfplay.Config{Players: 2 + i, MaxMoves: 5000}, uint64(i+1))
		if err != nil || !out.Finished {
			t.Fatalf("%s: %v", kind, err)
		}
		var emails []string
		for k := range out.Record.Players {
			emails = append(emails, fmt.Sprintf("p%d@example.org", k))
		}
		g, err := st.ImportRecord(ctx, out.Record, store.ImportSpec{Emails: emails})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	return path, ids
}

func runCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestVerifyCommand(t *testing.T) {
	path, ids := clubWithGames(t)
	code, out, errs := runCmd("verify", "--db", path)
	if code != 0 || !strings.Contains(out, "4 games replayed (4 finished): 0 problem(s)") {
		t.Fatalf("clean database: exit %d\n%s%s", code, out, errs)
	}
	st, _ := store.Open(path, store.Options{Registry: registry()})
	if err := st.Exec(`UPDATE final_states SET state_hash = 'feed' || substr(state_hash, 5) WHERE game_id = ?`, ids[2]); err != nil {
		t.Fatal(err)
	}
	st.Close()
	code, out, _ = runCmd("verify", "--db", path)
	if code != 1 || !strings.Contains(out, fmt.Sprintf("game %d (", ids[2])) || strings.Count(out, "final state differs") != 1 {
		t.Fatalf("tampered game not named: exit %d\n%s", code, out)
	}
}

func TestExportCommand(t *testing.T) {
	path, ids := clubWithGames(t)
	code, out, errs := runCmd("export", "--db", path, fmt.Sprint(ids[1]))
	if code != 0 {
		t.Fatalf("export: %s", errs)
	}
	rec, err := record.Decode([]byte(out))
	if err != nil || rec.GameID != "imperial" || rec.StateHash == "" || rec.Result == nil {
		t.Fatalf("exported record: %v %+v", err, rec)
	}
	code, out, _ = runCmd("export", "--db", path, "--text", fmt.Sprint(ids[0]))
	if code != 0 || !strings.HasPrefix(out, "[Game \"Cäsars Imperium\"]") || !strings.Contains(out, "\n1. ") {
		t.Fatalf("readable export: %.200s", out)
	}
	// The readable log in another language, and a language it is not written in.
	code, de, _ := runCmd("export", "--db", path, "--text", "--lang", "de", fmt.Sprint(ids[0]))
	if code != 0 || !strings.Contains(de, "\n1. ") || de == out || strings.Count(de, "\n") != strings.Count(out, "\n") {
		t.Fatalf("readable export in German: %.300s", de)
	}
	if code, _, errs := runCmd("export", "--db", path, "--text", "--lang", "fr", fmt.Sprint(ids[0])); code == 0 || !strings.Contains(errs, "--lang") {
		t.Errorf("--lang fr: exit %d, %s", code, errs)
	}
	code, out, errs = runCmd("export", "--db", path, "--all", "--since", "2000-01-01")
	if code != 0 {
		t.Fatal(errs)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	n := 0
	for sc.Scan() {
		if _, err := record.Decode(sc.Bytes()); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		n++
	}
	if n != len(ids) {
		t.Errorf("--all wrote %d records, want %d", n, len(ids))
	}
	if code, out, _ = runCmd("export", "--db", path, "--all", "--since", "2999-01-01"); code != 0 || out != "" {
		t.Errorf("--since in the future: exit %d, %q", code, out)
	}
	if code, out, _ = runCmd("export", "--db", path, "--player", "p3@example.org"); code != 0 || strings.Count(out, "\n") != 2 {
		t.Errorf("--player: exit %d, %d lines", code, strings.Count(out, "\n"))
	}
	if code, _, _ = runCmd("export", "--db", path, "999"); code == 0 {
		t.Error("a missing game exported")
	}
}
