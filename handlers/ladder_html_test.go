package handlers

import (
	"html/template"
	"strings"
	"testing"

	"rondel/game/words"
)

// ladderTemplate is ladder_page.html as it was before its content was
// written in Go (ladder_html.go): the Go writer must write what it wrote.
// Its Body was the rows.
const ladderTemplate = `{{define "content"}}
{{$p := .Page}}
<p><a href="/ladder">← {{t "pages.ladder.all_ladders"}}</a></p>
<h1>{{t "pages.ladder.title" "game" $p.Name}}{{with $p.Season}} <small>{{t "pages.ladder.season" "season" .}}</small>{{end}}</h1>
{{if gt (len $p.Tabs) 1}}<p class="tabs">{{range $i, $t := $p.Tabs}}{{if $i}} · {{end}}{{if $t.Current}}<strong>{{$t.Name}}</strong>{{else}}<a href="{{$t.Link}}">{{$t.Name}}</a>{{end}}{{end}}</p>{{end}}
{{if not $p.Rows}}<p>{{if $p.Season}}{{t "pages.ladder.empty_season" "game" $p.Name}}{{else}}{{t "pages.ladder.empty" "game" $p.Name}}{{end}}</p>{{else}}
{{template "ladder-pages" $p}}
<div class="wide"><table class="ladder">
<thead><tr><th>{{t "pages.ladder.rank"}}</th><th>{{t "pages.ladder.player"}}</th><th>{{t "pages.ladder.rating"}}</th><th>{{t "pages.ladder.games"}}</th><th>{{t "pages.ladder.wins"}}</th><th>{{t "pages.ladder.timeouts"}}</th><th>{{t "pages.ladder.median"}}</th></tr></thead>
<tbody>
{{$p.Body}}
</tbody>
</table></div>
{{if or $p.Better $p.Lower}}{{template "ladder-pages" $p}}{{end}}
<p><small>{{t "pages.ladder.notes" "count" $p.Provisional}}</small></p>
{{end}}
<p><a href="{{$p.Records}}" download>{{t "pages.ladder.download"}}</a> {{t "pages.ladder.download_note"}}</p>
{{end}}
{{define "ladder-pages"}}{{$p := .}}<nav class="pager" aria-label="{{t "pages.ladder.pages"}}">{{with $p.Better}}<a href="{{.}}" rel="prev">← {{t "pages.ladder.better"}}</a> {{end}}<span>{{t "pages.ladder.places" "from" $p.From "to" $p.To "total" $p.Total}}</span>{{with $p.Lower}} <a href="{{.}}" rel="next">{{t "pages.ladder.lower"}} →</a>{{end}}{{with $p.YourPage}} · <a href="{{.}}">{{t "pages.ladder.your_place" "rank" $p.YourRank}}</a>{{end}}</nav>{{end}}
`

// TestLadderAsTheTemplateWrote: a ladder page's content written in Go is
// byte for byte the template's, in every language: all time and a
// season, one tab and several (the current one in the middle), no rows
// (either empty message) and rows, each pager link alone and together,
// numbers that are grouped, and names and links that need every escape;
// and says no message the catalogue lacks.
func TestLadderAsTheTemplateWrote(t *testing.T) {
	odd := "<Imp> & 'x' \"y\"+\x00"
	tabs := [][]seasonTab{
		{{Name: "All time", Link: "/ladder/k", Current: true}},
		{{Name: "All time", Link: "/ladder/k"}, {Name: odd, Link: "/ladder/k?season=" + urlQuery(odd), Current: true},
			{Name: "javascript", Link: "javascript:alert(1)"}},
	}
	links := [][3]string{{"", "", ""}, {"/ladder/k?before=1.5~3", "", ""}, {"", "/ladder/k?after=-2~10&season=a%20b", ""},
		{"", "", "/ladder/k?from=0~7"}, {"/ladder/k?before=1~2", "/ladder/k?after=0~9", "/ladder/k?from=3.25~1"},
		{"/a b?c=<d>&e='f'+g %zz", "HTTPS://x.test/", "mailto:a@b"}}
	rows := []ladderRow{{Rank: 1, MemberID: 3, Name: odd, Rating: "1.0", Games: 2, Wins: 1, Median: "1 h", You: true}}
	for _, lang := range words.Languages {
		r := testReader(lang)
		ref, err := template.New("ref").Funcs(r.funcs()).Option("missingkey=error").Parse(ladderTemplate)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, season := range []string{"", odd} {
			for _, ts := range tabs {
				for _, rs := range [][]ladderRow{nil, {}, rows} {
					for _, l := range links {
						p := ladderPage{Kind: "k", Name: odd, Season: season, Tabs: ts, Rows: rs, Provisional: 5,
							Records: "/ladder/k/records.ndjson?season=" + urlQuery(season), From: 1001, To: 1100, Total: 12345,
							Better: l[0], Lower: l[1], YourPage: l[2], YourRank: 2345}
						p.Body = ladderRowsHTML(r, p.Rows)
						var want strings.Builder
						if err := ref.ExecuteTemplate(&want, "content", view{Page: p}); err != nil {
							t.Fatal(err)
						}
						got := string(ladderHTML(r, &p))
						if m := missingMessage.FindString(got); m != "" {
							t.Errorf("%s: the ladder says %s: the catalogue lacks it", lang, m)
						}
						if got != want.String() {
							t.Errorf("%s, season %q, %d tabs, %d rows, links %q: Go wrote\n%s\nthe template\n%s",
								lang, p.Season, len(p.Tabs), len(p.Rows), l, got, want.String())
						}
						n++
					}
				}
			}
		}
		if n != 72 {
			t.Fatalf("%s: %d pages compared", lang, n)
		}
	}
}
