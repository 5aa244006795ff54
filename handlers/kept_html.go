package handlers

import (
	"html/template"
	"strconv"
	"strings"
)

// The game page's parts made once per view (pagecache.go) are written
// here rather than by game.html's named templates: a first view executed
// four templates for them, a dozen reflective calls per row and move
// (about 8% of the view). What is written is what the templates wrote,
// byte for byte (kept_html_test.go holds it to the old templates).

// stripHTML writes the position strip: a table per glance.
func stripHTML(r *reader, ts []glanceTable) template.HTML {
	if len(ts) == 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(2048 * len(ts))
	b.WriteString("<section class=\"strip\" aria-labelledby=\"strip-h\">\n  <h2 id=\"strip-h\" class=\"sr-only\">")
	b.WriteString(escapeText(r.sp.T("pages.game.strip")))
	b.WriteString("</h2>\n  ")
	for _, t := range ts {
		b.WriteString("<table class=\"glance\">\n    <thead><tr><th scope=\"col\">")
		b.WriteString(escapeText(t.Head))
		b.WriteString("</th>")
		for _, c := range t.Columns {
			b.WriteString(`<th scope="col">` + escapeText(c) + `</th>`)
		}
		b.WriteString("</tr></thead>\n    <tbody>")
		for _, row := range t.Rows {
			writeGlanceRow(&b, row)
		}
		b.WriteString("</tbody>\n  </table>")
	}
	b.WriteString("\n</section>")
	return template.HTML(b.String())
}

func writeGlanceRow(b *strings.Builder, row glanceRow) {
	b.WriteString("<tr")
	if row.You || row.Turn {
		b.WriteString(` class="`)
		if row.You {
			b.WriteString("you")
		}
		if row.Turn {
			b.WriteString(" turn")
		}
		b.WriteByte('"')
	}
	b.WriteString(`><th scope="row"><span class="named">` + string(row.Chip))
	if row.Short != "" {
		b.WriteString(`<span class="long">` + escapeText(row.Name) + `</span><span class="short" aria-hidden="true">` + escapeText(row.Short) + `</span>`)
	} else {
		b.WriteString(`<span>` + escapeText(row.Name) + `</span>`)
	}
	b.WriteString("</span></th>")
	for _, c := range row.Cells {
		b.WriteString("<td>" + escapeText(c) + "</td>")
	}
	b.WriteString("</tr>")
}

// resultHTML writes a finished (or agreed) game's result.
func resultHTML(r *reader, res *resultView) template.HTML {
	if res == nil {
		return ""
	}
	sp := r.sp
	var b strings.Builder
	b.WriteString("\n<section class=\"result\">\n  <h2>" + escapeText(sp.T("pages.game.result")) + "</h2>\n  <table>\n  <thead><tr><th>")
	b.WriteString(escapeText(sp.T("pages.game.place")) + "</th><th>" + escapeText(sp.T("pages.game.player")) + "</th><th>")
	b.WriteString(escapeText(sp.T("pages.game.score")) + "</th></tr></thead>\n  <tbody>")
	for _, row := range res.Rows {
		b.WriteString("<tr")
		if row.You {
			b.WriteString(` class="you"`)
		}
		b.WriteString("><td>" + escapeText(sp.Number(row.Place)) + "</td><td>" + escapeText(row.Name) + "</td><td>")
		b.WriteString(escapeText(sp.Number(row.Score)) + "</td></tr>")
	}
	b.WriteString("</tbody>\n  </table>\n  ")
	if res.TieBreak != "" {
		b.WriteString(`<p class="tie-break"><strong>` + escapeText(sp.T("pages.game.tie_breaks")) + "</strong> " + escapeText(res.TieBreak) + "</p>")
	}
	b.WriteString("\n</section>\n")
	return template.HTML(b.String())
}

// accountRoom is about the bytes of a's HTML, never less
// (TestAccountRoomNeverLess): a builder grown past it copies the whole
// account (70 KB for four players) once more.
func accountRoom(a *accountView) int {
	n := 512
	for _, c := range a.Charts {
		// The figure, its caption, legend and table of values around the
		// plot: the title three times, each name twice.
		n += 768 + plotSize(c.plot) + len(c.Heads) + 3*len(c.Title) + len(c.X) + 96*len(c.Legend)
		for _, l := range c.Legend {
			n += len(l.Swatch) + len(l.Cells) + 2*len(l.Name)
		}
	}
	for _, t := range a.Tables {
		// A table's frame and heads, then each row's cells, name and
		// swatch with their tags (escaping may lengthen a name a little).
		n += 512 + 2*len(t.Title) + len(t.Head) + 64*len(t.Columns)
		for _, c := range t.Columns {
			n += len(c.Text)
		}
		for _, row := range t.Rows {
			n += 96 + len(row.HTML) + 2*len(row.Name) + len(row.Swatch)
		}
	}
	return n
}

// accountHTML writes a finished game's account: its plots with their
// legends and values, and its tables.
func accountHTML(r *reader, a *accountView) template.HTML {
	if a == nil {
		return ""
	}
	var b strings.Builder
	b.Grow(accountRoom(a))
	b.WriteString("\n<section class=\"account\" aria-labelledby=\"account-heading\">\n  <h2 id=\"account-heading\">")
	writeAll(&b, escapeText(r.sp.T("pages.account.heading")), "</h2>\n  ")
	for _, c := range a.Charts {
		writeChart(&b, r, c)
	}
	b.WriteString("\n  ")
	for _, t := range a.Tables {
		writeStatsTable(&b, t)
	}
	b.WriteString("\n</section>\n")
	return template.HTML(b.String())
}

func writeChart(b *strings.Builder, r *reader, c chartView) {
	sp := r.sp
	title := escapeText(c.Title)
	writeAll(b, "\n  <figure class=\"chart\">\n    <figcaption>", title, "</figcaption>\n    <div class=\"plot-box\">")
	writePlot(b, c.plot)
	writeAll(b, "</div>\n    <ul class=\"legend\" aria-label=\"", escapeText(sp.T("pages.account.legend")), "\">\n      ")
	for _, l := range c.Legend {
		writeAll(b, "<li>", string(l.Swatch), " <span>", escapeText(l.Name), ": <strong>", escapeText(sp.Number(l.Last)), "</strong></span></li>")
	}
	writeAll(b, "\n    </ul>\n    <details>\n      <summary>", escapeText(sp.T("pages.account.values")), "</summary>\n      ",
		`<div class="wide" tabindex="0" role="region" aria-label="`, title, "\"><table class=\"values\">\n        ",
		`<thead><tr><th scope="col">`, escapeText(c.X), "</th>", string(c.Heads), "</tr></thead>\n        <tbody>")
	for _, l := range c.Legend {
		writeAll(b, `<tr><th scope="row">`, escapeText(l.Name), "</th>", string(l.Cells), "</tr>")
	}
	b.WriteString("</tbody>\n      </table></div>\n    </details>\n  </figure>\n  ")
}

func writeStatsTable(b *strings.Builder, t statsView) {
	title := escapeText(t.Title)
	writeAll(b, "\n  <div class=\"wide\" tabindex=\"0\" role=\"region\" aria-label=\"", title, "\"><table class=\"stats\">\n    ",
		"<caption>", title, "</caption>\n    <thead><tr><th scope=\"col\">", escapeText(t.Head), "</th>")
	for _, c := range t.Columns {
		b.WriteString(`<th scope="col"`)
		if c.Num {
			b.WriteString(` class="num"`)
		}
		writeAll(b, ">", escapeText(c.Text), "</th>")
	}
	b.WriteString("</tr></thead>\n    <tbody>")
	for _, row := range t.Rows {
		writeAll(b, `<tr><th scope="row"><span class="named">`, string(row.Swatch), "<span>", escapeText(row.Name), "</span></span></th>", string(row.HTML), "</tr>")
	}
	b.WriteString("</tbody>\n  </table></div>\n  ")
}

// recentHTML writes the last moves, newest first, with the link to the
// history.
func recentHTML(r *reader, gameID int64, recent []moveView) template.HTML {
	if len(recent) == 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(512 + 384*len(recent))
	b.WriteString("\n<section class=\"recent\">\n  <h2>" + escapeText(r.sp.T("pages.game.recent")) + "</h2>\n  ")
	writeMoveList(&b, r, recent)
	b.WriteString("\n  <p><a href=\"/games/" + strconv.FormatInt(gameID, 10) + "/history\">" + escapeText(r.sp.T("pages.game.history")) + "</a></p>\n</section>\n")
	return template.HTML(b.String())
}

// movesHTML writes moves as a list, oldest first (the page after a move).
func movesHTML(r *reader, moves []moveView) template.HTML {
	var b strings.Builder
	b.Grow(64 + 384*len(moves))
	writeMoveList(&b, r, moves)
	return template.HTML(b.String())
}

// writeMoveList writes moves as game.html's "moves" template did.
func writeMoveList(b *strings.Builder, r *reader, moves []moveView) {
	b.WriteString("\n<ol class=\"log\">\n")
	for _, m := range moves {
		b.WriteString("\n  <li value=\"" + strconv.Itoa(m.Seq) + `"`)
		if m.Cancelled {
			b.WriteString(` class="cancelled"`)
		} else if m.TakeBack {
			b.WriteString(` class="took-back"`)
		}
		b.WriteString(`><span class="who">` + escapeText(m.Who) + "</span>")
		if m.By != "" {
			b.WriteString(" <small>(" + escapeText(m.By) + ")</small>")
		}
		b.WriteString(" <small>" + escapeText(r.dateTime(m.At)) + "</small>")
		if m.Cancelled {
			b.WriteString(` <small class="tag">` + escapeText(r.sp.T("pages.game.cancelled")) + "</small>")
		}
		b.WriteString("\n    <ul>")
		for _, e := range m.Events {
			b.WriteString("<li>" + escapeText(e) + "</li>")
		}
		b.WriteString("</ul></li>\n")
	}
	b.WriteString("\n</ol>\n")
}
