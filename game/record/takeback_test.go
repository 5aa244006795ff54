package record_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/words"
)

// takeBackWalk plays random legal moves and, now and then, takes the last
// move back (when it is a move), keeping the state it expects by itself:
// the state before the cancelled move.
func takeBackWalk(t *rapid.T, reg *game.Registry, kind string, players int) (*record.Record, game.State) {
	eng, err := reg.Get(kind)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, players)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i+1)
	}
	setup := game.Setup{Players: names, Options: game.Options{}, Seed: rapid.Uint64Range(1, 1<<40).Draw(t, "seed")}
	st, err := eng.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.New(kind, setup)
	var prev game.State
	steps := rapid.IntRange(1, 80).Draw(t, "steps")
	for i := 0; i < steps && !st.Finished(); i++ {
		if prev != nil && rapid.IntRange(0, 3).Draw(t, fmt.Sprintf("back%d", i)) == 0 {
			last := rec.Moves[len(rec.Moves)-1]
			rec.Moves = append(rec.Moves, record.Move{Seat: last.Seat, Move: record.TakeBackMove, TakeBack: true})
			st, prev = prev, nil
			continue
		}
		ds := st.ToAct()
		seat := ds[rapid.IntRange(0, len(ds)-1).Draw(t, fmt.Sprintf("seat%d", i))].Seat
		moves := st.LegalMoves(seat)
		if len(moves) == 0 {
			t.Fatalf("seat %d is asked but has no legal move", seat)
		}
		mv := moves[rapid.IntRange(0, len(moves)-1).Draw(t, fmt.Sprintf("move%d", i))].Move
		next, _, err := st.Apply(seat, mv)
		if err != nil {
			t.Fatalf("a listed move was refused: %v", err)
		}
		rec.Moves = append(rec.Moves, record.Move{Seat: seat, Move: mv})
		st, prev = next, st
	}
	return rec, st
}

func stateJSON(t interface{ Fatal(...any) }, st game.State) string {
	b, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTakeBackReplay: a log with take-backs replays, folded or step by
// step, to the same state as the log without its take-backs and the moves
// they cancel, and to the state the players saw; its readable log names
// every take-back.
func TestTakeBackReplay(t *testing.T) {
	reg := registry()
	for _, c := range []struct {
		kind    string
		players int
	}{{"imperial", 4}, {"imperial2030", 3}, {"caesars-imperium", 3}} {
		t.Run(c.kind, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				rec, want := takeBackWalk(t, reg, c.kind, c.players)
				eff, err := record.Effective(rec.Moves)
				if err != nil {
					t.Fatal(err)
				}
				plain := *rec
				plain.Moves = eff
				folded, err := record.Replay(reg, rec)
				if err != nil {
					t.Fatal(err)
				}
				stepped, err := record.ReplayEach(reg, rec, func(int, game.State, []game.Event) error { return nil })
				if err != nil {
					t.Fatal(err)
				}
				without, err := record.Replay(reg, &plain)
				if err != nil {
					t.Fatal(err)
				}
				w := stateJSON(t, want)
				for name, st := range map[string]game.State{"folded": folded, "stepped": stepped, "without": without} {
					if got := stateJSON(t, st); got != w {
						t.Fatalf("%s replay differs from the state played", name)
					}
				}
				var buf bytes.Buffer
				if err := record.WriteReadable(&buf, reg, rec, words.Default().Speaker("en", nil)); err != nil {
					t.Fatal(err)
				}
				backs := 0
				for _, m := range rec.Moves {
					if m.TakeBack {
						backs++
					}
				}
				if n := strings.Count(buf.String(), "takes back move"); n != backs {
					t.Fatalf("the readable log names %d take-backs, the record has %d", n, backs)
				}
			})
		})
	}
}

// TestTakeBackLogShape: a take-back must follow a move of its own seat.
func TestTakeBackLogShape(t *testing.T) {
	mv := func(seat int) record.Move { return record.Move{Seat: seat, Move: []byte(`{}`)} }
	back := func(seat int) record.Move { return record.Move{Seat: seat, Move: record.TakeBackMove, TakeBack: true} }
	for _, c := range []struct {
		name  string
		moves []record.Move
		live  []bool
		bad   bool
	}{
		{"none", nil, []bool{}, false},
		{"one back", []record.Move{mv(0), back(0), mv(0)}, []bool{false, false, true}, false},
		{"again after a new move", []record.Move{mv(1), back(1), mv(1), back(1), mv(0)}, []bool{false, false, false, false, true}, false},
		{"first entry", []record.Move{back(0)}, nil, true},
		{"back of a back", []record.Move{mv(0), back(0), back(0)}, nil, true},
		{"another seat's move", []record.Move{mv(0), back(1)}, nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			live, err := record.Live(c.moves)
			if (err != nil) != c.bad {
				t.Fatalf("Live: %v, want an error: %v", err, c.bad)
			}
			if !c.bad && fmt.Sprint(live) != fmt.Sprint(c.live) {
				t.Fatalf("Live = %v, want %v", live, c.live)
			}
		})
	}
}
