package caesar

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"rondel/game"
	"rondel/game/words"
)

// fuzzStates are positions to try moves on: the start, a position waiting
// for a way choice, and a game in the middle, all from seeded self-play.
func fuzzStates(t testing.TB) []*State {
	var out []*State
	for seed := uint64(1); seed <= 40 && len(out) < 4; seed++ {
		p := playRandom(t, setupFor(3, seed, nil), nil)
		s, err := New().New(p.setup)
		if err != nil {
			t.Fatal(err)
		}
		cur := s.(*State)
		out = append(out, cur)
		for i, mv := range p.moves {
			n, _, err := cur.Apply(p.seats[i], mv)
			if err != nil {
				t.Fatal(err)
			}
			cur = n.(*State)
			if cur.d.Pending != "" || i == 20 {
				out = append(out, cur)
				break
			}
		}
	}
	return out
}

func FuzzApply(f *testing.F) {
	for _, seed := range []string{
		`{"type":"connect","path":["rome","neapolis"]}`,
		`{"type":"connect","path":["rome","ravenna","aquileia"]}`,
		`{"type":"path","path":["neapolis","rome"]}`,
		`{"type":"connect","path":[]}`, `{"type":"connect","path":null}`,
		`{"type":1}`, `null`, `[]`, `{}`, `{"type":"connect"} {}`, "\x00",
	} {
		f.Add([]byte(seed), 0)
	}
	states := fuzzStates(f)
	f.Fuzz(func(t *testing.T, move []byte, seat int) {
		for _, s := range states {
			before, _ := s.MarshalJSON()
			next, _, err := s.Apply(seat, json.RawMessage(move))
			after, _ := s.MarshalJSON()
			if !bytes.Equal(before, after) {
				t.Fatal("Apply changed its receiver")
			}
			if err != nil {
				if next != nil {
					t.Fatal("an error with a state")
				}
				continue
			}
			// Accepted: a connection must be one the legal moves list, and
			// the new state must survive a round trip.
			var m Move
			_ = json.Unmarshal(move, &m)
			if m.Type == MoveConnect && !slices.ContainsFunc(s.LegalMoves(seat), func(l game.LegalMove) bool { return string(l.Move) == string(m.raw()) }) {
				t.Fatalf("accepted %s, which is not among the legal moves", move)
			}
			raw, _ := next.MarshalJSON()
			if _, err := New().DecodeState(raw); err != nil {
				t.Fatalf("state after %s does not decode: %v", move, err)
			}
		}
	})
}

// FuzzDecodeState: arbitrary bytes as a stored state are an error or a
// state every method can be called on without a panic.
func FuzzDecodeState(f *testing.F) {
	for _, s := range fuzzStates(f) {
		raw, _ := s.MarshalJSON()
		f.Add(raw)
	}
	f.Add([]byte(`{"board":"rondel-2-3"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		st, err := New().DecodeState(raw)
		if err != nil {
			return
		}
		s := st.(*State)
		for seat := -1; seat <= len(s.d.Players); seat++ {
			s.LegalMoves(seat)
			s.Caretaker(seat)
			s.Situation(seat)
			s.BoardSVG(seat, words.English())
		}
		s.ToAct()
		s.Summary()
		s.Result()
		again, err := s.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New().DecodeState(again); err != nil {
			t.Fatalf("re-encoded state does not decode: %v", err)
		}
	})
}

// TestLegalMovesComplete tries every connection of two or three places on
// positions from self-play: Apply accepts exactly the listed legal moves.
func TestLegalMovesComplete(t *testing.T) {
	for _, s := range fuzzStates(t) {
		if s.d.Pending != "" {
			continue
		}
		seat := s.d.Turn
		listed := map[string]bool{}
		for _, l := range s.LegalMoves(seat) {
			listed[string(l.Move)] = true
		}
		nodes := []string{Rome}
		for _, c := range s.b.Cities {
			nodes = append(nodes, c.ID)
		}
		accepted := 0
		try := func(path ...string) {
			mv := Move{Type: MoveConnect, Path: path}.raw()
			_, _, err := s.Apply(seat, mv)
			if (err == nil) != listed[string(mv)] {
				t.Fatalf("%s: accepted=%v, listed=%v (%v)", mv, err == nil, listed[string(mv)], err)
			}
			if err == nil {
				accepted++
			}
		}
		for _, a := range nodes {
			for _, b := range nodes {
				try(a, b)
				for _, c := range nodes {
					try(a, b, c)
				}
			}
		}
		if accepted != len(listed) || accepted == 0 {
			t.Fatalf("%d accepted, %d listed", accepted, len(listed))
		}
	}
}
