package handlers

import (
	"html/template"
	"strings"
)

// A ladder page's content around its rows (rows.go), written in Go: as a
// template its words, numbers, links and fields were each a reflective
// call, an eighth of the page at the 10,000-game club once its rows were
// written in Go (docs/performance.md). TestLadderAsTheTemplateWrote holds
// it to the template it replaced.

// ladderHTML writes the content of a ladder page, its rows (rows.go) in
// place.
func ladderHTML(r *reader, p *ladderPage) template.HTML {
	t := func(id string, args ...any) string { return escapeText(r.sp.T(id, args...)) }
	var b strings.Builder
	b.Grow(len(p.Rows)*ladderRowBytes + 2048)
	b.WriteString("\n\n<p><a href=\"/ladder\">← " + t("pages.ladder.all_ladders") + "</a></p>\n<h1>" + t("pages.ladder.title", "game", p.Name))
	if p.Season != "" {
		b.WriteString(" <small>" + t("pages.ladder.season", "season", p.Season) + "</small>")
	}
	b.WriteString("</h1>\n")
	if len(p.Tabs) > 1 {
		b.WriteString(`<p class="tabs">`)
		for i, tab := range p.Tabs {
			if i > 0 {
				b.WriteString(" · ")
			}
			if tab.Current {
				b.WriteString("<strong>" + escapeText(tab.Name) + "</strong>")
			} else {
				b.WriteString(`<a href="` + escapeURL(tab.Link) + `">` + escapeText(tab.Name) + "</a>")
			}
		}
		b.WriteString("</p>")
	}
	b.WriteString("\n")
	switch {
	case len(p.Rows) == 0 && p.Season != "":
		b.WriteString("<p>" + t("pages.ladder.empty_season", "game", p.Name) + "</p>")
	case len(p.Rows) == 0:
		b.WriteString("<p>" + t("pages.ladder.empty", "game", p.Name) + "</p>")
	default:
		b.WriteString("\n")
		pager := ladderPagerHTML(t, p)
		b.WriteString(pager + "\n<div class=\"wide\"><table class=\"ladder\">\n<thead><tr>")
		for _, h := range []string{"rank", "player", "rating", "games", "wins", "timeouts", "median"} {
			b.WriteString("<th>" + t("pages.ladder."+h) + "</th>")
		}
		b.WriteString("</tr></thead>\n<tbody>\n")
		writeLadderRows(&b, r, p.Rows)
		b.WriteString("\n</tbody>\n</table></div>\n")
		if p.Better != "" || p.Lower != "" {
			b.WriteString(pager)
		}
		b.WriteString("\n<p><small>" + t("pages.ladder.notes", "count", p.Provisional) + "</small></p>\n")
	}
	b.WriteString("\n<p><a href=\"" + escapeURL(p.Records) + "\" download>" + t("pages.ladder.download") + "</a> " +
		t("pages.ladder.download_note") + "</p>\n")
	return template.HTML(b.String())
}

// ladderPagerHTML writes the links to a ladder's neighbouring pages and
// to the reader's place, said once a page and written above and below
// its table.
func ladderPagerHTML(t func(string, ...any) string, p *ladderPage) string {
	var b strings.Builder
	b.WriteString(`<nav class="pager" aria-label="` + t("pages.ladder.pages") + `">`)
	if p.Better != "" {
		b.WriteString(`<a href="` + escapeURL(p.Better) + `" rel="prev">← ` + t("pages.ladder.better") + "</a> ")
	}
	b.WriteString("<span>" + t("pages.ladder.places", "from", p.From, "to", p.To, "total", p.Total) + "</span>")
	if p.Lower != "" {
		b.WriteString(` <a href="` + escapeURL(p.Lower) + `" rel="next">` + t("pages.ladder.lower") + " →</a>")
	}
	if p.YourPage != "" {
		b.WriteString(` · <a href="` + escapeURL(p.YourPage) + `">` + t("pages.ladder.your_place", "rank", p.YourRank) + "</a>")
	}
	b.WriteString("</nav>")
	return b.String()
}
