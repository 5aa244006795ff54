package handlers

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

func TestSummaryHTML(t *testing.T) {
	in := map[string]any{
		"investor_card": "Ann <b>",
		"swiss_banks":   []string{},
		"players": map[string]any{
			"Ann": map[string]any{"cash": 2, "bonds": []map[string]any{{"nation": "IT", "cost": 9}, {"nation": "FR", "cost": 2}}},
		},
		"flags": []string{"a", "b"},
		"units": map[string]any{"Rome": map[string]int{"armies": 2, "fleets": 0}, "Vienna": map[string]int{"armies": 1, "fleets": 1}},
		"done":  false,
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(summaryHTML(in))))
	if err != nil {
		t.Fatal(err)
	}
	got := doc.Text()
	dd := func(label string) string {
		return doc.Find("dt").FilterFunction(func(_ int, s *goquery.Selection) bool { return s.Text() == label }).First().Next().Text()
	}
	for label, want := range map[string]string{"Investor card": "Ann <b>", "Swiss banks": "none", "Flags": "a, b", "Done": "no"} {
		if dd(label) != want {
			t.Errorf("%s: %q, want %q", label, dd(label), want)
		}
	}
	if doc.Find("b").Length() != 0 {
		t.Error("a value was not escaped")
	}
	units := doc.Find("table.summary").FilterFunction(func(_ int, s *goquery.Selection) bool { return s.Find("tbody th").Length() == 2 })
	if units.Find("tbody tr").Last().Text() != "Vienna11" {
		t.Errorf("units by region not shown as a table: %q", units.Text())
	}
	rows := doc.Find("table.summary").First().Find("tbody tr")
	if rows.Length() != 2 || rows.First().Find("td").First().Text() != "9" {
		t.Errorf("bonds not shown as a table: %s", got)
	}
}
