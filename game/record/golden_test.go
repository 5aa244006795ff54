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
	"rondel/game/words"
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
// variant. Those of format version 1 were written before words were data
// and are never rewritten: they keep the old hash and result rule tested.
// -update rewrites those of the current version. Readable ones also keep
// their readable log in every language as golden files (NAME.txt in
// English, NAME.de.txt, NAME.zh.txt; version 1 goldens in English only).
var goldens = []struct {
	name     string
	game     string
	players  int
	opts     game.Options
	seed     uint64
	version  int
	readable bool
}{
	{"imperial-standard-6p", "imperial", 6, game.Options{}, 1, 1, true},
	{"imperial-experienced-3p", "imperial", 3, game.Options{"setup": "experienced"}, 2, 1, false},
	{"imperial-no-investor-card-4p", "imperial", 4, game.Options{"investor_card": "false"}, 3, 1, false},
	{"imperial-first-edition-5p", "imperial", 5, game.Options{"edition": "2006"}, 4, 1, false},
	{"imperial2030-standard-6p", "imperial2030", 6, game.Options{}, 5, 1, false},
	{"imperial2030-bonus-increase-4p", "imperial2030", 4, game.Options{"bonus_increase": "true"}, 6, 1, false},
	{"caesars-imperium-small-side-2p", "caesars-imperium", 2, game.Options{}, 7, 1, false},
	{"caesars-imperium-large-side-5p", "caesars-imperium", 5, game.Options{}, 8, 1, true},
	// Version 2: states and results that hold words as data.
	{"imperial-standard-4p-v2", "imperial", 4, game.Options{}, 21, 2, true},
	{"imperial2030-standard-5p-v2", "imperial2030", 5, game.Options{}, 22, 2, false},
	{"caesars-imperium-colour-sum-3p-v2", "caesars-imperium", 3, game.Options{"colour_sum": "true"}, 37, 2, true},
}

// readableLangs are the languages of the readable goldens of a version.
func readableLangs(version int) []string {
	if version == 1 {
		return []string{"en"}
	}
	return words.Languages
}

// txtName is the readable golden of a language.
func txtName(base, lang string) string {
	if lang == "en" {
		return base + ".txt"
	}
	return base + "." + lang + ".txt"
}

// TestGoldenRecordsReplay replays every golden record and requires the
// very final state (by hash) and result it recorded, each by the rule of
// its format version, and for readable goldens the same readable logs.
func TestGoldenRecordsReplay(t *testing.T) {
	reg := registry()
	if *update {
		writeGoldens(t, reg)
	}
	versions := map[string]map[int]bool{}
	for _, gd := range goldens {
		if _, err := os.Stat(filepath.Join(goldenDir, gd.name+".json")); err != nil {
			t.Errorf("golden %s is missing; run go test ./game/record -run Golden -update", gd.name)
		}
		for _, lang := range readableLangs(gd.version) {
			if _, err := os.Stat(filepath.Join(goldenDir, txtName(gd.name, lang))); gd.readable && err != nil {
				t.Errorf("the %s readable log of golden %s is missing", lang, gd.name)
			}
		}
		if versions[gd.game] == nil {
			versions[gd.game] = map[int]bool{}
		}
		versions[gd.game][gd.version] = true
	}
	for id, vs := range versions {
		if !vs[1] || !vs[record.Version] {
			t.Errorf("%s needs goldens of version 1 and %d, so that both hash rules stay tested", id, record.Version)
		}
	}
	files, _ := filepath.Glob(filepath.Join(goldenDir, "*.json"))
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
			if !st.Finished() {
				t.Fatal("the game no longer ends")
			}
			if err := rec.Check(st); err != nil {
				t.Errorf("the engine changed this game (version %d rule): %v", rec.Version, err)
			}
			if _, old := st.(game.StateV1); old && rec.Version == 1 {
				// The old rule is really needed: today's hash differs.
				if h, _ := record.Hash(st); h == rec.StateHash {
					t.Errorf("the version %d hash equals the version 1 hash: the old rule is not exercised", record.Version)
				}
			}
			for _, lang := range readableLangs(rec.Version) {
				txt := filepath.Join(goldenDir, txtName(name, lang))
				want, err := os.ReadFile(txt)
				if os.IsNotExist(err) {
					continue
				}
				var buf bytes.Buffer
				if err := record.WriteReadable(&buf, reg, rec, words.Default().Speaker(lang, nil)); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(buf.Bytes(), want) {
					t.Errorf("the readable log differs from %s (first difference at line %d)", txt, firstDiff(buf.String(), string(want)))
				}
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
		if gd.version != record.Version {
			continue // written by an older Rondel; kept as they are
		}
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
		for _, lang := range readableLangs(gd.version) {
			var buf bytes.Buffer
			if err := record.WriteReadable(&buf, reg, rec, words.Default().Speaker(lang, nil)); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(txtName(base, lang), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
