package handlers

import (
	"html/template"
	"strconv"
	"strings"
	"time"

	"rondel/game/words"
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
	if len(rounds) == 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(roundsSize(rounds))
	w := newMoveWords(r)
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
				writeHistoryMove(&b, w, m, at, before)
			}
			b.WriteString("\n      </ol>\n    </div>\n    ")
		}
		b.WriteString("\n  </section>\n  ")
	}
	return template.HTML(b.String())
}

// roundsSize is about what roundsHTML writes for rounds, a little more
// rather than less: the page is written into one allocation, not grown
// by doubling (which allocated twice its size again).
func roundsSize(rounds []roundView) int {
	n := 0
	for _, rd := range rounds {
		n += 80
		for _, t := range rd.Turns {
			n += 120 + len(t.Style) + len(t.Chip) + len(t.Side)
			for _, m := range t.Moves {
				n += 420 + len(m.Who) + len(m.By)
				for _, e := range m.Events {
					n += 10 + len(e) + len(e)/8 // a few escapes
				}
			}
		}
	}
	return n
}

// moveWords are the words a page's moves say alike, said once for the
// page: a move's link and time are one message each, said fifty times a
// page with another number or time (a fifth of a page's CPU).
type moveWords struct {
	r         *reader
	layout    string // the time's Go layout (format.layout.datetime)
	when      parts  // pages.when: "{{.time}} {{.zone}}"
	boardFor  parts  // pages.history.board_after: "The board after move {{.seq}}"
	cancelled string // pages.game.cancelled, escaped
	scratch   []byte
}

func newMoveWords(r *reader) *moveWords {
	return &moveWords{
		r:         r,
		layout:    r.sp.Say(words.New("format.layout.datetime")),
		when:      partsOf(r.sp, "pages.when"),
		boardFor:  partsOf(r.sp, "pages.history.board_after"),
		cancelled: escapeText(r.sp.T("pages.game.cancelled")),
	}
}

// parts is a message cut at its placeholders (words.Speaker.Parts), its
// literal words escaped; ok is false for one to say whole each time.
type parts struct {
	lits []string
	args []string
	ok   bool
}

func partsOf(sp *words.Speaker, id string) parts {
	lits, args, ok := sp.Parts(id)
	for i := range lits {
		lits[i] = escapeText(lits[i])
	}
	return parts{lits, args, ok}
}

// write writes the message with the escaped values vals[i] for the
// placeholder names[i], and what Say writes for a placeholder not given.
func (p *parts) write(b *strings.Builder, names [2]string, vals [2][]byte) {
	b.WriteString(p.lits[0])
	for i, a := range p.args {
		switch a {
		case names[0]:
			writeEscaped(b, vals[0])
		case names[1]:
			writeEscaped(b, vals[1])
		default:
			b.WriteString("&lt;no value&gt;")
		}
		b.WriteString(p.lits[i+1])
	}
}

// writeEscaped writes p escaped as escapeText escapes it.
func writeEscaped(b *strings.Builder, p []byte) {
	last := 0
	for i, c := range p {
		var rep string
		switch c {
		case 0:
			rep = "\uFFFD"
		case '"':
			rep = "&#34;"
		case '&':
			rep = "&amp;"
		case '\'':
			rep = "&#39;"
		case '+':
			rep = "&#43;"
		case '<':
			rep = "&lt;"
		case '>':
			rep = "&gt;"
		default:
			continue
		}
		b.Write(p[last:i])
		b.WriteString(rep)
		last = i + 1
	}
	b.Write(p[last:])
}

// writeWhen writes a move's time as r.dateTime says it, escaped.
func (w *moveWords) writeWhen(b *strings.Builder, t time.Time) {
	if !w.when.ok {
		b.WriteString(escapeText(w.r.dateTime(t)))
		return
	}
	t = w.r.in(t)
	buf := t.AppendFormat(w.scratch[:0], w.layout)
	n := len(buf)
	buf = t.AppendFormat(buf, "MST")
	w.scratch = buf
	w.when.write(b, [2]string{"time", "zone"}, [2][]byte{buf[:n], buf[n:]})
}

// writeBoardFor writes the link text to the board after move seq, escaped.
func (w *moveWords) writeBoardFor(b *strings.Builder, seq int) {
	if !w.boardFor.ok {
		b.WriteString(escapeText(w.r.sp.T("pages.history.board_after", "seq", seq)))
		return
	}
	var num []byte
	if seq > -1000 && seq < 1000 {
		num = strconv.AppendInt(w.scratch[:0], int64(seq), 10)
		w.scratch = num
	} else {
		num = []byte(w.r.sp.Number(seq)) // grouped digits, as Say writes a number
	}
	w.boardFor.write(b, [2]string{"seq", ""}, [2][]byte{num, nil})
}

// writeHistoryMove writes one move's item of the list.
func writeHistoryMove(b *strings.Builder, w *moveWords, m moveView, at, before int) {
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
	writeInt(b, m.Seq)
	b.WriteString(".</span> <span class=\"who\">")
	b.WriteString(escapeText(m.Who))
	if m.By != "" {
		b.WriteString(" <small>(")
		b.WriteString(escapeText(m.By))
		b.WriteString(")</small>")
	}
	if m.Cancelled {
		b.WriteString(` <small class="tag">`)
		b.WriteString(w.cancelled)
		b.WriteString("</small>")
	}
	b.WriteString("</span>\n            <time datetime=\"")
	w.scratch = m.At.UTC().AppendFormat(w.scratch[:0], "2006-01-02T15:04:05Z")
	writeEscaped(b, w.scratch)
	b.WriteString(`">`)
	w.writeWhen(b, m.At)
	b.WriteString("</time>\n            <a class=\"to-board\" href=\"?before=")
	writeInt(b, before)
	b.WriteString("&amp;at=")
	writeInt(b, m.Seq)
	b.WriteString(`#board">`)
	w.writeBoardFor(b, m.Seq)
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

// writeInt writes n in digits.
func writeInt(b *strings.Builder, n int) {
	var d [20]byte
	b.Write(strconv.AppendInt(d[:0], int64(n), 10))
}
