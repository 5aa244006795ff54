package handlers

import (
	"html/template"
	"strconv"
	"strings"
)

// A history page's rounds and moves are written here rather than by the
// template: a page of fifty moves made the template call a dozen
// functions per move through reflection (the escapers among them), about
// 40% of the page, and a few per turn. What is written is what history.html wrote, byte for byte (the
// load tool's TestDumpPages compares whole pages of two builds).

// roundsHTML writes the kept rounds of a page for reader r, move at
// marked as the current one, links keeping the page before: each round's
// heading, its turns (a side's colour, chip and name) and their moves, as
// history.html's range over the rounds wrote them (held to it by
// TestHistoryRoundsAsTheTemplateWrote). Empty for no rounds.
func roundsHTML(r *reader, rounds []roundView, at, before int) template.HTML {
	var b strings.Builder
	for _, rd := range rounds {
		b.WriteString("\n  <section class=\"round\">\n    ")
		if rd.Round != 0 {
			b.WriteString("<h3>")
			b.WriteString(escapeText(r.sp.T("pages.history.round", "n", rd.Round)))
			b.WriteString("</h3>")
		}
		b.WriteString("\n    ")
		for _, t := range rd.Turns {
			b.WriteString("\n    <div class=\"turn\"")
			if t.Style != "" {
				b.WriteString(` style="`)
				b.WriteString(escapeText(string(t.Style)))
				b.WriteByte('"')
			}
			b.WriteString(">\n      ")
			if t.Side != "" {
				b.WriteString(`<p class="side">`)
				b.WriteString(string(t.Chip))
				b.WriteString(" <strong>")
				b.WriteString(escapeText(t.Side))
				b.WriteString("</strong></p>")
			}
			b.WriteString("\n      <ol class=\"moves\">\n      ")
			for _, m := range t.Moves {
				writeHistoryMove(&b, r, m, at, before)
			}
			b.WriteString("\n      </ol>\n    </div>\n    ")
		}
		b.WriteString("\n  </section>\n  ")
	}
	return template.HTML(b.String())
}

// writeHistoryMove writes one move's item of the list.
func writeHistoryMove(b *strings.Builder, r *reader, m moveView, at, before int) {
	seq := strconv.Itoa(m.Seq)
	current := m.Seq == at
	b.WriteString("\n        <li class=\"")
	if current {
		b.WriteString("current")
	}
	if m.Cancelled {
		b.WriteString(" cancelled")
	}
	b.WriteByte('"')
	if current {
		b.WriteString(` aria-current="true"`)
	}
	b.WriteString(">\n          <p class=\"move-head\"><span class=\"seq\">")
	b.WriteString(seq)
	b.WriteString(".</span> <span class=\"who\">")
	b.WriteString(escapeText(m.Who))
	if m.By != "" {
		b.WriteString(" <small>(")
		b.WriteString(escapeText(m.By))
		b.WriteString(")</small>")
	}
	if m.Cancelled {
		b.WriteString(` <small class="tag">`)
		b.WriteString(escapeText(r.sp.T("pages.game.cancelled")))
		b.WriteString("</small>")
	}
	b.WriteString("</span>\n            <time datetime=\"")
	b.WriteString(escapeText(m.At.UTC().Format("2006-01-02T15:04:05Z")))
	b.WriteString(`">`)
	b.WriteString(escapeText(r.dateTime(m.At)))
	b.WriteString("</time>\n            <a class=\"to-board\" href=\"?before=")
	b.WriteString(strconv.Itoa(before))
	b.WriteString("&amp;at=")
	b.WriteString(seq)
	b.WriteString(`#board">`)
	b.WriteString(escapeText(r.sp.T("pages.history.board_after", "seq", m.Seq)))
	b.WriteString("</a></p>\n          ")
	if len(m.Events) > 0 {
		b.WriteString(`<ul class="what">`)
		for _, e := range m.Events {
			b.WriteString("<li>")
			b.WriteString(escapeText(e))
			b.WriteString("</li>")
		}
		b.WriteString("</ul>")
	}
	b.WriteString("\n        </li>\n      ")
}
