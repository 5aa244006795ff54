package handlers

import (
	"bytes"
	"html/template"
	"testing"

	"rondel/game/words"
	"rondel/store"
)

// layoutTemplate is the layout as templates/layout.html said it before it
// was written in Go (layout.go): the Go writer must write what it wrote.
const layoutTemplate = `{{define "layout"}}<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · Rondel</title>
{{with .Image}}<meta property="og:title" content="{{.Title}} · Rondel">
<meta property="og:type" content="website">
<meta property="og:image" content="{{.URL}}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="{{.Width}}">
<meta property="og:image:height" content="{{.Height}}">
<meta property="og:image:alt" content="{{.Alt}}">
<meta name="twitter:card" content="summary_large_image">
{{end}}
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
</head>
<body>
<header>
  <nav aria-label="{{t "pages.nav.label"}}">
    <a href="/" class="brand">Rondel</a>
    {{if .User}}
      <details class="menu-fold"><summary>{{t "pages.nav.menu"}}</summary></details><div class="menu">{{template "navlinks" .}}</div>
    {{else}}
      <a href="/signin">{{t "pages.nav.signin"}}</a>
      {{if .LocalMail}}<a href="/outbox">{{t "pages.nav.outbox"}}</a>{{end}}
    {{end}}
  </nav>
</header>
<main>
{{template "content" .}}
</main>
<footer><small>Rondel{{if .LocalMail}} · {{link "pages.footer.local_mail" "/outbox" "pages.footer.outbox"}}{{end}}</small>
  <form method="post" action="/language" class="inline lang-switch">
    <input type="hidden" name="csrf" value="{{.CSRF}}">
    <input type="hidden" name="back" value="{{.Switch.Back}}">
    <label for="lang-switch">{{t "pages.footer.language"}}</label>
    <select id="lang-switch" name="lang">{{range .Switch.Languages}}<option value="{{.Code}}" lang="{{.Code}}"{{if .Selected}} selected{{end}}>{{.Name}}</option>{{end}}</select>
    <button type="submit">{{t "pages.footer.switch"}}</button>
  </form>
</footer>
</body>
</html>
{{end}}

{{define "navlinks"}}
  <a href="/">{{t "pages.nav.games"}}</a>
  <a href="/games/new">{{t "pages.nav.new_game"}}</a>
  <a href="/club">{{t "club.nav"}}</a>
  <a href="/events">{{t "event.nav"}}</a>
  <a href="/ladder">{{t "pages.nav.ladders"}}</a>
  <a href="/notify/settings">{{t "pages.nav.absences"}}</a>
  <a href="/settings">{{.User.Name}}</a>
  {{if .LocalMail}}<a href="/outbox">{{t "pages.nav.outbox"}}</a>{{end}}
  <form method="post" action="/signout" class="inline">
    <input type="hidden" name="csrf" value="{{.CSRF}}">
    <button type="submit" class="link">{{t "pages.nav.signout"}}</button>
  </form>
{{end}}` + layoutContent

// layoutContent is the page the two layouts are written around.
const layoutContent = `{{define "content"}}<p>{{.Title}} · {{.Page}}</p>{{end}}`

// layoutRefView is what the template read: the view and the switch's
// languages.
type layoutRefView struct {
	view
	Switch struct {
		Languages []languageChoice
		Back      string
	}
}

// TestLayoutAsTheTemplateWrote: the layout written in Go is byte for byte
// the template's, in every language, for a member and a visitor, with and
// without the local outbox and a page's image, with values that need
// every escape.
func TestLayoutAsTheTemplateWrote(t *testing.T) {
	const odd = "<a href='x'>\"Ada\" & Bob+1\x00 \xff</a>"
	users := []*store.User{nil, {ID: 3, DisplayName: "Ada"}, {ID: 4, DisplayName: odd}, {ID: 5, Email: "e+1@x.test"}}
	images := []*ogImage{nil, {Title: odd, URL: "https://x.test/games/7/board.png?v=1&w=2+3", Width: 1200, Height: 630, Alt: odd}}
	content, err := newTemplate("content").Parse(layoutContent)
	if err != nil {
		t.Fatal(err)
	}
	page := newPerReader(content)
	for _, lang := range words.Languages {
		r := testReader(lang)
		ref, err := template.New("ref").Funcs(r.funcs()).Option("missingkey=error").Parse(layoutTemplate)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range users {
			for _, img := range images {
				for _, local := range []bool{false, true} {
					v := view{Lang: lang, Title: odd, User: u, CSRF: "tok+/=\"'", LocalMail: local, RequestID: "r",
						Image: img, Back: "/club?kind=imperial&player=a+b@x.test&q=<'\">", Page: "page"}
					rv := layoutRefView{view: v}
					rv.Switch.Languages, rv.Switch.Back = languageChoices(lang), v.Back
					var want, got bytes.Buffer
					if err := ref.ExecuteTemplate(&want, "layout", rv); err != nil {
						t.Fatal(err)
					}
					if err := page.writePage(&got, r, v); err != nil {
						t.Fatal(err)
					}
					if got.String() != want.String() {
						t.Errorf("%s, user %v, image %v, local mail %v: the layout wrote\n%s\nthe template\n%s", lang, u, img != nil, local, got.String(), want.String())
					}
				}
			}
		}
	}
}
