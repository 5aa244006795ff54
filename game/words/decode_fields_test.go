package words

import (
	"slices"
	"testing"
)

// TestFieldsAsObject: an object of known keys reads as Object reads it
// (its keys, in order, each once, their values); a key not known, one
// seen twice, or bad JSON is refused.
func TestFieldsAsObject(t *testing.T) {
	keys := []string{"name", "colour", "values"}
	for _, c := range []struct {
		data string
		want []string // keys read, nil: refused
	}{
		{`{}`, []string{}},
		{` { "values" : 1 , "name":2}`, []string{"values", "name"}},
		{`{"name":1,"colour":2,"values":3}`, []string{"name", "colour", "values"}},
		{`{"name":1,"name":2}`, nil},
		{`{"name":1,"other":2}`, nil},
		{`{"Name":1}`, nil},
		{`{"na\u006de":1}`, nil},
		{`{"name":1,}`, nil},
		{`{"name" 1}`, nil},
		{`["name"]`, nil},
		{`{"name":1`, nil},
	} {
		for _, read := range []func(*Decoder, func(string) bool) bool{
			func(d *Decoder, f func(string) bool) bool { return d.Fields(keys, f) },
			func(d *Decoder, f func(string) bool) bool { return d.Object(f) },
		} {
			d := NewDecoder([]byte(c.data))
			got := []string{}
			ok := read(d, func(k string) bool {
				if !slices.Contains(keys, k) {
					return false
				}
				got = append(got, k)
				_, ok := d.Int()
				return ok
			}) && d.End()
			if ok != (c.want != nil) || (ok && !slices.Equal(got, c.want)) {
				t.Errorf("%s: read %q (%v), want %q", c.data, got, ok, c.want)
			}
		}
	}
}

// TestFieldsMakesNoStrings: reading an object's keys allocates nothing.
func TestFieldsMakesNoStrings(t *testing.T) {
	keys := []string{"x_start", "charts", "colour"}
	data := []byte(`{"x_start":1,"charts":2,"colour":3}`)
	allocs := testing.AllocsPerRun(100, func() {
		d := NewDecoder(data)
		if !d.Fields(keys, func(string) bool { _, ok := d.Int(); return ok }) {
			t.Fatal("refused")
		}
	})
	if allocs != 0 {
		t.Errorf("%.0f allocations, want none", allocs)
	}
}
