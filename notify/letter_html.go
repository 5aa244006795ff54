package notify

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The HTML part of a letter is written in Go: executing it as an
// html/template (through reflection, with an escaper call per value) was
// about a tenth of a stored move's CPU once its statements were kept
// prepared. Each value is escaped as html/template escaped it in the
// template this replaced (kept in letter_html_test.go, which holds the
// two to the same bytes).

// html writes the letter's HTML part.
func (l letter) html() (string, error) {
	var b strings.Builder
	b.Grow(3072)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"")
	escAttr(&b, l.sp.Lang())
	b.WriteString("\"><head><meta charset=\"utf-8\"></head>\n<body style=\"font-family: Georgia, serif; max-width: 40em; color: #222\">\n<p>")
	escText(&b, l.Greeting)
	b.WriteString("</p>\n")
	for _, p := range l.Paras {
		para(&b, p)
	}
	if pic := l.Picture; pic != nil {
		b.WriteString(`<p style="margin: 1em 0"><img src="cid:`)
		escURL(&b, pic.CID, false)
		w := strconv.Itoa(pic.Width)
		b.WriteString(`" width="`)
		escAttr(&b, w)
		b.WriteString(`" alt="`)
		escAttr(&b, pic.Alt)
		b.WriteString(`" style="display: block; width: 100%; max-width: `)
		escAttr(&b, w) // digits pass the template's CSS value filter as they are
		b.WriteString("px; height: auto; border: 1px solid #8a7f6a; background: #fbf8f1; color: #222; font-size: 15px\"></p>\n")
	}
	for _, ls := range l.Lists {
		b.WriteString("<p><strong>")
		escText(&b, ls.Title)
		b.WriteString("</strong></p>\n<ul>")
		for _, it := range ls.Items {
			b.WriteString("<li>")
			escText(&b, it)
			b.WriteString("</li>")
		}
		b.WriteString("</ul>\n")
	}
	for _, p := range l.After {
		para(&b, p)
	}
	if l.Main.URL != "" {
		b.WriteString(`<p><a href="`)
		escURL(&b, l.Main.URL, true)
		b.WriteString(`" style="display: inline-block; padding: .5em 1em; background: #7a1f1f; color: #fff; text-decoration: none; border-radius: 4px">`)
		escText(&b, l.Main.Label)
		b.WriteString("</a></p>\n")
	}
	l.writeChoices(&b)
	l.writeLegend(&b)
	b.WriteString("<hr>\n<p style=\"font-size: small\">")
	for i, f := range l.Footer {
		if i > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(`<a href="`)
		escURL(&b, f.URL, true)
		b.WriteString(`">`)
		escText(&b, f.Label)
		b.WriteString("</a>")
	}
	b.WriteString("</p>\n</body></html>\n")
	return b.String(), nil
}

func para(b *strings.Builder, p string) {
	b.WriteString("<p>")
	escText(b, p)
	b.WriteString("</p>\n")
}

// writeChoices writes the one-click answers, after their lead-in.
func (l letter) writeChoices(b *strings.Builder) {
	if len(l.Choices) == 0 {
		return
	}
	b.WriteString("<p>")
	escText(b, l.sp.T("mail.choices"))
	b.WriteString("</p>\n<p>")
	for _, c := range l.Choices {
		b.WriteString(`<a href="`)
		escURL(b, c.URL, true)
		b.WriteString(`" style="display: inline-block; margin: 0 .4em .5em 0; padding: .45em .8em; border: 1px solid #7a1f1f; border-radius: 4px; color: #7a1f1f; background: #fff; text-decoration: none">`)
		escText(b, c.Label)
		b.WriteString("</a> ")
	}
	b.WriteString("</p>\n")
}

// writeLegend writes the picture's legend, if it has one.
func (l letter) writeLegend(b *strings.Builder) {
	if l.Picture == nil || len(l.Picture.Legend) == 0 {
		return
	}
	b.WriteString(`<p style="font-size: small; margin-bottom: .3em"><strong>`)
	escText(b, l.Picture.Title)
	b.WriteString("</strong></p>\n<ul style=\"font-size: small; padding-left: 1.2em; margin-top: 0\">")
	for _, g := range l.Picture.Legend {
		b.WriteString("<li>")
		if g.Colour != "" {
			b.WriteString(`<span style="display: inline-block; width: .9em; height: .9em; margin-right: .3em; vertical-align: -.1em; border: 1px solid #333; background: `)
			escAttr(b, string(safeColour(g.Colour)))
			b.WriteString(`"></span>`)
		}
		escText(b, g.Label)
		b.WriteString("</li>")
	}
	b.WriteString("</ul>\n")
}

// htmlEntity is what html/template writes for the bytes it escapes in
// text and quoted attributes; "" for bytes it leaves.
var htmlEntity = [128]string{0: "\uFFFD", '"': "&#34;", '&': "&amp;", '\'': "&#39;", '+': "&#43;", '<': "&lt;", '>': "&gt;"}

// escText writes s as html/template writes a string between tags or in
// a quoted attribute: the entities above, every other byte as it is.
func escText(b *strings.Builder, s string) {
	from := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < utf8.RuneSelf && htmlEntity[c] != "" {
			b.WriteString(s[from:i])
			b.WriteString(htmlEntity[c])
			from = i + 1
		}
	}
	b.WriteString(s[from:])
}

// escAttr is escText: html/template escapes a quoted attribute's value
// as it escapes text.
func escAttr(b *strings.Builder, s string) { escText(b, s) }

// escURL writes u as html/template writes a URL in a quoted attribute:
// whole (at the attribute's start) a scheme other than http, https or
// mailto is refused ("#ZgotmplZ"); bytes a URL may not hold as they are
// are percent-encoded (valid escapes and reserved marks stay); then the
// attribute's entities.
func escURL(b *strings.Builder, u string, whole bool) {
	if whole && !safeScheme(u) {
		b.WriteString("#ZgotmplZ")
		return
	}
	const hex = "0123456789abcdef"
	var enc [3]byte
	enc[0] = '%'
	from := 0
	for i := 0; i < len(u); i++ {
		c := u[i]
		if urlKeeps(c) || c == '%' && i+2 < len(u) && isHex(u[i+1]) && isHex(u[i+2]) {
			continue
		}
		escAttr(b, u[from:i])
		enc[1], enc[2] = hex[c>>4], hex[c&15]
		b.Write(enc[:])
		from = i + 1
	}
	escAttr(b, u[from:])
}

// urlKeeps: the bytes a normalized URL keeps as they are (letters,
// digits, RFC 3986's unreserved and reserved marks); a % stays when it
// begins a valid escape.
func urlKeeps(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!#$&*+,/:;=?@[]", c) >= 0
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// safeScheme: u has no scheme (nothing before a colon, or a slash before
// it), or http, https or mailto.
func safeScheme(u string) bool {
	scheme, _, ok := strings.Cut(u, ":")
	if !ok || strings.Contains(scheme, "/") {
		return true
	}
	return strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https") || strings.EqualFold(scheme, "mailto")
}
