package handlers

import (
	"html/template"
	"strconv"
	"strings"
)

// A history page's moves are written here rather than by the template:
// a page of fifty moves made the template call a dozen functions per
// move through reflection (the escapers among them), about 40% of the
// page. What is written is what history.html wrote, byte for byte (the
// load tool's TestDumpPages compares whole pages of two builds).

// roundPage is a round of the page as the template writes it.
type roundPage struct {
	Round int
	Turns []turnPage
}

// turnPage is a turn with its moves written.
type turnPage struct {
	Side  string
	Style template.CSS
	Chip  template.HTML
	Moves template.HTML
}

// roundPages writes the kept rounds of a page for reader r, move at
// marked as the current one, links keeping the page before.
func roundPages(r *reader, rounds []roundView, at, before int) []roundPage {
	out := make([]roundPage, len(rounds))
	var b strings.Builder
	for i, rd := range rounds {
		out[i] = roundPage{Round: rd.Round, Turns: make([]turnPage, len(rd.Turns))}
		for j, t := range rd.Turns {
			b.Reset()
			for _, m := range t.Moves {
				writeHistoryMove(&b, r, m, at, before)
			}
			out[i].Turns[j] = turnPage{Side: t.Side, Style: t.Style, Chip: t.Chip, Moves: template.HTML(b.String())}
		}
	}
	return out
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
