package handlers

import (
	"html/template"
	"strings"
	"testing"
	"time"
)

// historyMovesTemplate is how history.html wrote a turn's moves before
// they were written in Go (history_moves.go).
const historyMovesTemplate = `{{$h := .}}{{range .Moves}}
        <li class="{{if eq .Seq $h.At}}current{{end}}{{if .Cancelled}} cancelled{{end}}"{{if eq .Seq $h.At}} aria-current="true"{{end}}>
          <p class="move-head"><span class="seq">{{.Seq}}.</span> <span class="who">{{.Who}}{{with .By}} <small>({{.}})</small>{{end}}{{if .Cancelled}} <small class="tag">{{t "pages.game.cancelled"}}</small>{{end}}</span>
            <time datetime="{{.At.UTC.Format "2006-01-02T15:04:05Z"}}">{{datetime .At}}</time>
            <a class="to-board" href="?before={{$h.Before}}&amp;at={{.Seq}}#board">{{t "pages.history.board_after" "seq" .Seq}}</a></p>
          {{if .Events}}<ul class="what">{{range .Events}}<li>{{.}}</li>{{end}}</ul>{{end}}
        </li>
      {{end}}`

// TestHistoryMovesAsTheTemplateWrote: moves current or not, cancelled, made
// by the caretaker, with words to escape, in two languages and a zone
// read as the template wrote them.
func TestHistoryMovesAsTheTemplateWrote(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC)
	moves := []moveView{
		{Seq: 12, Who: "Ada & <Bob>", At: at, Events: []string{`Italy builds a "fleet" in Rome.`, "+2 'power'"}},
		{Seq: 11, Who: "Cy", By: "by the caretaker", At: at.Add(-time.Hour), Cancelled: true},
		{Seq: 10, Who: "Dora", At: at.Add(-49 * time.Hour), TakeBack: true, Events: []string{}},
		{Seq: 1234, Who: "Eve", At: at.Add(-5000 * time.Hour), Events: []string{"a move of a long game"}},
	}
	// Vienna's zone has names (CET, CEST); Dubai's is written "+04", a sign to escape.
	for _, zone := range []string{"Europe/Vienna", "Asia/Dubai"} {
		for _, lang := range []string{"en", "de", "zh"} {
			r := testReader(lang)
			r.zone, _ = time.LoadLocation(zone)
			tpl := template.Must(template.New("moves").Funcs(r.funcs()).Parse(historyMovesTemplate))
			for _, cur := range []int{12, 11, 3} {
				var want strings.Builder
				if err := tpl.Execute(&want, map[string]any{"Moves": moves, "At": cur, "Before": 13}); err != nil {
					t.Fatal(err)
				}
				var got strings.Builder
				w := newMoveWords(r)
				for _, m := range moves {
					writeHistoryMove(&got, w, m, cur, 13)
				}
				if got.String() != want.String() {
					t.Errorf("%s, %s, move %d current:\n%s\nthe template wrote\n%s", zone, lang, cur, got.String(), want.String())
				}
			}
		}
	}
}

// TestWriteEscapedIsEscapeText: every byte, escaped alone and among others.
func TestWriteEscapedIsEscapeText(t *testing.T) {
	t.Parallel()
	for c := range 256 {
		s := "a" + string([]byte{byte(c)}) + "b" + string([]byte{byte(c)})
		var b strings.Builder
		writeEscaped(&b, []byte(s))
		if b.String() != escapeText(s) {
			t.Errorf("%q: wrote %q, escapeText %q", s, b.String(), escapeText(s))
		}
	}
}

// historyRoundsTemplate is how history.html wrote a page's rounds before
// they were written in Go (roundsHTML), each turn's moves given written.
const historyRoundsTemplate = `{{range .}}
  <section class="round">
    {{if .Round}}<h3>{{t "pages.history.round" "n" .Round}}</h3>{{end}}
    {{range .Turns}}
    <div class="turn"{{with .Style}} style="{{.}}"{{end}}>
      {{if .Side}}<p class="side">{{.Chip}} <strong>{{.Side}}</strong></p>{{end}}
      <ol class="moves">
      {{.Moves}}
      </ol>
    </div>
    {{end}}
  </section>
  {{end}}`

// TestHistoryRoundsAsTheTemplateWrote: rounds with and without a number,
// turns with and without a side (a name to escape, a colour, a chip), in
// two languages, read as the template wrote them.
func TestHistoryRoundsAsTheTemplateWrote(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC)
	moves := []moveView{{Seq: 12, Who: "Ada & <Bob>", At: at, Events: []string{"Italy builds a fleet."}}, {Seq: 11, Who: "Cy", At: at}}
	rounds := []roundView{
		{Round: 7, Turns: []turnView{
			{Side: "Österreich & <Ungarn>", Style: "border-left-color: #aa2233", Chip: chip("#aa2233"), Moves: moves},
			{Side: "Italy", Moves: moves[1:]},
		}},
		{Turns: []turnView{{Moves: moves}}},
	}
	type turnPage struct {
		Side  string
		Style template.CSS
		Chip  template.HTML
		Moves template.HTML
	}
	type roundPage struct {
		Round int
		Turns []turnPage
	}
	for _, lang := range []string{"en", "de"} {
		r := testReader(lang)
		var pages []roundPage
		for _, rd := range rounds {
			p := roundPage{Round: rd.Round}
			for _, tv := range rd.Turns {
				var b strings.Builder
				for _, m := range tv.Moves {
					writeHistoryMove(&b, newMoveWords(r), m, 12, 13)
				}
				p.Turns = append(p.Turns, turnPage{Side: tv.Side, Style: tv.Style, Chip: tv.Chip, Moves: template.HTML(b.String())})
			}
			pages = append(pages, p)
		}
		tpl := template.Must(template.New("rounds").Funcs(r.funcs()).Parse(historyRoundsTemplate))
		var want strings.Builder
		if err := tpl.Execute(&want, pages); err != nil {
			t.Fatal(err)
		}
		if got := roundsHTML(r, rounds, 12, 13); string(got) != want.String() {
			t.Errorf("%s:\n%s\nthe template wrote\n%s", lang, got, want.String())
		}
		if got := roundsHTML(r, nil, 12, 13); got != "" {
			t.Errorf("%s: no rounds wrote %q", lang, got)
		}
	}
}
