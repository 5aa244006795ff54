package handlers

import (
	"html/template"
	"strings"
	"testing"
	"time"

	"rondel/store"
)

// keptPartsTemplates is what game.html said of the kept parts before they
// were written in Go (kept_html.go): the Go writers must write what these
// wrote.
const keptPartsTemplates = `{{define "moves"}}
<ol class="log">
{{range .}}
  <li value="{{.Seq}}"{{if .Cancelled}} class="cancelled"{{else if .TakeBack}} class="took-back"{{end}}><span class="who">{{.Who}}</span>{{with .By}} <small>({{.}})</small>{{end}} <small>{{datetime .At}}</small>{{if .Cancelled}} <small class="tag">{{t "pages.game.cancelled"}}</small>{{end}}
    <ul>{{range .Events}}<li>{{.}}</li>{{end}}</ul></li>
{{end}}
</ol>
{{end}}
{{define "strip"}}{{with .Glance}}<section class="strip" aria-labelledby="strip-h">
  <h2 id="strip-h" class="sr-only">{{t "pages.game.strip"}}</h2>
  {{range .}}<table class="glance">
    <thead><tr><th scope="col">{{.Head}}</th>{{range .Columns}}<th scope="col">{{.}}</th>{{end}}</tr></thead>
    <tbody>{{range .Rows}}<tr{{if or .You .Turn}} class="{{if .You}}you{{end}}{{if .Turn}} turn{{end}}"{{end}}><th scope="row"><span class="named">{{.Chip}}{{if .Short}}<span class="long">{{.Name}}</span><span class="short" aria-hidden="true">{{.Short}}</span>{{else}}<span>{{.Name}}</span>{{end}}</span></th>{{range .Cells}}<td>{{.}}</td>{{end}}</tr>{{end}}</tbody>
  </table>{{end}}
</section>{{end}}{{end}}

{{define "result"}}{{with .Result}}
<section class="result">
  <h2>{{t "pages.game.result"}}</h2>
  <table>
  <thead><tr><th>{{t "pages.game.place"}}</th><th>{{t "pages.game.player"}}</th><th>{{t "pages.game.score"}}</th></tr></thead>
  <tbody>{{range .Rows}}<tr{{if .You}} class="you"{{end}}><td>{{num .Place}}</td><td>{{.Name}}</td><td>{{num .Score}}</td></tr>{{end}}</tbody>
  </table>
  {{with .TieBreak}}<p class="tie-break"><strong>{{t "pages.game.tie_breaks"}}</strong> {{.}}</p>{{end}}
</section>
{{end}}{{end}}

{{define "account"}}{{with .Account}}
<section class="account" aria-labelledby="account-heading">
  <h2 id="account-heading">{{t "pages.account.heading"}}</h2>
  {{range .Charts}}
  <figure class="chart">
    <figcaption>{{.Title}}</figcaption>
    <div class="plot-box">{{.SVG}}</div>
    <ul class="legend" aria-label="{{t "pages.account.legend"}}">
      {{range .Legend}}<li>{{.Swatch}} <span>{{.Name}}: <strong>{{num .Last}}</strong></span></li>{{end}}
    </ul>
    <details>
      <summary>{{t "pages.account.values"}}</summary>
      <div class="wide" tabindex="0" role="region" aria-label="{{.Title}}"><table class="values">
        <thead><tr><th scope="col">{{.X}}</th>{{.Heads}}</tr></thead>
        <tbody>{{range .Legend}}<tr><th scope="row">{{.Name}}</th>{{.Cells}}</tr>{{end}}</tbody>
      </table></div>
    </details>
  </figure>
  {{end}}
  {{range .Tables}}
  <div class="wide" tabindex="0" role="region" aria-label="{{.Title}}"><table class="stats">
    <caption>{{.Title}}</caption>
    <thead><tr><th scope="col">{{.Head}}</th>{{range .Columns}}<th scope="col"{{if .Num}} class="num"{{end}}>{{.Text}}</th>{{end}}</tr></thead>
    <tbody>{{range .Rows}}<tr><th scope="row"><span class="named">{{.Swatch}}<span>{{.Name}}</span></span></th>{{.HTML}}</tr>{{end}}</tbody>
  </table></div>
  {{end}}
</section>
{{end}}{{end}}

{{define "recent"}}{{if .Recent}}
<section class="recent">
  <h2>{{t "pages.game.recent"}}</h2>
  {{template "moves" .Recent}}
  <p><a href="/games/{{.Game.ID}}/history">{{t "pages.game.history"}}</a></p>
</section>
{{end}}{{end}}`

// TestKeptPartsAsTheTemplatesWrote: the strip, result, account and recent
// moves written in Go read byte for byte as the templates wrote them, in
// English and German, with words that need escaping and every branch of
// the templates taken.
func TestKeptPartsAsTheTemplatesWrote(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC)
	nasty := `Ada & <Bob> "+1" 'x'`
	g7 := store.Game{ID: 7}
	// The parts a view keeps, with the account the page no longer holds
	// as words and plots (only its HTML is kept).
	type keptView struct {
		Game    *store.Game
		Glance  []glanceTable
		Result  *resultView
		Account *accountView
		Recent  []moveView
	}
	views := []*keptView{
		{Game: &g7},
		{
			Game: &g7,
			Glance: []glanceTable{
				{Head: "Nation " + nasty, Columns: []string{"Power", "Cash <M>"}, Rows: []glanceRow{
					{Chip: chip("#aa0000"), Name: "Austria-Hungary", Short: "AH", Cells: []string{"12", "3M"}, You: true, Turn: true},
					{Chip: chip("#00aa00"), Name: nasty, Cells: []string{"0", ""}, Turn: true},
					{Name: "Italy", Short: "IT", You: true},
					{Name: "France"},
				}},
				{Head: "Players", Rows: []glanceRow{{Name: "Cy"}}},
			},
			Result: &resultView{Rows: []resultRow{{Place: 1, Name: nasty, Score: 1234, You: true}, {Place: 2, Name: "Cy", Score: 99}}, TieBreak: nasty},
			Account: &accountView{
				Charts: []chartView{{ID: "power", Title: "Power " + nasty, plot: plotSpec{ID: "power", Title: "P", Lines: []plotLine{{Name: "A", Values: []int{1, 5}}}},
					Legend: []legendItem{{Swatch: swatch(0, "#aa0000"), Name: nasty, Last: 5, Cells: "<td>1</td><td>5</td>"}, {Name: "B", Last: 12345}},
					X:      "Round & turn", Heads: "<th>1</th><th>2</th>"}, {Title: "Empty"}},
				Tables: []statsView{{Title: "Stats " + nasty, Head: "Nation", Columns: []statsCell{{Text: "Bonds", Num: true}, {Text: "Note <x>"}},
					Rows: []statsRow{{Swatch: chip("#0000aa"), Name: nasty, HTML: `<td class="num">3</td><td>x</td>`}, {Name: "B"}}}, {Title: "None"}},
			},
			Recent: []moveView{
				{Seq: 12, Who: nasty, At: at, Events: []string{`Italy builds a "fleet" in Rome.`, "+2 'power'"}},
				{Seq: 11, Who: "Cy", By: "by the <caretaker>", At: at.Add(-time.Hour), Cancelled: true, TakeBack: true},
				{Seq: 10, Who: "Dora", At: at.Add(-49 * time.Hour), TakeBack: true, Events: []string{}},
			},
		},
		{Game: &g7, Result: &resultView{}, Account: &accountView{}, Recent: []moveView{{Seq: 1, Who: "A", At: at}}},
	}
	for _, lang := range []string{"en", "de"} {
		r := testReader(lang)
		tpl := template.Must(template.New("parts").Funcs(r.funcs()).Parse(keptPartsTemplates))
		for i, v := range views {
			for _, part := range []struct {
				name string
				got  template.HTML
			}{
				{"strip", stripHTML(r, v.Glance)},
				{"result", resultHTML(r, v.Result)},
				{"account", accountHTML(r, v.Account)},
				{"recent", recentHTML(r, v.Game.ID, v.Recent)},
			} {
				var want strings.Builder
				if err := tpl.ExecuteTemplate(&want, part.name, v); err != nil {
					t.Fatal(err)
				}
				if string(part.got) != want.String() {
					t.Errorf("%s, view %d, %s:\n%s\nthe template wrote\n%s", lang, i, part.name, part.got, want.String())
				}
			}
		}
	}
}
