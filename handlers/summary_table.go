package handlers

import (
	"html"
	"slices"
)

// list writes scalars inline, uniform records as a table, and
// anything else as a list.
func (w *summaryWriter) list(items []any, depth int, key string) {
	b := w.b
	if len(items) == 0 {
		b.WriteString(html.EscapeString(w.v.sp.Join(nil)))
		return
	}
	if allScalar(items) {
		// Written item by item, escaped each (escaping the joined words
		// escapes each the same): no list of them and no join made.
		for i, it := range items {
			if i > 0 {
				b.WriteString(w.commaHTML())
			}
			s, _ := w.scalar(it, key)
			b.WriteString(html.EscapeString(s))
		}
		return
	}
	if cols, ok := recordColumns(len(items), func(i int) any { return items[i] }); ok {
		b.WriteString(`<table` + summaryClass(depth) + `><thead><tr>`)
		w.heads(cols, key)
		for _, it := range items {
			b.WriteString("<tr>")
			w.cells(*it.(*object), cols, depth)
			b.WriteString("</tr>")
		}
		b.WriteString("</tbody></table>")
		return
	}
	b.WriteString(`<ul` + summaryClass(depth) + `>`)
	for _, it := range items {
		b.WriteString("<li>")
		w.value(it, depth+1, key)
		b.WriteString("</li>")
	}
	b.WriteString("</ul>")
}

// recordColumns returns the columns of a list of n flat objects (at(i)
// is the ith): their keys, sorted, each once, as the fields of an object
// whose values mean nothing (none for empty objects); !ok when some item
// is not a flat object. Records mostly have the same keys: then the
// columns are the first record itself, nothing made.
func recordColumns(n int, at func(int) any) (object, bool) {
	var first object
	same := true
	for i := range n {
		p, ok := at(i).(*object)
		if !ok {
			return nil, false
		}
		m := *p
		for _, f := range m {
			if !isScalar(f.val) {
				if l, isList := f.val.(*list); !isList || !allScalar(*l) {
					return nil, false
				}
			}
		}
		if i == 0 {
			first = m
		} else if same && !sameKeys(m, first) {
			same = false
		}
	}
	if same {
		return first, true
	}
	var keys []string
	for i := range n {
		m := *at(i).(*object)
		// Each key set is added once.
		if i > 0 && sameKeys(m, first) {
			continue
		}
		for _, f := range m {
			keys = append(keys, f.key)
		}
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	cols := make(object, len(keys))
	for i, k := range keys {
		cols[i].key = k
	}
	return cols, true
}

// cells writes a record's cells in the columns cols.
// A record mostly has every column's key, in the same place (both are
// sorted): its field there is the cell, found without a search.
func (w *summaryWriter) cells(rec object, cols object, depth int) {
	for i, c := range cols {
		var val any
		if i < len(rec) && rec[i].key == c.key {
			val = rec[i].val
		} else {
			val = rec.get(c.key)
		}
		w.b.WriteString("<td>")
		w.value(val, depth+1, c.key)
		w.b.WriteString("</td>")
	}
}

func sameKeys(a, b object) bool {
	return slices.EqualFunc(a, b, func(x, y field) bool { return x.key == y.key })
}

func allScalar(l []any) bool {
	for _, v := range l {
		if !isScalar(v) {
			return false
		}
	}
	return true
}

func isScalar(v any) bool {
	switch v.(type) {
	case nil, bool, float64, *string, string:
		return true
	}
	return false
}

// writeKeyedTable writes a map whose values are all flat records (e.g.
// units by region) as one table with a row per key.
func (w *summaryWriter) keyedTable(m object, depth int, key string) bool {
	b := w.b
	if len(m) < 2 {
		return false
	}
	cols, ok := recordColumns(len(m), func(i int) any { return m[i].val })
	if !ok {
		return false
	}
	b.WriteString(`<table` + summaryClass(depth) + `><thead><tr><th></th>`)
	w.heads(cols, key)
	for _, f := range m {
		b.WriteString("<tr><th>")
		b.WriteString(html.EscapeString(w.v.id(f.key, key)))
		b.WriteString("</th>")
		w.cells(*f.val.(*object), cols, depth)
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return true
}

// heads writes a table's column heads, said as keys under key, and ends
// its head row.
func (w *summaryWriter) heads(cols object, key string) {
	for _, c := range cols {
		w.b.WriteString("<th>")
		w.b.WriteString(w.key(c.key, key))
		w.b.WriteString("</th>")
	}
	w.b.WriteString("</tr></thead><tbody>")
}
