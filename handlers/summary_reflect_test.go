package handlers

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/imperial"
)

// oddText encodes itself: the JSON way says it.
type oddText struct{}

func (o oddText) MarshalText() ([]byte, error) { return []byte("odd"), nil }

type tagged struct {
	A     int               `json:"a"`
	B     string            `json:"b,omitempty"`
	C     *int              `json:"c"`
	D     []string          `json:"d,omitempty"`
	E     map[string]any    `json:"e"`
	F     bool              `json:"-"`
	G     float64           `json:"g,omitempty"`
	H     any               `json:"h"`
	Plain uint8             // the field's name as key
	hid   int               // unexported: not encoded
	Arr   [2]int            `json:"arr"`
	Nest  *tagged           `json:"nest,omitempty"`
	Units map[string][2]int `json:"units"`
}

type embedded struct {
	tagged
	X int `json:"x"`
}

type stringly struct {
	N int `json:"n,string"`
}

type twice struct {
	K int
	B int `json:"K"`
}

type oddName struct {
	A int `json:"a b"`
}

type small struct {
	F float32 `json:"f"`
}

// TestGenericOfAsJSON: genericOf makes the tree readGeneric reads from
// json.Marshal, or says !ok: for the summaries of self-played games of
// every hosted kind (which it must make itself) and for forms it leaves to
// the JSON way.
func TestGenericOfAsJSON(t *testing.T) {
	t.Parallel()
	seven := 7
	type cs struct {
		v      any
		direct bool // genericOf makes it itself
	}
	cases := []cs{
		{nil, true}, {true, true}, {0, true}, {-3, true}, {int64(1) << 60, true}, {uint(300), true}, {2.5, true},
		{"x<&>\"é", true}, {[]string(nil), true}, {[]string{}, true}, {map[string]int(nil), true},
		{map[string]int{"b": 1, "a": 2, "B": 3}, true}, {[]any{1, "a", nil, []int{}}, true},
		{tagged{}, true}, {&tagged{A: 1, B: "b", C: &seven, D: []string{"d"}, E: map[string]any{"z": 1, "y": []any{}},
			F: true, G: 0.5, H: &seven, Plain: 9, hid: 3, Arr: [2]int{1, 2}, Nest: &tagged{B: "in"},
			Units: map[string][2]int{"x": {1, 0}}}, true},
		{map[string]tagged{"q": {H: map[string]any{}}}, true},
		{"\xff", false}, {[]byte("ab"), false}, {map[int]string{1: "a"}, false}, {oddText{}, false},
		{[]oddText{{}}, false}, {time.Unix(0, 0).UTC(), false}, {embedded{}, false}, {stringly{}, false},
		{twice{}, false}, {oddName{}, false}, {small{}, false}, {float32(1.1), false}, {math.NaN(), false},
		{map[string]any{"a": make(chan int)}, false}, {map[string]any{"\xff": 1}, false},
	}
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New(), gametest.Game{})
	sampledPositions(t, reg, func(_ game.Info, _ int, st game.State) {
		cases = append(cases, cs{st.Summary(), true})
	})
	for i, c := range cases {
		got, _, ok := genericOf(c.v)
		if ok != c.direct {
			t.Errorf("case %d (%T): genericOf ok %v, want %v", i, c.v, ok, c.direct)
		}
		if !ok {
			continue
		}
		data, err := json.Marshal(c.v)
		if err != nil {
			t.Fatalf("case %d (%T): %v", i, c.v, err)
		}
		want, err := readGeneric(data)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("case %d (%T): genericOf %#v, from JSON %#v (%v)", i, c.v, got, want, err)
		}
	}
}
