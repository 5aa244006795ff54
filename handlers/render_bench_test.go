package handlers

import (
	"bytes"
	"testing"

	"rondel/store"
)

// BenchmarkRenderGamePage renders the game page for one reader as a
// request does: the page bound to the reader's language once
// (perReader), then executed. (This benchmark copied the parsed page each
// time, as render.execute did: 409 KB and 6,755 allocations against 65 KB
// and 1,257 now; docs/performance.md.) Compare with
// BenchmarkExecuteParsed, the parsed page itself, for what speaking the
// reader's language costs.
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
		if err := pages["game"].writePage(&buf, r, v); err != nil {
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
	tpl := pages["game"].parsed
	b.ReportAllocs()
	for b.Loop() {
		var buf bytes.Buffer
		if err := tpl.ExecuteTemplate(&buf, "content", v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderRecordsPanel writes the records panel of a finished,
// rated game page for one reader, as every such page does (executing the
// template: 23 µs, 5.7 KB and 159 allocations; written in Go, 2.2 µs,
// 2.7 KB and 10).
func BenchmarkRenderRecordsPanel(b *testing.B) {
	v := panelView{GameID: 7, Finished: true, Source: "playimperial.club",
		Changes: []changeRow{{MemberID: 3, Name: "Ada", Before: "0.0", After: "1.0", Diff: "+1.0"}}}
	r := testReader("de")
	b.ReportAllocs()
	for b.Loop() {
		panelHTML(r, v)
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
