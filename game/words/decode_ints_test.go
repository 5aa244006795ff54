package words

import (
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// intsByInt reads an array of numbers one Int at a time: how Ints read
// them before their plain form was read in locals.
func intsByInt(d *Decoder) ([]int, bool) {
	if !d.Byte('[') {
		return nil, false
	}
	out := []int{}
	if d.Byte(']') {
		return out, true
	}
	for {
		n, ok := d.Int()
		if !ok {
			return nil, false
		}
		out = append(out, n)
		if d.Byte(']') {
			return out, true
		}
		if !d.Byte(',') {
			return nil, false
		}
	}
}

// TestIntsAsByInt: lists of numbers written any way (white space, signs,
// leading zeros, fractions, too many digits, missing parts) read as one
// Int at a time reads them, up to the same byte; and AppendInts appends
// the same.
func TestIntsAsByInt(t *testing.T) {
	token := rapid.SampledFrom([]string{"0", "7", "-3", "42", "-0", "007", "1.5", "2e3", "123456789012345678",
		"1234567890123456789", "-", "", " 5", "6 ", "x", "]", ",", "[1]"})
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(token, 0, 12).Draw(t, "numbers")
		data := "[" + strings.Join(parts, rapid.SampledFrom([]string{",", ", ", " ,"}).Draw(t, "comma")) +
			rapid.SampledFrom([]string{"]", " ]", "", ",]"}).Draw(t, "end") + rapid.SampledFrom([]string{"", ",9"}).Draw(t, "after")
		ref := NewDecoder([]byte(data))
		want, wantOK := intsByInt(ref)
		d := NewDecoder([]byte(data))
		got, ok := d.Ints()
		if ok != wantOK || (ok && (!reflect.DeepEqual(got, want) || d.i != ref.i)) {
			t.Fatalf("%q: Ints %v %v at %d, one by one %v %v at %d", data, got, ok, d.i, want, wantOK, ref.i)
		}
		a := NewDecoder([]byte(data))
		appended, ok := a.AppendInts([]int{-1})
		if ok != wantOK || (ok && (!reflect.DeepEqual(appended, append([]int{-1}, want...)) || a.i != ref.i)) {
			t.Fatalf("%q: AppendInts %v %v at %d, one by one %v %v at %d", data, appended, ok, a.i, want, wantOK, ref.i)
		}
	})
}

// TestIntsAhead: the numbers of the lists under a key, from where the
// decoder is, as Rondel writes them; other forms are counted, not read.
func TestIntsAhead(t *testing.T) {
	for _, c := range []struct {
		data string
		skip int // bytes read before counting
		want int
	}{
		{`{"values":[1,2,3],"x":[4],"values":[],"values":[5]}`, 0, 4},
		{`{"values":[1,2,3],"values":[5,6]}`, 5, 2},
		{`{"values":[1,2`, 0, 0},
		{`{"values":{"n":1},"values":[7]}`, 0, 1},
		{`{"Values":[1],"values" : [1,2]}`, 0, 0},
		{`[]`, 0, 0},
	} {
		d := NewDecoder([]byte(c.data))
		d.i = c.skip
		if got := d.IntsAhead("values"); got != c.want {
			t.Errorf("%s from %d: %d numbers, want %d", c.data, c.skip, got, c.want)
		}
	}
}
