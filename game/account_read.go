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
			c.Series = []Series{}
			ok = d.Array(func() bool {
				c.Series = append(c.Series, Series{})
				return readSeries(d, &c.Series[len(c.Series)-1])
			})
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
			t.Rows = []Row{}
			ok = d.Array(func() bool {
				t.Rows = append(t.Rows, Row{})
				return readRow(d, &t.Rows[len(t.Rows)-1])
			})
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

func readTexts(d *words.Decoder) ([]words.Text, bool) {
	out := []words.Text{}
	ok := d.Array(func() bool {
		out = append(out, words.Text{})
		return d.Text(&out[len(out)-1])
	})
	return out, ok
}
