package handlers

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game/imperial"
	"rondel/game/words"
)

// The game page's strip says the position at a glance from the game's
// Glancer: Imperial's nations (treasury, power, rondel, government) and
// players (cash, bonds) as the state has them, the reader's own rows
// bold; Cäsars Imperium's players. It stands before the board.
func TestGamePageStrip(t *testing.T) {
	t.Parallel()
	tb := gameTable(t, 40, nil, "imperial")
	pos, err := tb.e.store.Current(context.Background(), tb.id)
	if err != nil {
		t.Fatal(err)
	}
	sum := pos.State.(*imperial.State).Summarize()
	en := words.English()
	code, doc := tb.players[0].get(tb.path)
	if code != http.StatusOK {
		t.Fatalf("game page: %d", code)
	}
	tables := doc.Find(".table > section.strip table.glance")
	if tables.Length() != 2 || doc.Find(".table > section.strip ~ section.board").Length() != 1 {
		t.Fatalf("%d tables in the strip, before the board: %s", tables.Length(), text(doc))
	}
	nations, players := tables.Eq(0), tables.Eq(1)
	if head := strings.Join(cells(nations.Find("thead th")), "|"); head != "Nation|Treasury|Power|Rondel|Government" {
		t.Errorf("the nations' heads: %s", head)
	}
	if n := nations.Find("tbody tr").Length(); n != len(sum.Nations) {
		t.Errorf("%d nations in the strip, %d in the game", n, len(sum.Nations))
	}
	nations.Find("tbody tr").Each(func(_ int, tr *goquery.Selection) {
		name := strings.TrimSpace(tr.Find("th .long").Text())
		n, ok := sum.Nations[strings.TrimSpace(tr.Find("th .short").Text())]
		if !ok || name != en.T("imperial.nation."+tr.Find("th .short").Text()) {
			t.Errorf("no nation %q in the game", name)
			return
		}
		ns := &n
		got := cells(tr.Find("td"))
		if got[0] != en.Arg(words.Money(ns.Treasury)) || ns.Government != nil && got[3] != *ns.Government {
			t.Errorf("%s in the strip: %v; in the game %+v", name, got, *ns)
		}
		if tr.HasClass("you") != (ns.Government != nil && *ns.Government == "Ann") {
			t.Errorf("%s governed by %v: marked yours %v", name, ns.Government, tr.HasClass("you"))
		}
	})
	ann := players.Find("tbody tr.you")
	if ann.Length() != 1 || !strings.Contains(ann.Find("th").Text(), "Ann") ||
		cells(ann.Find("td"))[0] != en.Arg(words.Money(sum.Players["Ann"].Cash)) {
		t.Errorf("Ann's own row: %q", ann.Text())
	}

	caesar := gameTable(t, 6, nil, "caesars-imperium")
	_, doc = caesar.players[1].get(caesar.path)
	rows := doc.Find("section.strip table.glance tbody tr")
	if rows.Length() != 4 || rows.Filter(".you").Length() != 1 || !strings.Contains(rows.Filter(".you").Text(), "Bob") ||
		len(cells(rows.First().Find("td"))) != 3 {
		t.Errorf("Cäsars Imperium's strip for Bob: %d rows: %q", rows.Length(), rows.Text())
	}
}

// cells are the trimmed texts of a selection's elements.
func cells(s *goquery.Selection) []string {
	var out []string
	s.Each(func(_ int, c *goquery.Selection) { out = append(out, strings.TrimSpace(c.Text())) })
	return out
}
