package main

import (
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rondel/game/record"
)

func TestImportCommand(t *testing.T) {
	testdata := filepath.Join("game", "imperial", "playimperial", "testdata")
	inPlay := filepath.Join(t.TempDir(), "in-play.json")
	err := os.WriteFile(inPlay, []byte(`[{"type":"initialize","payload":{"players":[{"id":"ann","nation":{"value":"AH","label":"Nation"}},{"id":"bob","nation":{"value":"IT","label":"Nation"}}],"soloMode":false,"variant":"standard","baseGame":"imperial"}},
		{"type":"rondel","payload":{"nation":{"value":"AH","label":"Nation"},"cost":0,"slot":"production1"}}]`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	// A game over on the site whose first 300 entries, with endGame, do
	// not end it under the site's rules either.
	cut := filepath.Join(t.TempDir(), "cut.json")
	if err := os.WriteFile(cut, cutWithEndGame(t, filepath.Join(testdata, "europe-p2-safe-site-s00017.json.gz"), 300), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		log      string
		code     int
		finished bool
		says     string // on stderr
	}{
		{"a finished game", filepath.Join(testdata, "site", "finished-europe-p2.json.gz"), 0, true, ""},
		{"a game in play", inPlay, 0, false, ""},
		{"a finished game under the site's rules", filepath.Join(testdata, "europe-p2-safe-site-s00017.json.gz"), 0, true, ""},
		{"over on the site, not here", cut, 1, false, "ended on playimperial.club"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := filepath.Join(t.TempDir(), "record.json")
			code, out, errs := runCmd("import", "--from", "playimperial", "--record", rec, tc.log)
			if code != tc.code || !strings.Contains(errs, tc.says) {
				t.Fatalf("exit %d, want %d; stderr %q", code, tc.code, errs)
			}
			var sum struct {
				Finished bool `json:"finished"`
			}
			if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.Finished != tc.finished {
				t.Errorf("summary finished=%v (%v), want %v", sum.Finished, err, tc.finished)
			}
			data, err := os.ReadFile(rec)
			if tc.code != 0 {
				if err == nil {
					t.Error("a refused import wrote a record")
				}
				return
			}
			r, err := record.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			final, err := record.Replay(registry(), r)
			if err != nil || final.Finished() != tc.finished {
				t.Errorf("the record replays to finished=%v (%v), want %v", final != nil && final.Finished(), err, tc.finished)
			}
		})
	}
	if code, _, errs := runCmd("import", "--from", "elsewhere", "x.json"); code != 1 || !strings.Contains(errs, "--from playimperial") {
		t.Errorf("unknown source: exit %d, %q", code, errs)
	}
}

// cutWithEndGame returns the first n entries of a gzipped sample trace's
// log, followed by endGame.
func cutWithEndGame(t *testing.T, path string, n int) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Actions []json.RawMessage `json:"actions"`
	}
	if err := json.NewDecoder(zr).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(append(doc.Actions[:n:n], json.RawMessage(`{"type":"endGame"}`)))
	return out
}
