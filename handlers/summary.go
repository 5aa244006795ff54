package handlers

import (
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"sort"
	"strings"
)

// summaryHTML renders any game's Summary (JSON-encodable data) as nested
// lists and tables, so every game has a readable overview even before it
// draws a board. Every value is escaped: nothing here is trusted markup.
func summaryHTML(v any) template.HTML {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	var generic any
	if json.Unmarshal(data, &generic) != nil {
		return ""
	}
	var b strings.Builder
	writeValue(&b, generic, 0)
	return template.HTML(b.String())
}

func words(key string) string {
	s := strings.ReplaceAll(key, "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func scalar(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "–", true
	case bool:
		if x {
			return "yes", true
		}
		return "no", true
	case float64:
		return fmt.Sprint(x), true
	case string:
		return x, true
	}
	return "", false
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func writeValue(b *strings.Builder, v any, depth int) {
	if s, ok := scalar(v); ok {
		b.WriteString(html.EscapeString(s))
		return
	}
	if depth > 6 {
		b.WriteString("…")
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if writeKeyedTable(b, x, depth) {
			return
		}
		b.WriteString(`<dl class="summary">`)
		for _, k := range sortedKeys(x) {
			fmt.Fprintf(b, "<dt>%s</dt><dd>", html.EscapeString(words(k)))
			writeValue(b, x[k], depth+1)
			b.WriteString("</dd>")
		}
		b.WriteString("</dl>")
	case []any:
		writeList(b, x, depth)
	}
}

// writeList writes scalars inline, uniform records as a table, and
// anything else as a list.
func writeList(b *strings.Builder, items []any, depth int) {
	if len(items) == 0 {
		b.WriteString("none")
		return
	}
	var parts []string
	for _, it := range items {
		s, ok := scalar(it)
		if !ok {
			parts = nil
			break
		}
		parts = append(parts, html.EscapeString(s))
	}
	if parts != nil {
		b.WriteString(strings.Join(parts, ", "))
		return
	}
	if cols := recordColumns(items); cols != nil {
		b.WriteString(`<table class="summary"><thead><tr>`)
		for _, c := range cols {
			fmt.Fprintf(b, "<th>%s</th>", html.EscapeString(words(c)))
		}
		b.WriteString("</tr></thead><tbody>")
		for _, it := range items {
			b.WriteString("<tr>")
			for _, c := range cols {
				b.WriteString("<td>")
				writeValue(b, it.(map[string]any)[c], depth+1)
				b.WriteString("</td>")
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</tbody></table>")
		return
	}
	b.WriteString(`<ul class="summary">`)
	for _, it := range items {
		b.WriteString("<li>")
		writeValue(b, it, depth+1)
		b.WriteString("</li>")
	}
	b.WriteString("</ul>")
}

// recordColumns returns the keys of a list of flat objects, or nil.
func recordColumns(items []any) []string {
	seen := map[string]bool{}
	for _, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			return nil
		}
		for k, v := range m {
			if _, ok := scalar(v); !ok {
				if l, isList := v.([]any); !isList || !allScalar(l) {
					return nil
				}
			}
			seen[k] = true
		}
	}
	return sortedKeys(map[string]any(toAny(seen)))
}

func allScalar(l []any) bool {
	for _, v := range l {
		if _, ok := scalar(v); !ok {
			return false
		}
	}
	return true
}

func toAny(m map[string]bool) map[string]any {
	out := make(map[string]any, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// writeKeyedTable writes a map whose values are all flat records (e.g.
// units by region) as one table with a row per key.
func writeKeyedTable(b *strings.Builder, m map[string]any, depth int) bool {
	keys := sortedKeys(m)
	rows := make([]any, 0, len(keys))
	for _, k := range keys {
		rows = append(rows, m[k])
	}
	if len(rows) < 2 {
		return false
	}
	cols := recordColumns(rows)
	if cols == nil {
		return false
	}
	b.WriteString(`<table class="summary"><thead><tr><th></th>`)
	for _, c := range cols {
		fmt.Fprintf(b, "<th>%s</th>", html.EscapeString(words(c)))
	}
	b.WriteString("</tr></thead><tbody>")
	for i, k := range keys {
		fmt.Fprintf(b, "<tr><th>%s</th>", html.EscapeString(k))
		for _, c := range cols {
			b.WriteString("<td>")
			writeValue(b, rows[i].(map[string]any)[c], depth+1)
			b.WriteString("</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return true
}
