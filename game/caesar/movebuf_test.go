package caesar

import (
	"encoding/json"
	"testing"

	"rondel/game"
)

// TestListedMovesAreEncodedAsRaw: every move a list writes into a lent
// buffer is byte for byte what Move.raw (encoding/json) writes for it,
// and the list is LegalMoves' (the labels, groups and board acts too), at
// every position of random games, one buffer reused throughout.
func TestListedMovesAreEncodedAsRaw(t *testing.T) {
	var buf game.MoveBuf
	for seed := uint64(1); seed <= 3; seed++ {
		playRandom(t, setupFor(3+int(seed%3), seed, nil), func(before, _ *State) {
			seat := before.d.Turn
			want := before.LegalMoves(seat)
			got := before.ListMoves(&buf, seat)
			if len(got) != len(want) {
				t.Fatalf("seed %d: %d moves listed, LegalMoves has %d", seed, len(got), len(want))
			}
			for i, lm := range got {
				m, err := parseMove(lm.Move)
				if err != nil {
					t.Fatalf("seed %d: listed move %s does not read: %v", seed, lm.Move, err)
				}
				a, _ := json.Marshal(lm)
				b, _ := json.Marshal(want[i])
				if string(lm.Move) != string(m.raw()) || string(a) != string(b) {
					t.Fatalf("seed %d: listed %s, LegalMoves %s, encoding/json %s", seed, a, b, m.raw())
				}
			}
		})
	}
}

func TestAppendMoveEscapesAsEncodingJSON(t *testing.T) {
	var buf game.MoveBuf
	for _, path := range [][]string{{"roma", "neapolis"}, {"a<b", "c&d", `"q"`}, {}, nil} {
		got := appendMove(&buf, MoveConnect, path)
		if want := (Move{Type: MoveConnect, Path: path}).raw(); string(got) != string(want) {
			t.Errorf("path %q: wrote %s, encoding/json %s", path, got, want)
		}
	}
}
