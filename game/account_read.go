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
	if d := words.NewDecoder(data); readAccount(d, &a) && d.End() {
		return &a, nil
	}
	a = Account{}
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, err
	}
	return &a, nil
}

func readAccount(d *words.Decoder, a *Account) bool {
	return d.Object(func(k string) bool {
		var ok bool
		switch k {
		case "x":
			ok = d.Text(&a.X)
		case "x_start":
			a.XStart, ok = d.Int()
		case "charts":
			a.Charts = []Chart{}
			ok = d.Array(func() bool {
				a.Charts = append(a.Charts, Chart{})
				return readChart(d, &a.Charts[len(a.Charts)-1])
			})
		case "tables":
			a.Tables = []Table{}
			ok = d.Array(func() bool {
				a.Tables = append(a.Tables, Table{})
				return readTable(d, &a.Tables[len(a.Tables)-1])
			})
		}
		return ok
	})
}

func readChart(d *words.Decoder, c *Chart) bool {
	return d.Object(func(k string) bool {
		var ok bool
		switch k {
		case "title":
			ok = d.Text(&c.Title)
		case "y":
			ok = d.Text(&c.Y)
		case "series":
			var room [listRoom]Series
			l := room[:0]
			ok = d.Array(func() bool {
				l = append(l, Series{})
				return readSeries(d, &l[len(l)-1])
			})
			c.Series = append(make([]Series, 0, len(l)), l...)
		}
		return ok
	})
}

func readSeries(d *words.Decoder, s *Series) bool {
	return d.Object(func(k string) bool {
		var ok bool
		switch k {
		case "name":
			ok = d.Text(&s.Name)
		case "colour":
			s.Colour, ok = d.String()
		case "values":
			s.Values, ok = d.Ints()
		}
		return ok
	})
}

func readTable(d *words.Decoder, t *Table) bool {
	return d.Object(func(k string) bool {
		var ok bool
		switch k {
		case "title":
			ok = d.Text(&t.Title)
		case "head":
			ok = d.Text(&t.Head)
		case "columns":
			t.Columns, ok = readTexts(d)
		case "rows":
			var room [listRoom]Row
			l := room[:0]
			ok = d.Array(func() bool {
				l = append(l, Row{})
				return readRow(d, &l[len(l)-1])
			})
			t.Rows = append(make([]Row, 0, len(l)), l...)
		}
		return ok
	})
}

func readRow(d *words.Decoder, r *Row) bool {
	return d.Object(func(k string) bool {
		var ok bool
		switch k {
		case "name":
			ok = d.Text(&r.Name)
		case "colour":
			r.Colour, ok = d.String()
		case "cells":
			r.Cells, ok = readTexts(d)
		}
		return ok
	})
}

// listRoom is room on the stack for the lists of an account (its rows,
// series, a row's cells), read there and then copied once at their
// length: grown one by one from empty, each list was three or four
// allocations, and a table's every row has one.
const listRoom = 16

func readTexts(d *words.Decoder) ([]words.Text, bool) {
	var room [listRoom]words.Text
	l := room[:0]
	ok := d.Array(func() bool {
		l = append(l, words.Text{})
		return d.Text(&l[len(l)-1])
	})
	return append(make([]words.Text, 0, len(l)), l...), ok
}
