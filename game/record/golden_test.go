package record_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/record"
	"rondel/game/selfplay"
)

// -update rewrites the golden records (and readable logs) from fresh
// self-play. Only do that on purpose: the point of the goldens is that an
// engine change which alters an old game fails this test.
var update = flag.Bool("update", false, "rewrite testdata/golden from fresh self-play")

const goldenDir = "testdata/golden"

func registry() *game.Registry {
	return game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
}

// goldens are the games kept: long complete games of each game and
// variant. Readable ones also keep their readable log as a golden file.
var goldens = []struct {
	name     string
	game     string
	players  int
	opts     game.Options
	seed     uint64
	readable bool
}{
	{"imperial-standard-6p", "imperial", 6, game.Options{}, 1, true},
	{"imperial-experienced-3p", "imperial", 3, game.Options{"setup": "experienced"}, 2, false},
	{"imperial-no-investor-card-4p", "imperial", 4, game.Options{"investor_card": "false"}, 3, false},
	{"imperial-first-edition-5p", "imperial", 5, game.Options{"edition": "2006"}, 4, false},
	{"imperial2030-standard-6p", "imperial2030", 6, game.Options{}, 5, false},
	{"imperial2030-bonus-increase-4p", "imperial2030", 4, game.Options{"bonus_increase": "true"}, 6, false},
	{"caesars-imperium-small-side-2p", "caesars-imperium", 2, game.Options{}, 7, false},
	{"caesars-imperium-large-side-5p", "caesars-imperium", 5, game.Options{}, 8, true},
}

// TestGoldenRecordsReplay replays every golden record and requires the
// very final state (by hash) and result it recorded, and for readable
// goldens the same readable log.
func TestGoldenRecordsReplay(t *testing.T) {
	reg := registry()
	if *update {
		writeGoldens(t, reg)
	}
	files, _ := filepath.Glob(filepath.Join(goldenDir, "*.json"))
	if len(files) < len(goldens) {
		t.Fatalf("%d golden records in %s, want %d; run go test -run Golden -update", len(files), goldenDir, len(goldens))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := record.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			st, err := record.Replay(reg, rec)
			if err != nil {
				t.Fatalf("the engine no longer replays this game: %v", err)
			}
			if h, _ := record.Hash(st); h != rec.StateHash {
				t.Errorf("the engine changed this game: final state hash %s, recorded %s", h, rec.StateHash)
			}
			got, _ := json.Marshal(st.Result())
			want, _ := json.Marshal(rec.Result)
			if !st.Finished() || !bytes.Equal(got, want) {
				t.Errorf("the result changed: %s, recorded %s", got, want)
			}
			txt := filepath.Join(goldenDir, name+".txt")
			wantLog, err := os.ReadFile(txt)
			if os.IsNotExist(err) {
				return
			}
			var buf bytes.Buffer
			if err := record.WriteReadable(&buf, reg, rec); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), wantLog) {
				t.Errorf("the readable log differs from %s (first difference at line %d)", txt, firstDiff(buf.String(), string(wantLog)))
			}
		})
	}
}

func firstDiff(a, b string) int {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(x), len(y)) {
		if x[i] != y[i] {
			return i + 1
		}
	}
	return min(len(x), len(y)) + 1
}

// writeGoldens plays every golden game afresh and writes its record, with
// times, its result and final state hash, and its readable log.
func writeGoldens(t *testing.T, reg *game.Registry) {
	if err := os.MkdirAll(goldenDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, gd := range goldens {
		out, err := selfplay.Play(reg, gd.game, selfplay.Config{Players: gd.players, Options: gd.opts, MaxMoves: 20000}, gd.seed)
		if err != nil || !out.Finished {
			t.Fatalf("%s: %v (finished %v)", gd.name, err, out.Finished)
		}
		rec := out.Record
		g, _ := reg.Get(gd.game)
		if rec.Options, err = game.Normalize(g.Info().Options, rec.Options); err != nil {
			t.Fatal(err)
		}
		start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
		rec.Started = &start
		for i := range rec.Moves {
			at := start.Add(time.Duration(i+1) * 10 * time.Minute)
			rec.Moves[i].At = &at
		}
		end := *rec.Moves[len(rec.Moves)-1].At
		rec.Finished, rec.Result, rec.Engine = &end, out.Final.Result(), "rondel golden"
		if rec.StateHash, err = record.Hash(out.Final); err != nil {
			t.Fatal(err)
		}
		data, err := json.MarshalIndent(rec, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Join(goldenDir, gd.name)
		if err := os.WriteFile(base+".json", append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		if !gd.readable {
			continue
		}
		var buf bytes.Buffer
		if err := record.WriteReadable(&buf, reg, rec); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(base+".txt", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
