package handlers

import (
	"io"
	"strconv"
	"strings"
)

// The layout every page shares (the head, the nav and the footer) is
// written here, around the page's own template ("content"). As a template
// it made about thirty reflective calls on every page of the site (each
// word, escaper and field looked up by name): 13 % of the dashboard's CPU
// (docs/performance.md, "The dashboard and the ladder"). Its words depend
// on the reader's language only, so they are said and escaped once per
// reader (layoutParts); a page writes those parts and its few own values
// (title, image, name, form token, the switch's way back) between them.
// TestLayoutAsTheTemplateWrote holds it to the template it replaced.

// layoutParts are the layout's fixed parts in one language, escaped, for
// a site with or without the local outbox.
type layoutParts struct {
	open     string    // <!doctype html> to the title
	nav      string    // the head's links to the nav's brand
	member   [3]string // a member's nav: to their name, to the sign-out's token, to <main>
	visitor  string    // a visitor's nav, to <main>
	foot     string    // </main> and the footer to the switch's token
	switchTo string    // the switch's fields from its token to its way back
	end      string    // the languages, the button, the end of the page
}

// layout returns the reader's layout parts, said on first use.
func (r *reader) layout(localMail bool) *layoutParts {
	r.layoutOnce.Do(func() { r.layouts = [2]*layoutParts{sayLayout(r, false), sayLayout(r, true)} })
	if localMail {
		return r.layouts[1]
	}
	return r.layouts[0]
}

// sayLayout says the layout's fixed parts for r.
func sayLayout(r *reader, localMail bool) *layoutParts {
	t := func(id string) string { return escapeText(r.sp.T(id)) }
	outbox := ""
	if localMail {
		outbox = `<a href="/outbox">` + t("pages.nav.outbox") + `</a>`
	}
	p := &layoutParts{
		open: "<!doctype html>\n<html lang=\"" + escapeText(r.sp.Lang()) + "\">\n<head>\n<meta charset=\"utf-8\">\n" +
			"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
		nav: "\n<link rel=\"icon\" href=\"/static/favicon.svg\" type=\"image/svg+xml\">\n" +
			"<link rel=\"stylesheet\" href=\"/static/style.css\">\n</head>\n<body>\n<header>\n" +
			"  <nav aria-label=\"" + t("pages.nav.label") + "\">\n    <a href=\"/\" class=\"brand\">Rondel</a>\n    ",
		visitor: "\n      <a href=\"/signin\">" + t("pages.nav.signin") + "</a>\n      " + outbox + "\n    ",
	}
	p.member[0] = "\n      <details class=\"menu-fold\"><summary>" + t("pages.nav.menu") + "</summary></details><div class=\"menu\">" +
		"\n  <a href=\"/\">" + t("pages.nav.games") + "</a>\n  <a href=\"/games/new\">" + t("pages.nav.new_game") +
		"</a>\n  <a href=\"/club\">" + t("club.nav") + "</a>\n  <a href=\"/events\">" + t("event.nav") +
		"</a>\n  <a href=\"/ladder\">" + t("pages.nav.ladders") + "</a>\n  <a href=\"/notify/settings\">" +
		t("pages.nav.absences") + "</a>\n  <a href=\"/settings\">"
	p.member[1] = "</a>\n  " + outbox + "\n  <form method=\"post\" action=\"/signout\" class=\"inline\">\n" +
		"    <input type=\"hidden\" name=\"csrf\" value=\""
	p.member[2] = "\">\n    <button type=\"submit\" class=\"link\">" + t("pages.nav.signout") + "</button>\n  </form>\n</div>\n    "
	const main = "\n  </nav>\n</header>\n<main>\n"
	p.visitor += main
	p.member[2] += main
	p.foot = "\n</main>\n<footer><small>Rondel"
	if localMail {
		p.foot += " · " + string(r.link("pages.footer.local_mail", "/outbox", "pages.footer.outbox"))
	}
	p.foot += "</small>\n  <form method=\"post\" action=\"/language\" class=\"inline lang-switch\">\n" +
		"    <input type=\"hidden\" name=\"csrf\" value=\""
	p.switchTo = "\">\n    <input type=\"hidden\" name=\"back\" value=\""
	var end strings.Builder
	end.WriteString("\">\n    <label for=\"lang-switch\">" + t("pages.footer.language") + "</label>\n    <select id=\"lang-switch\" name=\"lang\">")
	for _, l := range languageChoices(r.sp.Lang()) {
		end.WriteString(`<option value="` + escapeText(l.Code) + `" lang="` + escapeText(l.Code) + `"`)
		if l.Selected {
			end.WriteString(" selected")
		}
		end.WriteString(">" + escapeText(l.Name) + "</option>")
	}
	end.WriteString("</select>\n    <button type=\"submit\">" + t("pages.footer.switch") + "</button>\n  </form>\n</footer>\n</body>\n</html>\n")
	p.end = end.String()
	return p
}

// pageWriter is what a page is written to (a bytes.Buffer).
type pageWriter interface {
	io.Writer
	io.StringWriter
}

// bodyWriter is a page whose content is written in Go (the game page,
// game_html.go): straight into the page, not through its template.
type bodyWriter interface {
	writeBody(w pageWriter, r *reader, csrf string)
}

// writePage writes v's page for r: the layout around the page's content
// template, executed from t.
func (p *perReader) writePage(w pageWriter, r *reader, v view) error {
	lp := r.layout(v.LocalMail)
	w.WriteString(lp.open)
	w.WriteString(escapeText(v.Title))
	w.WriteString(" · Rondel</title>\n")
	if img := v.Image; img != nil {
		w.WriteString("<meta property=\"og:title\" content=\"" + escapeText(img.Title) + " · Rondel\">\n" +
			"<meta property=\"og:type\" content=\"website\">\n<meta property=\"og:image\" content=\"" + escapeText(img.URL) + "\">\n" +
			"<meta property=\"og:image:type\" content=\"image/png\">\n<meta property=\"og:image:width\" content=\"" +
			strconv.Itoa(img.Width) + "\">\n<meta property=\"og:image:height\" content=\"" + strconv.Itoa(img.Height) + "\">\n" +
			"<meta property=\"og:image:alt\" content=\"" + escapeText(img.Alt) + "\">\n<meta name=\"twitter:card\" content=\"summary_large_image\">\n")
	}
	w.WriteString(lp.nav)
	csrf := escapeText(v.CSRF)
	if v.User != nil {
		w.WriteString(lp.member[0])
		w.WriteString(escapeText(v.User.Name()))
		w.WriteString(lp.member[1])
		w.WriteString(csrf)
		w.WriteString(lp.member[2])
	} else {
		w.WriteString(lp.visitor)
	}
	if b, ok := v.Page.(bodyWriter); ok {
		b.writeBody(w, r, v.CSRF)
	} else if err := p.execute(w, "content", r, v); err != nil {
		return err
	}
	w.WriteString(lp.foot)
	w.WriteString(csrf)
	w.WriteString(lp.switchTo)
	w.WriteString(escapeText(v.Back))
	_, err := w.WriteString(lp.end)
	return err
}
