package handlers

import (
	"context"
	"html/template"
	"strconv"
	"strings"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// A finished game's account on its page: the plots of its course and its
// statistics, from the account the store kept when the game ended (the
// page never replays the game), said in the reader's language.

type accountView struct {
	Charts []chartView
	Tables []statsView
}

type chartView struct {
	ID    string
	Title string
	// plot is drawn where the account is written (writePlot), not kept
	// as a string of its own.
	plot   plotSpec
	Legend []legendItem
	X      string
	// Heads are the table of values' column heads, the x of each value,
	// written here: a table of hundreds of cells cost most of executing
	// a finished game's account in the template.
	Heads template.HTML
}

// SVG is the chart's plot drawn on its own (as the templates wrote it).
func (c chartView) SVG() template.HTML { return plotSVG(c.plot) }

// legendItem is one line of a plot in words: its picture, its name, its
// last value and (for the table of values) all of them, as cells.
type legendItem struct {
	Swatch template.HTML
	Name   string
	Last   int
	Cells  template.HTML
}

type statsView struct {
	Title   string
	Head    string
	Columns []statsCell // Num: every value of the column is a number
	Rows    []statsRow
}

type statsRow struct {
	Swatch template.HTML
	Name   string
	Cells  []statsCell
	HTML   template.HTML // the cells as the page writes them
}

// statsCell is one value of a table; Num: a number or an amount, set
// flush right so that columns of them compare at a glance.
type statsCell struct {
	Text string
	Num  bool
}

// accountOf reads and says a finished game's account (nil for none).
func (s *Server) accountOf(ctx context.Context, sp *words.Speaker, g *store.Game) (*accountView, error) {
	acc, err := s.store.Account(ctx, g)
	if err != nil || acc == nil {
		return nil, err
	}
	return sayAccount(sp, acc), nil
}

// sayAccount turns an account into words and pictures for sp's reader.
func sayAccount(sp *words.Speaker, acc *game.Account) *accountView {
	// Every slice sized once: a long game's account has hundreds of
	// values and cells.
	v := &accountView{Charts: make([]chartView, 0, len(acc.Charts)), Tables: make([]statsView, 0, len(acc.Tables))}
	x := sp.Say(acc.X)
	var sw swatches
	for ci, ch := range acc.Charts {
		v.Charts = append(v.Charts, sayChart(sp, acc.XStart, ci, ch, x, &sw))
	}
	for _, t := range acc.Tables {
		v.Tables = append(v.Tables, sayTable(sp, t))
	}
	return v
}

// sayChart says chart number ci (from 0) of an account whose x is x and
// starts at xStart. Its table of values (the heads, then each line's
// cells) is written into one string, each part a piece of it: a string
// each was a dozen allocations an account.
func sayChart(sp *words.Speaker, xStart, ci int, ch game.Chart, x string, sw *swatches) chartView {
	cv := chartView{ID: "chart-" + strconv.Itoa(ci+1), Title: sp.Say(ch.Title), X: x}
	spec := plotSpec{ID: cv.ID, Title: cv.Title, X: x, Y: sp.Say(ch.Y), XStart: xStart}
	n, values := 0, 0
	for _, se := range ch.Series {
		n = max(n, len(se.Values))
		values += len(se.Values)
	}
	var b strings.Builder
	b.Grow(n*len(`<th scope="col">000</th>`) + values*len("<td>000</td>"))
	writeValueHeads(&b, xStart, n)
	ends := make([]int, 0, len(ch.Series)+1)
	ends = append(ends, b.Len())
	names := make([]string, 0, len(ch.Series))
	spec.Lines = make([]plotLine, 0, len(ch.Series))
	cv.Legend = make([]legendItem, 0, len(ch.Series))
	for i, se := range ch.Series {
		name := sp.Say(se.Name)
		names = append(names, name)
		spec.Lines = append(spec.Lines, plotLine{Name: name, Colour: se.Colour, Values: se.Values})
		item := legendItem{Swatch: sw.of(i, se.Colour), Name: name}
		if len(se.Values) > 0 {
			item.Last = se.Values[len(se.Values)-1]
		}
		cv.Legend = append(cv.Legend, item)
		writeNumberCells(&b, sp, se.Values)
		ends = append(ends, b.Len())
	}
	all := b.String()
	cv.Heads = template.HTML(all[:ends[0]])
	for i := range cv.Legend {
		cv.Legend[i].Cells = template.HTML(all[ends[i]:ends[i+1]])
	}
	spec.Desc = sp.T("pages.account.desc", "names", sp.Join(names), "from", strconv.Itoa(xStart),
		"to", strconv.Itoa(xStart+max(n-1, 0)))
	cv.plot = spec
	return cv
}

// sayTable says a table of statistics. Its rows' cells are one slice,
// and their HTML one string, each row's a piece of them (a slice and a
// string a row were two allocations each).
func sayTable(sp *words.Speaker, t game.Table) statsView {
	tv := statsView{Title: sp.Say(t.Title), Head: sp.Say(t.Head), Columns: make([]statsCell, 0, len(t.Columns)),
		Rows: make([]statsRow, 0, len(t.Rows))}
	for _, c := range t.Columns {
		tv.Columns = append(tv.Columns, statsCell{Text: sp.Say(c), Num: true})
	}
	total := 0
	for _, r := range t.Rows {
		total += len(r.Cells)
	}
	cells := make([]statsCell, total)
	for _, r := range t.Rows {
		row := statsRow{Name: sp.Say(r.Name), Swatch: chip(r.Colour), Cells: cells[:len(r.Cells):len(r.Cells)]}
		cells = cells[len(r.Cells):]
		for k, c := range r.Cells {
			num := c.ID == "game.account.number" || c.ID == "game.account.money"
			row.Cells[k] = statsCell{Text: sp.Say(c), Num: num}
			if k < len(tv.Columns) && !num {
				tv.Columns[k].Num = false
			}
		}
		tv.Rows = append(tv.Rows, row)
	}
	var b strings.Builder
	n := 0
	for _, row := range tv.Rows {
		for _, c := range row.Cells {
			n += len(`<td class="num"></td>`) + len(c.Text) // escaped, rarely longer
		}
	}
	b.Grow(n)
	ends := make([]int, len(tv.Rows))
	for i, row := range tv.Rows {
		writeStatsCells(&b, row.Cells)
		ends[i] = b.Len()
	}
	all, start := b.String(), 0
	for i := range tv.Rows {
		tv.Rows[i].HTML = template.HTML(all[start:ends[i]])
		start = ends[i]
	}
	return tv
}

// swatches are an account's swatches, each drawn once: every chart has
// a legend of the same sides.
type swatches []drawnSwatch

type drawnSwatch struct {
	i      int
	colour string
	html   template.HTML
}

// of is swatch(i, colour), drawn the first time only.
func (s *swatches) of(i int, colour string) template.HTML {
	for _, w := range *s {
		if w.i == i && w.colour == colour {
			return w.html
		}
	}
	h := swatch(i, colour)
	*s = append(*s, drawnSwatch{i, colour, h})
	return h
}

// writeValueHeads writes the n column heads of a table of values from x.
func writeValueHeads(b *strings.Builder, x, n int) {
	var buf [20]byte
	for i := range n {
		b.WriteString(`<th scope="col">`)
		b.Write(strconv.AppendInt(buf[:0], int64(x+i), 10))
		b.WriteString(`</th>`)
	}
}

// writeNumberCells writes values as a table row's cells, as the
// template's num would.
func writeNumberCells(b *strings.Builder, sp *words.Speaker, values []int) {
	var buf [32]byte
	for _, v := range values {
		if v > -1000 && v < 1000 {
			// what sp.Number writes for these (its digits, TestNumberCells),
			// needing no escape, without a string of its own
			c := strconv.AppendInt(append(buf[:0], "<td>"...), int64(v), 10)
			b.Write(append(c, "</td>"...))
			continue
		}
		writeAll(b, "<td>", escapeText(sp.Number(v)), "</td>")
	}
}

// writeStatsCells writes a row's cells, numbers flush right.
func writeStatsCells(b *strings.Builder, cells []statsCell) {
	for _, c := range cells {
		b.WriteString("<td")
		if c.Num {
			b.WriteString(` class="num"`)
		}
		b.WriteByte('>')
		b.WriteString(escapeText(c.Text))
		b.WriteString("</td>")
	}
}

// textEscaper escapes words between tags as html/template does.
var textEscaper = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")

// escapeText is s escaped as html/template escapes a string written
// between tags, so that parts of a page written in Go read as the
// template wrote them.
func escapeText(s string) string { return textEscaper.Replace(s) }

// chip is a small square of a side's colour beside its name (which says
// who it is: the colour only repeats it); empty for no valid colour.
func chip(colour string) template.HTML {
	if !isHexColour(colour) {
		return ""
	}
	// An empty span painted by its style (style.css .chip): a fifth of
	// the bytes of a small SVG, and the game page has one per nation.
	return template.HTML(`<span class="chip" style="background:` + strings.ToLower(colour) + `"></span>`)
}

// writeAll writes parts one after the other: joined with + first, the
// account's lines (longer than the 32 bytes a join may make on the stack)
// were each a string of their own to make and collect.
func writeAll(b *strings.Builder, parts ...string) {
	for _, s := range parts {
		b.WriteString(s)
	}
}
