package imperial

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rondel/game"
)

// TestSetFieldsNamesEveryField: every field of Move is known to
// setFields, so a field added later cannot carry junk past CanonicalMove.
func TestSetFieldsNamesEveryField(t *testing.T) {
	rt := reflect.TypeOf(Move{})
	for i := range rt.NumField() {
		f := rt.Field(i)
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		if name == "type" {
			continue
		}
		var m Move
		v := reflect.ValueOf(&m).Elem().Field(i)
		switch v.Kind() {
		case reflect.String:
			v.SetString("x")
		case reflect.Bool:
			v.SetBool(true)
		case reflect.Int:
			v.SetInt(1)
		case reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		default:
			t.Fatalf("field %s of a kind the test does not know", f.Name)
		}
		if got := m.setFields(); !slices.Equal(got, []string{name}) {
			t.Errorf("a move with only %s set: setFields says %v", name, got)
		}
	}
}

// TestCanonicalMoveOfEveryLegalMove: along self-played games, every legal
// move is its own canonical form, and adding a field its type does not
// use is refused.
func TestCanonicalMoveOfEveryLegalMove(t *testing.T) {
	for _, st := range sampleStates(t) {
		for _, d := range st.ToAct() {
			for _, lm := range st.LegalMoves(d.Seat) {
				got, err := st.CanonicalMove(d.Seat, lm.Move)
				if err != nil || string(got) != string(lm.Move) {
					t.Fatalf("canonical form of the legal move %s: %s, %v", lm.Move, got, err)
				}
				var m Move
				_ = json.Unmarshal(lm.Move, &m)
				extra := "slot"
				if m.Type == MRondel {
					extra = "region"
				}
				var obj map[string]any
				_ = json.Unmarshal(lm.Move, &obj)
				obj[extra] = "junk"
				bad, _ := json.Marshal(obj)
				if _, err := st.CanonicalMove(d.Seat, bad); err == nil || !strings.Contains(err.Error(), extra) {
					t.Fatalf("%s with a %q: got %v", lm.Move, extra, err)
				}
			}
		}
	}
}

// sampleStates plays Imperial and Imperial 2030 with random legal moves
// and returns every fifth position on the way.
func sampleStates(t *testing.T) []*State {
	t.Helper()
	var out []*State
	for i, g := range []*Game{New(), New2030()} {
		st0, err := g.New(game.Setup{Players: playerNames(3 + i), Seed: uint64(40 + i)})
		if err != nil {
			t.Fatal(err)
		}
		st := st0.(*State)
		r := rand.New(rand.NewPCG(uint64(i), 9))
		for n := 0; n < 600 && !st.Finished(); n++ {
			if n%5 == 0 {
				out = append(out, st)
			}
			d := st.ToAct()[0]
			moves := st.LegalMoves(d.Seat)
			next, _, err := st.Apply(d.Seat, moves[r.IntN(len(moves))].Move)
			if err != nil {
				t.Fatal(err)
			}
			st = next.(*State)
		}
	}
	return out
}
