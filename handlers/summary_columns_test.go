package handlers

import (
	"slices"
	"strings"
	"testing"

	"rondel/game/words"
)

// columnsByRule is recordColumns as its rule says it: every key of every
// record, sorted, each once ([] for empty records), nil when an item is
// not a flat record.
func columnsByRule(items []any) []string {
	keys := []string{}
	for _, it := range items {
		m, ok := it.(*object)
		if !ok {
			return nil
		}
		for _, f := range *m {
			if l, isList := f.val.(*list); !isScalar(f.val) && (!isList || !allScalar(*l)) {
				return nil
			}
			keys = append(keys, f.key)
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// TestRecordColumnsAsTheRule: the columns of a table, made from the first
// record when all have its keys and merged otherwise, are the rule's.
func TestRecordColumnsAsTheRule(t *testing.T) {
	t.Parallel()
	rec := func(keys ...string) *object {
		o := object{}
		for _, k := range keys {
			o = append(o, field{k, 1.0})
		}
		o = o.sorted()
		return &o
	}
	x := "x"
	cases := map[string][]any{
		"same keys":         {rec("armies", "fleets"), rec("armies", "fleets"), rec("armies", "fleets")},
		"one record":        {rec("cost", "nation")},
		"other keys later":  {rec("b", "d"), rec("b", "d"), rec("a", "c", "d"), rec("b", "d"), rec("e")},
		"fewer keys":        {rec("a", "b", "c"), rec("b")},
		"empty records":     {rec(), rec()},
		"empty then keys":   {rec(), rec("a")},
		"a list of scalars": {&object{{"a", &list{1.0, &x}}, {"b", nil}}, rec("a", "b")},
		"a nested record":   {rec("a"), &object{{"a", rec("x")}}},
		"a list of lists":   {&object{{"a", &list{&list{}}}}},
		"a plain record":    {rec("a"), object{{"a", 1.0}}},
		"not a record":      {rec("a"), &x},
		"a scalar first":    {1.0, rec("a")},
	}
	for name, items := range cases {
		want := columnsByRule(items)
		cols, ok := recordColumns(len(items), func(i int) any { return items[i] })
		var got []string
		if ok {
			got = []string{}
			for _, c := range cols {
				got = append(got, c.key)
			}
		}
		if !slices.Equal(got, want) || (got == nil) != (want == nil) {
			t.Errorf("%s: columns %q (ok %v), the rule says %q", name, got, ok, want)
		}
	}
}

// TestCellsAsLookedUp: a record's cells, taken from its own place when
// its key there is the column's, are the ones looked up by key, for
// records with the columns' keys, fewer, more and other.
func TestCellsAsLookedUp(t *testing.T) {
	t.Parallel()
	v := vocab{sp: words.English(), terms: buildTermIndex(words.Default())}
	x := "x"
	cols := object{{"a", nil}, {"c", nil}, {"e", nil}}
	for _, rec := range []object{
		{{"a", 1.0}, {"c", 2.0}, {"e", 3.0}},
		{{"c", 2.0}},
		{{"a", 1.0}, {"b", 9.0}, {"c", 2.0}, {"e", 3.0}},
		{{"b", 1.0}, {"c", &x}, {"d", 3.0}, {"e", true}},
		{},
	} {
		var got, want strings.Builder
		(&summaryWriter{b: &got, v: v}).cells(rec, cols, 1)
		w := &summaryWriter{b: &want, v: v}
		for _, c := range cols {
			want.WriteString("<td>")
			w.value(rec.get(c.key), 2, c.key)
			want.WriteString("</td>")
		}
		if got.String() != want.String() {
			t.Errorf("record %v: cells %q, looked up %q", rec, got.String(), want.String())
		}
	}
}
