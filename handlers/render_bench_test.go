package handlers

import (
	"bytes"
	"testing"

	"rondel/store"
)

// BenchmarkRenderGamePage renders the game page for one reader as a
// request does: a copy of the parsed page bound to the reader's language
// (render.execute), then the page. Compare with BenchmarkExecuteParsed,
// the same page without the copy, for what speaking the reader's
// language costs a request.
func BenchmarkRenderGamePage(b *testing.B) {
	pages, err := parsePages()
	if err != nil {
		b.Fatal(err)
	}
	v := benchView()
	r := testReader("de")
	b.ReportAllocs()
	for b.Loop() {
		var buf bytes.Buffer
		if err := execute(&buf, pages["game"], "layout", r, v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExecuteParsed(b *testing.B) {
	pages, err := parsePages()
	if err != nil {
		b.Fatal(err)
	}
	v := benchView()
	tpl := pages["game"]
	b.ReportAllocs()
	for b.Loop() {
		var buf bytes.Buffer
		if err := tpl.ExecuteTemplate(&buf, "layout", v); err != nil {
			b.Fatal(err)
		}
	}
}

func benchView() view {
	for _, s := range pageSamples() {
		if gv, ok := s.data.(*gameView); ok && gv.Form != nil {
			return view{Lang: "de", Title: "T", User: &store.User{ID: 3, DisplayName: "Ada"}, CSRF: "c", RequestID: "r", Page: s.data}
		}
	}
	panic("no sample of the game page with a form")
}
