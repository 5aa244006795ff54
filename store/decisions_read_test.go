package store

import (
	"encoding/json"
	"reflect"
	"testing"

	"rondel/game"
	"rondel/game/selfplay"
)

// TestReadDecisionsAsUnmarshal: the one-pass reader says what
// encoding/json says of the open decisions of every game and variant at
// points of a self-played game, and of odd forms (escapes, other keys,
// old plain prompts, broken or empty JSON).
func TestReadDecisionsAsUnmarshal(t *testing.T) {
	t.Parallel()
	reg := realRegistry()
	var inputs []string
	seen := 0
	for i, v := range variants {
		for _, moves := range []int{0, 3, 17, 60, 250} {
			out, err := selfplay.Play(reg, v.game, selfplay.Config{Players: v.players, Options: v.opts, MaxMoves: moves, NoWordCheck: true}, uint64(70+i))
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(out.Final.ToAct())
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := decodeDecisions(string(b)); !ok {
				t.Errorf("%v after %d moves: the engine's decisions are not read in one pass: %s", v, moves, b)
			}
			inputs = append(inputs, string(b))
			seen += len(out.Final.ToAct())
		}
	}
	if seen == 0 {
		t.Fatal("no decision was read")
	}
	inputs = append(inputs, "", "null", "[]", " [ ] ", "[{}]", "{", "[1]",
		`[{"seat":2,"kind":"k\"x","prompt":"plain words"}]`,
		`[{"seat":1,"kind":"k","other":true,"prompt":{"id":"a.b"}}]`,
		`[{"seat":1,"kind":"k","subject":"AH","prompt":{"id":"a.b","args":{"z":{"n":3},"a":{"list":[{"seat":0},{"lit":"<é>"}]}}}}]`,
		`[{"seat":1.5,"kind":"k"}]`, `[{"seat":1,"kind":"k"},]`)
	for _, in := range inputs {
		var want []game.Decision
		_ = json.Unmarshal([]byte(in), &want)
		if got := readDecisions(in); !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nread      %#v\nUnmarshal %#v", in, got, want)
		}
	}
}
