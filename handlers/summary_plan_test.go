package handlers

import (
	"encoding/json"
	"reflect"
	"sync"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/imperial"
)

// TestRememberedPlansMakeTheSameTree: a tree made with the plans a server
// remembers (shared by goroutines, learnt from earlier summaries) is the
// tree made with plans learnt for the summary alone (which
// TestGenericOfAsJSON checks against the JSON way), size and all, for
// every hosted kind's self-played summaries and for forms left to the
// JSON way.
func TestRememberedPlansMakeTheSameTree(t *testing.T) {
	t.Parallel()
	seven := 7
	values := []any{nil, 3, "x", []string{}, map[string]int{"b": 1, "a": 2},
		&tagged{A: 1, B: "b", C: &seven, Nest: &tagged{B: "in", Nest: &tagged{}}}, tagged{}, map[string]tagged{"q": {}},
		oddText{}, []oddText{{}}, embedded{}, stringly{}, twice{}, small{}, []byte("ab"), map[int]string{1: "a"}}
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New(), gametest.Game{})
	sampledPositions(t, reg, func(_ game.Info, _ int, st game.State) {
		values = append(values, st.Summary())
	})
	var shared typePlans
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i, v := range values {
				want, wantSize, wantOK := genericOf(v)
				got, size, ok := genericOfWith(v, &shared)
				if ok != wantOK || size != wantSize || !reflect.DeepEqual(got, want) {
					t.Errorf("value %d (%T): remembered plans made %v, %d, %#v; its own %v, %d, %#v",
						i, v, ok, size, got, wantOK, wantSize, want)
				}
			}
		})
	}
	wg.Wait()
	if len(shared.m) == 0 {
		t.Error("no plan remembered")
	}
}

type nestedMap map[string]nestedMap

// TestMapsInMapsAsJSON: maps inside maps of their own type and of others
// (whose entries are set in scratch a map gives back when it is done)
// make the tree the JSON way makes.
func TestMapsInMapsAsJSON(t *testing.T) {
	t.Parallel()
	values := []any{
		map[string]map[string]int{"a": {"x": 1, "y": 2}, "b": {"x": 3}, "c": {}, "d": nil},
		map[string]any{"a": map[string]any{"b": map[string]any{"c": 1}, "d": 2}, "e": map[string]any{"f": "g"}, "h": 3},
		nestedMap{"a": {"b": {"c": nil}, "d": {}}, "e": {"f": {"g": {}}}},
		[]map[string]int{{"a": 1}, {"b": 2}, {"a": 3, "b": 4}},
		map[string][]map[string]int{"p": {{"a": 1}, {"b": 2}}, "q": {{"c": 3}}},
	}
	for i, v := range values {
		for _, plans := range []*typePlans{nil, {}} {
			got, _, ok := genericOfWith(v, plans)
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			want, err := readGeneric(data)
			if !ok || err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("value %d: %v %#v, from JSON %#v (%v)", i, ok, got, want, err)
			}
		}
	}
}
