package handlers

import (
	"html/template"
	"strings"
)

// The dashboard's content around its rows (rows.go), written in Go: as a
// template its dozen words, conditions and fields were each a reflective
// call, 7 % of the page after the rows and the layout were written in Go
// (docs/performance.md). TestDashboardAsTheTemplateWrote holds it to the
// template it replaced.

// dashboardHTML writes the content of "your games".
func dashboardHTML(r *reader, p *dashboardPage) template.HTML {
	t := func(id string) string { return escapeText(r.sp.T(id)) }
	var b strings.Builder
	b.Grow(len(p.InPlayRows) + len(p.WaitingRows) + len(p.FinishedRows) + 2048)
	b.WriteString("\n\n<h1>" + t("pages.dashboard.title") + "</h1>\n")
	if p.Empty() {
		b.WriteString("\n<p>" + string(r.link("pages.dashboard.empty", "/games/new", "pages.dashboard.start")) + "</p>\n")
	} else {
		table := func(id, heading string, rows template.HTML) {
			b.WriteString("\n<section id=\"" + id + "\" aria-labelledby=\"" + id + "-h\">\n<h2 id=\"" + id + "-h\">" + t(heading) +
				"</h2>\n\n<div class=\"wide\"><table class=\"games\">\n<thead><tr><th>" + t("pages.dashboard.game") + "</th><th>" +
				t("pages.dashboard.players") + "</th><th>" + t("pages.dashboard.state") + "</th><th>" + t("pages.dashboard.waiting") +
				"</th></tr></thead>\n<tbody>\n" + string(rows) + "\n</tbody>\n</table></div>\n\n</section>\n")
		}
		b.WriteString("\n")
		if len(p.InPlay) > 0 {
			table("in-play", "pages.dashboard.in_play", p.InPlayRows)
		}
		b.WriteString("\n")
		if len(p.Waiting) > 0 {
			table("waiting", "pages.dashboard.waiting_players", p.WaitingRows)
		}
		b.WriteString("\n")
		if len(p.Finished) > 0 || p.Newer != "" {
			dashFinishedHTML(&b, t, p)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n<p><a href=\"/games/new\" class=\"button\">" + t("pages.nav.new_game") + "</a></p>\n")
	return template.HTML(b.String())
}

// dashFinishedHTML writes the section of finished games and its pager.
func dashFinishedHTML(b *strings.Builder, t func(string) string, p *dashboardPage) {
	b.WriteString("\n<section id=\"finished\" aria-labelledby=\"finished-h\">\n<h2 id=\"finished-h\">" + t("pages.dashboard.finished") + "</h2>\n")
	if len(p.Finished) > 0 {
		b.WriteString("\n<div class=\"wide\"><table class=\"games\">\n<thead><tr><th>" + t("pages.dashboard.game") + "</th><th>" +
			t("pages.dashboard.players") + "</th><th>" + t("pages.dashboard.state") + "</th><th>" + t("pages.dashboard.ended") +
			"</th></tr></thead>\n<tbody>\n" + string(p.FinishedRows) + "\n</tbody>\n</table></div>\n")
	}
	b.WriteString("\n")
	if p.Newer != "" || p.Older != "" {
		b.WriteString("<p class=\"pager\">")
		if p.Newer != "" {
			b.WriteString("<a href=\"" + escapeURL(p.Newer) + "\" rel=\"prev\">" + t("pages.dashboard.newer") + "</a>")
		}
		b.WriteString(" ")
		if p.Older != "" {
			b.WriteString("<a href=\"" + escapeURL(p.Older) + "\" rel=\"next\">" + t("pages.dashboard.older") + "</a>")
		}
		b.WriteString("</p>")
	}
	b.WriteString("\n</section>\n")
}

// escapeURL is the URL s as html/template writes it into a quoted href
// (its URL filter, normalizer and attribute escaper): a link of this
// site's own making, so a scheme other than http, https or mailto never
// comes, and is refused as the template refuses it.
func escapeURL(s string) string {
	if proto, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(proto, "/") &&
		!strings.EqualFold(proto, "http") && !strings.EqualFold(proto, "https") && !strings.EqualFold(proto, "mailto") {
		return "#ZgotmplZ"
	}
	const hex = "0123456789abcdef"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("!#$&*+,/:;=?@[]-._~", c) >= 0,
			c == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]):
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return escapeText(b.String())
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
