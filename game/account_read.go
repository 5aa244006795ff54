package game

import (
	"encoding/json"

	"rondel/game/words"
)

// ReadAccount reads an account as json.Unmarshal does, in one pass where
// the data is in the plain form Rondel writes (words.Decoder): every
// finished game's first view reads its stored account, and through
// encoding/json each of its hundreds of Texts was scanned twice. Anything
// else (unknown or repeated keys, nulls, escapes) is read by
// encoding/json, so what is read never differs (account_read_test.go).
func ReadAccount(data []byte) (*Account, error) {
	var a Account
	if readAccount(words.NewDecoder(data), &a) {
		return &a, nil
	}
	return unmarshalAccount(data)
}

// ReadAccountString is ReadAccount of data as a string (a database's
// column), read where it is: the plain form is read without a copy.
func ReadAccountString(data string) (*Account, error) {
	var a Account
	if readAccount(words.NewStringDecoder(data), &a) {
		return &a, nil
	}
	return unmarshalAccount([]byte(data))
}

func unmarshalAccount(data []byte) (*Account, error) {
	var a Account
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, err
	}
	return &a, nil
}

// The keys of an account's objects (words.Decoder.Fields): matched where
// they are, none made a string.
var (
	accountKeys = []string{"x", "x_start", "charts", "tables"}
	chartKeys   = []string{"title", "y", "series"}
	seriesKeys  = []string{"name", "colour", "values"}
	tableKeys   = []string{"title", "head", "columns", "rows"}
	rowKeys     = []string{"name", "colour", "cells"}
)

// readAccount reads d's data whole into a in one pass, or says it
// cannot.
func readAccount(d *words.Decoder, a *Account) bool {
	r := accountReader{values: make([]int, 0, d.IntsAhead("values"))}
	return r.account(d, a) && d.End()
}

// accountReader reads an account's JSON, from a words.Decoder (not kept
// here: the decoder would leak to the heap with values).
type accountReader struct {
	// values is room for the values of all the account's series, made
	// once at their count: each series' are a full piece of it (an
	// append to one copies it), and a slice a series was most of a
	// chart's allocations.
	values []int
}

func (r *accountReader) account(d *words.Decoder, a *Account) bool {
	return d.Fields(accountKeys, func(k string) bool {
		var ok bool
		switch k {
		case "x":
			ok = d.Text(&a.X)
		case "x_start":
			a.XStart, ok = d.Int()
		case "charts":
			a.Charts, ok = r.charts(d)
		case "tables":
			a.Tables, ok = readTables(d)
		}
		return ok
	})
}

// listRoom is room on the stack for the lists of an account (its charts,
// tables, rows, series and a table's cells), read there and then copied
// once at their length: grown one by one from empty, each list was three
// or four allocations.
const listRoom = 16

// charts reads an account's charts (not nil, even none).
func (r *accountReader) charts(d *words.Decoder) ([]Chart, bool) {
	var room [listRoom]Chart
	l := room[:0]
	ok := d.Array(func() bool {
		l = append(l, Chart{})
		return r.chart(d, &l[len(l)-1])
	})
	return append(make([]Chart, 0, len(l)), l...), ok
}

// readTables reads an account's tables (not nil, even none).
func readTables(d *words.Decoder) ([]Table, bool) {
	var room [listRoom]Table
	l := room[:0]
	ok := d.Array(func() bool {
		l = append(l, Table{})
		return readTable(d, &l[len(l)-1])
	})
	return append(make([]Table, 0, len(l)), l...), ok
}

func (r *accountReader) chart(d *words.Decoder, c *Chart) bool {
	return d.Fields(chartKeys, func(k string) bool {
		var ok bool
		switch k {
		case "title":
			ok = d.Text(&c.Title)
		case "y":
			ok = d.Text(&c.Y)
		case "series":
			c.Series, ok = r.seriesList(d)
		}
		return ok
	})
}

// seriesList reads a chart's series (not nil, even none).
func (r *accountReader) seriesList(d *words.Decoder) ([]Series, bool) {
	var room [listRoom]Series
	l := room[:0]
	ok := d.Array(func() bool {
		l = append(l, Series{})
		return r.series(d, &l[len(l)-1])
	})
	return append(make([]Series, 0, len(l)), l...), ok
}

func (r *accountReader) series(d *words.Decoder, s *Series) bool {
	return d.Fields(seriesKeys, func(k string) bool {
		var ok bool
		switch k {
		case "name":
			ok = d.Text(&s.Name)
		case "colour":
			s.Colour, ok = d.Repeated() // each side's colour is in every chart and table
		case "values":
			start := len(r.values)
			// Appended past the room counted (only if the data was
			// written otherwise), the values move to a larger slice; those
			// read before stay where they are, as they were read.
			r.values, ok = d.AppendInts(r.values)
			s.Values = r.values[start:len(r.values):len(r.values)]
		}
		return ok
	})
}

func readTable(d *words.Decoder, t *Table) bool {
	return d.Fields(tableKeys, func(k string) bool {
		var ok bool
		switch k {
		case "title":
			ok = d.Text(&t.Title)
		case "head":
			ok = d.Text(&t.Head)
		case "columns":
			var room [listRoom]words.Text
			var cols []words.Text
			if cols, ok = appendTexts(d, room[:0]); ok {
				t.Columns = append(make([]words.Text, 0, len(cols)), cols...)
			}
		case "rows":
			t.Rows, ok = readRows(d)
		}
		return ok
	})
}

// readRows reads a table's rows, the cells of all of them read on the
// stack and then kept in one slice, each row's a full piece of it (an
// append to one copies it): a slice a row was most of a table's
// allocations.
func readRows(d *words.Decoder) ([]Row, bool) {
	var (
		room  [listRoom]Row
		spans [listRoom]span
		cells [2 * listRoom]words.Text
	)
	l, at, all := room[:0], spans[:0], cells[:0]
	ok := d.Array(func() bool {
		l, at = append(l, Row{}), append(at, span{})
		r, sp := &l[len(l)-1], &at[len(at)-1]
		return d.Fields(rowKeys, func(k string) bool {
			var ok bool
			switch k {
			case "name":
				ok = d.Text(&r.Name)
			case "colour":
				r.Colour, ok = d.Repeated()
			case "cells":
				sp.start, sp.set = len(all), true
				all, ok = appendTexts(d, all)
				sp.end = len(all)
			}
			return ok
		})
	})
	if !ok {
		return nil, false
	}
	kept := append(make([]words.Text, 0, len(all)), all...)
	for i, sp := range at {
		if sp.set {
			l[i].Cells = kept[sp.start:sp.end:sp.end]
		}
	}
	return append(make([]Row, 0, len(l)), l...), true
}

// span is where a row's cells are in the table's; set: they were read
// (nil for a row without).
type span struct {
	start, end int
	set        bool
}

// appendTexts reads an array of Texts onto out.
func appendTexts(d *words.Decoder, out []words.Text) ([]words.Text, bool) {
	ok := d.Array(func() bool {
		out = append(out, words.Text{})
		return d.Text(&out[len(out)-1])
	})
	return out, ok
}
