package imperial

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/record"
	"rondel/game/selfplay"
)

// readBoth reads data with the one-pass reader and with encoding/json.
// It reports whether the reader took it (else DecodeState falls back),
// and fails if it took it and read anything else than encoding/json.
func readBoth(tb testing.TB, data []byte) bool {
	tb.Helper()
	fast, ok := readState(data)
	var slow State
	err := json.Unmarshal(data, &slow)
	if !ok {
		return false
	}
	if err != nil {
		tb.Fatalf("the reader took what encoding/json refuses (%v):\n%.400s", err, data)
	}
	if diff := cmp.Diff(&slow, fast, cmpopts.IgnoreUnexported(State{})); diff != "" {
		tb.Fatalf("the readers differ (-encoding/json +reader):\n%s\non %.400s", diff, data)
	}
	return true
}

// TestStateReaderAsEncodingJSON reads every position of self-played games
// of each game, variant and edition (4 players; 2 to 6 in the long run)
// with both readers,
// and checks the one-pass reader took every one of them but the few it
// leaves to encoding/json.
func TestStateReaderAsEncodingJSON(t *testing.T) {
	reg := game.NewRegistry(New(), New2030())
	cases := []struct {
		game string
		opts game.Options
	}{
		{"imperial", nil},
		{"imperial", game.Options{"setup": "experienced"}},
		{"imperial", game.Options{"investor_card": "false"}},
		{"imperial", game.Options{"edition": "2006"}},
		{"imperial2030", nil},
		{"imperial2030", game.Options{"bonus_increase": "true"}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.game, c.opts), func(t *testing.T) {
			taken, left := 0, 0
			sizes := []int{4}
			if gametest.Long() {
				sizes = []int{2, 3, 5, 6}
			}
			for _, players := range sizes {
				out, err := selfplay.Play(reg, c.game, selfplay.Config{Players: players, Options: c.opts, MaxMoves: 4000, NoWordCheck: true}, uint64(300+players))
				if err != nil {
					t.Fatal(err)
				}
				_, err = record.ReplayEach(reg, out.Record, func(_ int, gs game.State, _ []game.Event) error {
					s := gs.(*State)
					data, err := json.Marshal(s)
					if err != nil {
						t.Fatal(err)
					}
					if readBoth(t, data) {
						taken++
					} else if s.Maneuver == nil || s.Maneuver.Canal == nil {
						t.Fatalf("the reader left a plain position to encoding/json:\n%.400s", data)
					} else {
						left++
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			if taken < 200 {
				t.Errorf("only %d positions read (%d left to encoding/json)", taken, left)
			}
		})
	}
}

// TestStateReaderLeavesOddFormsToEncodingJSON: what Rondel does not write
// (escapes, nulls, a field twice, another case, a number too large for
// its field, an unknown field) goes to encoding/json, which reads it or
// says what is wrong, as before.
func TestStateReaderLeavesOddFormsToEncodingJSON(t *testing.T) {
	for _, data := range []string{
		`{"players":[{"name":"A\u00e9","cash":1,"swiss_bank":false}]}`,
		`{"units":null}`,
		`{"round":1,"round":2}`,
		`{"Round":3}`,
		`{"units":[[{"a":300}]]}`,
		`{"round":1.0}`,
		`{"rules":{"map":"europe","site":{}}}`,
		`{"maneuver":{"canal":{"move":{"type":"fleet"},"canals":["kiel"],"asked":[1]}}}`,
		`{"unknown":1}`,
		`{"round":1} x`,
	} {
		if _, ok := readState([]byte(data)); ok {
			t.Errorf("the reader took %s", data)
		}
	}
	for _, data := range []string{`{}`, `{"units":[],"factories":[],"players":[]}`, `{"units":[[],[{}]],"flags":[-1, 2]}`} {
		if !readBoth(t, []byte(data)) {
			t.Errorf("the reader left %s", data)
		}
	}
}

// FuzzStateReader: on any bytes, what the reader takes encoding/json reads
// the same.
func FuzzStateReader(f *testing.F) {
	for _, s := range fuzzStates(f) {
		data, err := json.Marshal(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"units":[[{"a":1,"h":-2}]],"maneuver":{"moved":[{"mf":1}],"conflict":{"region":3,"unit":"army","hostile":true,"stage":"mover","asked":[]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		readBoth(t, data)
	})
}
