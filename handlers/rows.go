package handlers

import (
	"html/template"
	"strconv"
	"strings"
)

// The rows of the two long lists most pages lead to, the ladder (up to a
// hundred places) and "your games", are written here rather than by their
// templates: html/template calls each escaper and word function of a row
// through reflection, and looks each field up by name, about a
// microsecond apiece, which was a third of a ladder page's CPU and grew
// with its rows (docs/performance.md, "The dashboard and the ladder").
// The rows are byte for byte what the templates wrote (tests/load's page
// dump compares them); so is the content around them, written in Go too
// (dashboard_html.go, ladder_html.go).

// htmlText appends s escaped as html/template escapes text and quoted
// attribute values (escapeText, account.go).
// It writes the unescaped runs straight to b (no string made per call).
// Most text needs no escape (numbers, most names): it is written as it
// is, without the replacer's machinery (a fifth of a ladder's rows).
func htmlText(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 0, '"', '&', '\'', '+', '<', '>': // textEscaper's
			_, _ = textEscaper.WriteString(b, s) // a Builder never fails
			return
		}
	}
	b.WriteString(s)
}

// cell appends <td>s</td>, s escaped.
func cell(b *strings.Builder, s string) {
	b.WriteString("<td>")
	htmlText(b, s)
	b.WriteString("</td>")
}

// ladderRowsHTML writes a ladder's rows for the table's body.
func ladderRowsHTML(r *reader, rows []ladderRow) template.HTML {
	var b strings.Builder
	b.Grow(len(rows) * ladderRowBytes)
	writeLadderRows(&b, r, rows)
	return template.HTML(b.String())
}

// ladderRowBytes is about what a ladder's row takes.
const ladderRowBytes = 260

// writeLadderRows writes a ladder's rows to b.
func writeLadderRows(b *strings.Builder, r *reader, rows []ladderRow) {
	provisional := ""
	var num [20]byte
	for _, row := range rows {
		b.WriteString("<tr")
		if row.You {
			b.WriteString(` class="you"`)
		}
		b.WriteString(">")
		cell(b, r.integer(row.Rank))
		b.WriteString(`<td><a href="/players/`)
		b.Write(strconv.AppendInt(num[:0], row.MemberID, 10))
		b.WriteString(`">`)
		htmlText(b, row.Name)
		b.WriteString("</a>")
		if row.Provisional {
			if provisional == "" {
				provisional = r.sp.T("pages.ladder.provisional")
			}
			b.WriteString(" <small>")
			htmlText(b, provisional)
			b.WriteString("</small>")
		}
		b.WriteString("</td>\n")
		cell(b, row.Rating)
		cell(b, r.integer(row.Games))
		cell(b, r.integer(row.Wins))
		cell(b, r.integer(row.Timeouts))
		cell(b, row.Median)
		b.WriteString("</tr>\n")
	}
}

// dashRowsHTML writes rows of "your games" for a table's body: the games
// in play or waiting for players (open: the reader's turn marked), or the
// finished ones.
func dashRowsHTML(r *reader, rows []dashRow, open bool) template.HTML {
	var b strings.Builder
	b.Grow(len(rows) * 300)
	yourTurn := ""
	for _, row := range rows {
		b.WriteString("\n<tr")
		if open && row.YourTurn {
			b.WriteString(` class="your-turn"`)
		}
		b.WriteString(">\n  <td><a href=\"/games/")
		b.WriteString(strconv.FormatInt(row.ID, 10))
		b.WriteString(`">`)
		htmlText(&b, row.Name)
		b.WriteString("</a><br><small>")
		htmlText(&b, row.Kind)
		b.WriteString("</small></td>\n  ")
		cell(&b, row.Players)
		b.WriteString("\n  ")
		if open && row.YourTurn {
			if yourTurn == "" {
				yourTurn = r.sp.T("pages.dashboard.your_turn")
			}
			b.WriteString(`<td><strong class="act">`)
			htmlText(&b, yourTurn)
			b.WriteString("</strong> ")
			htmlText(&b, row.Prompt)
			b.WriteString("</td>")
		} else {
			cell(&b, row.State)
		}
		b.WriteString("\n  ")
		cell(&b, row.Waiting)
		b.WriteString("\n</tr>\n")
	}
	return template.HTML(b.String())
}
