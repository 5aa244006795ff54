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
	}
	for _, lang := range []string{"en", "de"} {
		r := testReader(lang)
		r.zone, _ = time.LoadLocation("Europe/Vienna")
		tpl := template.Must(template.New("moves").Funcs(r.funcs()).Parse(historyMovesTemplate))
		for _, cur := range []int{12, 11, 3} {
			var want strings.Builder
			if err := tpl.Execute(&want, map[string]any{"Moves": moves, "At": cur, "Before": 13}); err != nil {
				t.Fatal(err)
			}
			var got strings.Builder
			for _, m := range moves {
				writeHistoryMove(&got, r, m, cur, 13)
			}
			if got.String() != want.String() {
				t.Errorf("%s, move %d current:\n%s\nthe template wrote\n%s", lang, cur, got.String(), want.String())
			}
		}
	}
}
