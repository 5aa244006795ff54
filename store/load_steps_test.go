package store

import (
	"reflect"
	"testing"
)

// liveSteps drops each take-back and the move it cancels, and refuses a
// take-back of a move before the rows; rows without a take-back come back
// as they are.
func TestLiveSteps(t *testing.T) {
	mv := func(seq int) step { return step{Seq: seq, Move: "m"} }
	back := func(seq int) step { return step{Seq: seq, TakeBack: true} }
	for _, c := range []struct {
		name string
		in   []step
		want []int // the seqs kept; nil with ok false
		ok   bool
	}{
		{"none", nil, nil, true},
		{"plain", []step{mv(3), mv(4), mv(5)}, []int{3, 4, 5}, true},
		{"last taken back", []step{mv(3), mv(4), back(5)}, []int{3}, true},
		{"taken back, played again", []step{mv(3), back(4), mv(5)}, []int{5}, true},
		{"before the rows", []step{back(3), mv(4)}, nil, false},
	} {
		out, ok := liveSteps(c.in)
		var seqs []int
		for _, m := range out {
			seqs = append(seqs, m.Seq)
		}
		if ok != c.ok || !reflect.DeepEqual(seqs, c.want) {
			t.Errorf("%s: kept %v (ok %v), want %v (ok %v)", c.name, seqs, ok, c.want, c.ok)
		}
	}
}
