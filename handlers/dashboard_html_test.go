package handlers

import (
	"html/template"
	"strings"
	"testing"
	"time"

	"rondel/game/words"
)

// dashboardTemplate is dashboard.html as it was before its content was
// written in Go (dashboard_html.go): the Go writer must write what it
// wrote.
const dashboardTemplate = `{{define "content"}}
{{$p := .Page}}
<h1>{{t "pages.dashboard.title"}}</h1>
{{if $p.Empty}}
<p>{{link "pages.dashboard.empty" "/games/new" "pages.dashboard.start"}}</p>
{{else}}
{{if $p.InPlay}}
<section id="in-play" aria-labelledby="in-play-h">
<h2 id="in-play-h">{{t "pages.dashboard.in_play"}}</h2>
{{template "dashgames" $p.InPlayRows}}
</section>
{{end}}
{{if $p.Waiting}}
<section id="waiting" aria-labelledby="waiting-h">
<h2 id="waiting-h">{{t "pages.dashboard.waiting_players"}}</h2>
{{template "dashgames" $p.WaitingRows}}
</section>
{{end}}
{{if or $p.Finished $p.Newer}}
<section id="finished" aria-labelledby="finished-h">
<h2 id="finished-h">{{t "pages.dashboard.finished"}}</h2>
{{if $p.Finished}}
<div class="wide"><table class="games">
<thead><tr><th>{{t "pages.dashboard.game"}}</th><th>{{t "pages.dashboard.players"}}</th><th>{{t "pages.dashboard.state"}}</th><th>{{t "pages.dashboard.ended"}}</th></tr></thead>
<tbody>
{{$p.FinishedRows}}
</tbody>
</table></div>
{{end}}
{{if or $p.Newer $p.Older}}<p class="pager">{{with $p.Newer}}<a href="{{.}}" rel="prev">{{t "pages.dashboard.newer"}}</a>{{end}} {{with $p.Older}}<a href="{{.}}" rel="next">{{t "pages.dashboard.older"}}</a>{{end}}</p>{{end}}
</section>
{{end}}
{{end}}
<p><a href="/games/new" class="button">{{t "pages.nav.new_game"}}</a></p>
{{end}}

{{/* The games in play or waiting for players: their rows (handlers/rows.go). */}}
{{define "dashgames"}}
<div class="wide"><table class="games">
<thead><tr><th>{{t "pages.dashboard.game"}}</th><th>{{t "pages.dashboard.players"}}</th><th>{{t "pages.dashboard.state"}}</th><th>{{t "pages.dashboard.waiting"}}</th></tr></thead>
<tbody>
{{.}}
</tbody>
</table></div>
{{end}}`

// TestDashboardAsTheTemplateWrote: the dashboard's content written in Go
// is byte for byte the template's, in every language, empty, with each
// section alone and all together, with and without a pager each way, and
// pager links that need the URL escapes; and says no message the
// catalogue lacks (the page's sample no longer goes through its words).
func TestDashboardAsTheTemplateWrote(t *testing.T) {
	row := dashRow{ID: 7, Name: "<Ann's> & \"game\"+", Kind: "Imperial", State: "x", Waiting: "1 h", Since: time.Unix(0, 0), Players: "A and B"}
	rows := []dashRow{row}
	key := clubKey(time.Date(2026, 11, 28, 10, 1, 2, 345, time.UTC), 42)
	pagers := [][2]string{{"", ""}, {"/#finished", ""}, {"", "/?finished_after=" + key + "#finished"},
		{"/?finished_before=" + key + "#finished", "/?finished_after=" + key + "#finished"},
		{"/?a=<b>&c='d'+e %zz %4a é\x00#f", "javascript:alert(1)"}, {"HTTPS://x.test/a b", "mailto:a@b"}}
	for _, lang := range words.Languages {
		r := testReader(lang)
		ref, err := template.New("ref").Funcs(r.funcs()).Option("missingkey=error").Parse(dashboardTemplate)
		if err != nil {
			t.Fatal(err)
		}
		var pages []dashboardPage
		for _, in := range [][3][]dashRow{{}, {rows}, {nil, rows}, {nil, nil, rows}, {rows, rows, rows}} {
			for _, pg := range pagers {
				p := dashboardPage{InPlay: in[0], Waiting: in[1], Finished: in[2], Newer: pg[0], Older: pg[1]}
				p.InPlayRows, p.WaitingRows = dashRowsHTML(r, p.InPlay, true), dashRowsHTML(r, p.Waiting, true)
				p.FinishedRows = dashRowsHTML(r, p.Finished, false)
				pages = append(pages, p)
			}
		}
		for _, p := range pages {
			var want strings.Builder
			if err := ref.ExecuteTemplate(&want, "content", view{Page: p}); err != nil {
				t.Fatal(err)
			}
			got := string(dashboardHTML(r, &p))
			if m := missingMessage.FindString(got); m != "" {
				t.Errorf("%s: the dashboard says %s: the catalogue lacks it", lang, m)
			}
			if got != want.String() {
				t.Errorf("%s, %d in play, %d waiting, %d finished, pager %q %q: Go wrote\n%s\nthe template\n%s",
					lang, len(p.InPlay), len(p.Waiting), len(p.Finished), p.Newer, p.Older, got, want.String())
			}
		}
	}
}
