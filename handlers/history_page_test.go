package handlers

import (
	"html/template"
	"strings"
	"testing"

	"rondel/store"
)

// historyPageTemplate is history.html before its words were written in
// Go (history_page.go).
const historyPageTemplate = `{{define "content"}}
{{$h := .Page}}
<p><a href="/games/{{$h.Game.ID}}">← {{$h.Game.Name}}</a></p>
<h1>{{t "pages.history.heading"}} <small>{{$h.Kind}}</small></h1>
<p><a href="/games/{{$h.Game.ID}}/record.json">{{t "pages.history.download"}}</a> {{t "pages.history.download_note"}}
  · <a href="/games/{{$h.Game.ID}}/log.txt">{{t "pages.history.log"}}</a></p>
<section class="viewer" id="board">
  <h2>{{if eq $h.At 0}}{{t "pages.history.board_start"}}{{else}}{{t "pages.history.board_after" "seq" $h.At}}{{end}}</h2>
  <p class="steps">
    <a href="?before={{$h.Before}}&amp;at=0#board">{{t "pages.history.start"}}</a> · <a href="?at={{$h.Prev}}#board">← {{t "pages.history.previous"}}</a> · <a href="?at={{$h.Next}}#board">{{t "pages.history.next"}} →</a> · <a href="?at={{$h.Last}}#board">{{t "pages.history.now"}}</a>
  </p>
  {{with $h.Board}}<div class="board" tabindex="0" role="region" aria-label="{{t "pages.game.board"}}">{{.}}</div>{{end}}
</section>
<section class="history" aria-labelledby="every-move">
  <h2 id="every-move">{{t "pages.history.every_move"}}{{if $h.Rounds}} <small>{{t "pages.history.range" "from" $h.From "to" $h.To "last" $h.Last}}</small>{{end}}</h2>
  {{if not $h.Rounds}}<p>{{t "pages.history.no_moves"}}</p>{{end}}
  {{template "history-pager" $h}}
  {{$h.Rounds}}
  {{template "history-pager" $h}}
</section>
{{end}}

{{define "history-pager"}}
{{if or .Newer .Older}}<p class="steps pager">{{with .Newer}}<a href="?before={{.}}" rel="prev">← {{t "pages.history.newer"}}</a>{{end}}{{if and .Newer .Older}} · {{end}}{{with .Older}}<a href="?before={{.}}" rel="next">{{t "pages.history.older"}} →</a>{{end}}</p>{{end}}
{{end}}
`

// TestHistoryPageAsTheTemplateWrote: pages at the start and after a move,
// with and without a board, moves and pagers, a game's name to escape, in
// three languages, read as the template wrote them.
func TestHistoryPageAsTheTemplateWrote(t *testing.T) {
	t.Parallel()
	g := &store.Game{ID: 7, Name: `Ann's "Friday" & <co> + more`}
	var pages []historyPage
	for _, at := range []int{0, 3, 1234} {
		for _, board := range []template.HTML{"", "<svg></svg>"} {
			for _, rounds := range []template.HTML{"", "<section>moves</section>"} {
				for _, pager := range [][2]int{{0, 0}, {0, 5}, {9, 0}, {9, 5}} {
					pages = append(pages, historyPage{Game: g, Kind: "Imperial <2030>", At: at, Last: 1300, Prev: max(0, at-1), Next: at + 1,
						Before: at + 26, Board: board, Rounds: rounds, From: 1, To: 50, Newer: pager[0], Older: pager[1]})
				}
			}
		}
	}
	const now = `{{define "content"}}` + "{{$h := .Page}}{{historyHead $h}}{{$h.Board}}{{historyMid $h}}{{$h.Rounds}}{{historyTail $h}}{{end}}"
	for _, lang := range []string{"en", "de", "zh"} {
		r := testReader(lang)
		was := template.Must(template.New("was").Funcs(r.funcs()).Parse(historyPageTemplate))
		is := template.Must(template.New("is").Funcs(r.funcs()).Parse(now))
		for _, h := range pages {
			var want, got strings.Builder
			if err := was.ExecuteTemplate(&want, "content", view{Page: h}); err != nil {
				t.Fatal(err)
			}
			if err := is.ExecuteTemplate(&got, "content", view{Page: h}); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%s, %+v:\n%s\nthe template wrote\n%s", lang, h, got.String(), want.String())
			}
		}
	}
}
