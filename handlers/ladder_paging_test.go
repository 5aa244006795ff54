package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game/gametest"
)

// A ladder of more members than a page holds is shown a page at a time,
// ranks in order across the pages, with a link to the reader's place.
func TestLadderPages(t *testing.T) {
	t.Parallel()
	e := newArchiveEnv(t)
	const games = 105 // two new members each: 210 places, three pages
	for i := range games {
		finishRated(t, e, uint64(100+i), fmt.Sprintf("p%d@example.org", 2*i), fmt.Sprintf("p%d@example.org", 2*i+1))
	}
	b := e.browser()
	b.signIn("p7@example.org")
	base := "/ladder/" + gametest.ID
	var ranks []int
	yours := 0
	for page := 1; page <= 3; page++ {
		url := base + "?page=" + strconv.Itoa(page)
		code, doc := b.get(url)
		rows := doc.Find("table.ladder tbody tr")
		if code != http.StatusOK {
			t.Fatalf("%s: %d", url, code)
		}
		want := map[int]int{1: 100, 2: 100, 3: 10}[page]
		if rows.Length() != want {
			t.Fatalf("%s: %d rows, want %d", url, rows.Length(), want)
		}
		rows.Each(func(_ int, r *goquery.Selection) {
			n, err := strconv.Atoi(strings.TrimSpace(r.Find("td").First().Text()))
			if err != nil {
				t.Fatalf("%s: rank %q", url, r.Find("td").First().Text())
			}
			ranks = append(ranks, n)
		})
		if doc.Find("tr.you").Length() == 1 {
			yours = page
		}
		pager := doc.Find("nav.pager").First()
		if !strings.Contains(pager.Text(), fmt.Sprintf("of %d", 2*games)) {
			t.Errorf("%s: pager says %q", url, pager.Text())
		}
		_, better := pager.Find(`a[rel="prev"]`).Attr("href")
		_, lower := pager.Find(`a[rel="next"]`).Attr("href")
		if better != (page > 1) || lower != (page < 3) {
			t.Errorf("%s: better %v lower %v", url, better, lower)
		}
	}
	if len(ranks) != 2*games || ranks[0] != 1 {
		t.Fatalf("ranks %v", ranks)
	}
	for i := 1; i < len(ranks); i++ {
		if ranks[i] < ranks[i-1] {
			t.Fatalf("ranks out of order at %d: %v", i, ranks)
		}
	}
	if yours == 0 {
		t.Fatal("the reader's row is on no page")
	}
	for page := 1; page <= 3; page++ {
		_, doc := b.get(base + "?page=" + strconv.Itoa(page))
		link, ok := doc.Find(`nav.pager a:contains("Your place")`).Attr("href")
		if ok != (page != yours) || (ok && link != base+"?page="+strconv.Itoa(yours)) {
			t.Errorf("page %d: your place link %q (%v), your page %d", page, link, ok, yours)
		}
	}
	// Nonsense or pages past the end show the first page.
	for _, q := range []string{"0", "4", "-1", "x", "99999999999999999999"} {
		code, doc := b.get(base + "?page=" + q)
		if code != http.StatusOK || doc.Find("table.ladder tbody tr").Length() != 100 {
			t.Errorf("page %q: %d", q, code)
		}
	}
}
