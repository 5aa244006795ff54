package handlers

import (
	"html/template"
	"strconv"
	"strings"
)

// A history page's own words around its board and its rounds are written
// here rather than by the template: history.html said a dozen messages
// and escaped a dozen values through reflection (about 7% of a first
// view, 15% of a page whose parts were kept). What is written is what the
// template wrote, byte for byte (TestHistoryPageAsTheTemplateWrote keeps
// the template; the goldens and the load tool's TestDumpPages compare
// whole pages).

// historyHead writes the page up to its board (and the board's frame
// when it has one): the game, the heading, the downloads, the board's
// title and steps.
func historyHead(r *reader, h historyPage) template.HTML {
	t := func(id string) string { return escapeText(r.sp.T(id)) }
	id := strconv.FormatInt(h.Game.ID, 10)
	var b strings.Builder
	b.Grow(1024)
	b.WriteString("\n\n<p><a href=\"/games/")
	b.WriteString(id)
	b.WriteString("\">← ")
	b.WriteString(escapeText(h.Game.Name))
	b.WriteString("</a></p>\n<h1>")
	b.WriteString(t("pages.history.heading"))
	b.WriteString(" <small>")
	b.WriteString(escapeText(h.Kind))
	b.WriteString("</small></h1>\n<p><a href=\"/games/")
	b.WriteString(id)
	b.WriteString("/record.json\">")
	b.WriteString(t("pages.history.download"))
	b.WriteString("</a> ")
	b.WriteString(t("pages.history.download_note"))
	b.WriteString("\n  · <a href=\"/games/")
	b.WriteString(id)
	b.WriteString("/log.txt\">")
	b.WriteString(t("pages.history.log"))
	b.WriteString("</a></p>\n<section class=\"viewer\" id=\"board\">\n  <h2>")
	if h.At == 0 {
		b.WriteString(t("pages.history.board_start"))
	} else {
		b.WriteString(escapeText(r.sp.T("pages.history.board_after", "seq", h.At)))
	}
	b.WriteString("</h2>\n  <p class=\"steps\">\n    <a href=\"?before=")
	writeInt(&b, h.Before)
	b.WriteString("&amp;at=0#board\">")
	b.WriteString(t("pages.history.start"))
	b.WriteString("</a> · <a href=\"?at=")
	writeInt(&b, h.Prev)
	b.WriteString("#board\">← ")
	b.WriteString(t("pages.history.previous"))
	b.WriteString("</a> · <a href=\"?at=")
	writeInt(&b, h.Next)
	b.WriteString("#board\">")
	b.WriteString(t("pages.history.next"))
	b.WriteString(" →</a> · <a href=\"?at=")
	writeInt(&b, h.Last)
	b.WriteString("#board\">")
	b.WriteString(t("pages.history.now"))
	b.WriteString("</a>\n  </p>\n  ")
	if h.Board != "" {
		b.WriteString("<div class=\"board\" tabindex=\"0\" role=\"region\" aria-label=\"")
		b.WriteString(t("pages.game.board"))
		b.WriteString("\">")
	}
	return template.HTML(b.String())
}

// historyMid writes the page between its board and its rounds: the
// board's frame closed, the list's heading and its pager.
func historyMid(r *reader, h historyPage) template.HTML {
	var b strings.Builder
	b.Grow(512)
	if h.Board != "" {
		b.WriteString("</div>")
	}
	b.WriteString("\n</section>\n<section class=\"history\" aria-labelledby=\"every-move\">\n  <h2 id=\"every-move\">")
	b.WriteString(escapeText(r.sp.T("pages.history.every_move")))
	if h.Rounds != "" {
		b.WriteString(" <small>")
		b.WriteString(escapeText(r.sp.T("pages.history.range", "from", h.From, "to", h.To, "last", h.Last)))
		b.WriteString("</small>")
	}
	b.WriteString("</h2>\n  ")
	if h.Rounds == "" {
		b.WriteString("<p>")
		b.WriteString(escapeText(r.sp.T("pages.history.no_moves")))
		b.WriteString("</p>")
	}
	b.WriteString("\n  ")
	writeHistoryPager(&b, r, h)
	b.WriteString("\n  ")
	return template.HTML(b.String())
}

// historyTail writes the page after its rounds: the pager again.
func historyTail(r *reader, h historyPage) template.HTML {
	var b strings.Builder
	b.Grow(256)
	b.WriteString("\n  ")
	writeHistoryPager(&b, r, h)
	b.WriteString("\n</section>\n")
	return template.HTML(b.String())
}

// writeHistoryPager writes the links to the newer and older pages.
func writeHistoryPager(b *strings.Builder, r *reader, h historyPage) {
	b.WriteString("\n")
	if h.Newer != 0 || h.Older != 0 {
		b.WriteString("<p class=\"steps pager\">")
		if h.Newer != 0 {
			b.WriteString("<a href=\"?before=")
			writeInt(b, h.Newer)
			b.WriteString("\" rel=\"prev\">← ")
			b.WriteString(escapeText(r.sp.T("pages.history.newer")))
			b.WriteString("</a>")
		}
		if h.Newer != 0 && h.Older != 0 {
			b.WriteString(" · ")
		}
		if h.Older != 0 {
			b.WriteString("<a href=\"?before=")
			writeInt(b, h.Older)
			b.WriteString("\" rel=\"next\">")
			b.WriteString(escapeText(r.sp.T("pages.history.older")))
			b.WriteString(" →</a>")
		}
		b.WriteString("</p>")
	}
	b.WriteString("\n")
}
