package reply

import (
	"encoding/json"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/rng"
	"rondel/game/words"
)

func gameOf(id string) game.Game {
	switch id {
	case "imperial2030":
		return imperial.New2030()
	case "caesar":
		return caesar.New()
	}
	return imperial.New()
}

// reach plays seeded random legal moves from a new three-player game until
// a decision of kind opens whose legal moves satisfy want, and returns
// that position and the seat to decide.
func reach(t testing.TB, id, kind string, want func([]game.LegalMove) bool) (game.State, int) {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		st, err := gameOf(id).New(game.Setup{Players: []string{"Ann", "Bob", "Cy"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(seed * 31)
		for i := 0; i < 3000 && !st.Finished(); i++ {
			d := st.ToAct()[0]
			legal := st.LegalMoves(d.Seat)
			if d.Kind == kind && want(legal) {
				return st, d.Seat
			}
			st, _, err = st.Apply(d.Seat, legal[r.Intn(len(legal))].Move)
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no %s decision reached in %s", kind, id)
	return nil, 0
}

// has reports whether some legal move's JSON holds every field of want.
func has(want string) func([]game.LegalMove) bool {
	return func(legal []game.LegalMove) bool { return find(legal, want) != nil }
}

func find(legal []game.LegalMove, want string) json.RawMessage {
	var w map[string]any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		panic(err)
	}
	for _, m := range legal {
		var got map[string]any
		if json.Unmarshal(m.Move, &got) != nil {
			continue
		}
		ok := true
		for k, v := range w {
			a, _ := json.Marshal(got[k])
			b, _ := json.Marshal(v)
			if string(a) != string(b) {
				ok = false
			}
		}
		if ok {
			return m.Move
		}
	}
	return nil
}

func reader() *Reader { return NewReader(words.Default()) }

// labelHas reports whether some legal move's English label holds sub.
func labelHas(sub string) func([]game.LegalMove) bool {
	en := words.Default().Speaker("en", nil)
	return func(legal []game.LegalMove) bool {
		for _, m := range legal {
			if strings.Contains(en.Say(m.Label), sub) {
				return true
			}
		}
		return false
	}
}

// allOf holds when every one of preds holds.
func allOf(preds ...func([]game.LegalMove) bool) func([]game.LegalMove) bool {
	return func(legal []game.LegalMove) bool {
		for _, p := range preds {
			if !p(legal) {
				return false
			}
		}
		return true
	}
}
