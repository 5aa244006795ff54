package handlers

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"sort"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/words"
)

func genericOnePass(d *words.Decoder) bool {
	_, ok := genericValue(d, 0)
	return ok && d.End()
}

// TestReadGenericAsUnmarshal: readGeneric reads what json.Unmarshal reads
// into an any (its maps as objects), errors included: odd forms left to
// encoding/json, objects whose keys come unsorted, and the
// summaries of self-played games of every hosted kind read in one pass.
func TestReadGenericAsUnmarshal(t *testing.T) {
	t.Parallel()
	cases := []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-12`, `"x"`, ` { "a" : [ 1 , true , null , "b" ] } `,
		`{"a":1,"a":2}`, `{"a":1.5}`, `{"a":1e3}`, `{"a":"esc\"aped"}`, `{"a":"\u00e9"}`, `{"a":trueish}`, `{"a":nul}`,
		`{"a":9007199254740993}`, `{"a":-0}`, `{"a":01}`, `[1,]`, `{"a":1,}`, `{"a":1} x`, ``, `[`, `{"a":[{"b":{"c":[[]]}}]}`,
		`{"é":"ü"}`, `[true false]`, `nulls`, `{"a":"\x01"}`, `{"b":1,"a":{"z":[{"y":1,"x":2}],"c":null}}`, `{"B":1,"a":2,"A":3}`,
	}
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
	for _, info := range reg.List() {
		g, _ := reg.Get(info.ID)
		players := []string{"Ann", "Bob", "Cy", "Dora"}[:max(info.MinPlayers, min(4, info.MaxPlayers))]
		st, err := g.New(game.Setup{Players: players, Seed: 11})
		if err != nil {
			t.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(11, 11))
		for move := 0; move < 300 && !st.Finished(); move++ {
			if move%60 == 0 {
				data, err := json.Marshal(st.Summary())
				if err != nil {
					t.Fatal(err)
				}
				cases = append(cases, string(data))
				// A summary is in the plain form: read in one pass.
				if d := words.NewDecoder(data); !genericOnePass(d) {
					t.Errorf("%s, move %d: the summary is left to encoding/json", info.ID, move)
				}
			}
			d := st.ToAct()[0]
			legal := st.LegalMoves(d.Seat)
			if st, _, err = st.Apply(d.Seat, legal[rnd.IntN(len(legal))].Move); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, data := range cases {
		got, gotErr := readGeneric([]byte(data))
		var want any
		wantErr := json.Unmarshal([]byte(data), &want)
		want = objectsOf(want)
		if (gotErr == nil) != (wantErr == nil) || !reflect.DeepEqual(got, want) {
			t.Errorf("%.200s: read %#v (%v), json.Unmarshal %#v (%v)", data, got, gotErr, want, wantErr)
		}
	}
}

// objectsOf is v as encoding/json read it, each map an object (its
// fields sorted by key), each array a list, each string a *string, as
// the tree holds them (written here apart from objects, which the reader
// uses).
func objectsOf(v any) any {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		o := object{}
		for _, k := range keys {
			o = append(o, field{k, objectsOf(x[k])})
		}
		return &o
	case []any:
		out := make(list, len(x))
		for i := range x {
			out[i] = objectsOf(x[i])
		}
		return &out
	case string:
		return &x
	}
	return v
}
