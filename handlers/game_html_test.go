package handlers

import (
	"html/template"
	"strings"
	"testing"
	"time"

	"rondel/store"
)

// gameBodyTemplate is game.html's content as a template, before the
// page's body was written in Go (game_html.go): the writer must write
// what it wrote.
const gameBodyTemplate = `{{define "content"}}
{{$p := .Page}}
<h1>{{$p.Game.Name}} <small>{{$p.Kind}}</small></h1>
{{with $p.Live}}<p id="live-news" class="live-news" role="status" hidden data-live="{{.}}" data-moves="{{$p.Seq}}"><a href="{{$p.Base}}">{{t "pages.live.moved"}}</a></p>
<noscript><p>{{t "pages.live.noscript"}}</p></noscript>
<script src="/static/live.js" defer></script>{{end}}

{{if eq $p.Game.Status "inviting"}}
  <p>{{t "pages.game.inviting"}}</p>
  {{if $p.NeedAccept}}
  <form method="post" action="/games/{{$p.Game.ID}}/accept">
    <input type="hidden" name="csrf" value="{{.CSRF}}">
    <button type="submit">{{t "pages.game.accept"}}</button>
  </form>
  {{end}}
{{end}}

{{/* Managing the game (handlers/manage_view.go): how it ended, the
creator's invitations, open seats, resigning and ending early. */}}
{{with $p.Manage}}{{$m := .}}{{$g := $p.Game}}{{$csrf := $.CSRF}}
{{with $m.Ending}}<p class="notice">{{.}}</p>{{end}}
{{if and $m.Agreed (not $m.YouAgreed) $m.CanPropose}}<p class="notice changed"><a href="#leave-h">{{t "club.end.pending"}}</a></p>{{end}}
{{if $m.OpenSeats}}<p>{{t "club.open_seats_left" "count" $m.OpenSeats}}</p>{{end}}
{{if $m.CanJoin}}
<form method="post" action="/games/{{$g.ID}}/join">
  <input type="hidden" name="csrf" value="{{$csrf}}">
  <button type="submit">{{t "club.join"}}</button>
</form>
{{end}}
{{if $m.Creator}}
<section class="manage" aria-labelledby="manage-h">
  <h2 id="manage-h">{{t "club.manage.title"}}</h2>
  {{if $m.Invitations}}
  <ul class="invitations">
  {{range $m.Invitations}}
    <li><strong>{{.Name}}</strong> – {{if .Alert}}<span class="alert" role="status">{{.State}}</span>{{else}}{{.State}}{{end}}
      <form method="post" action="/games/{{$g.ID}}/invitations/resend" class="inline">
        <input type="hidden" name="csrf" value="{{$csrf}}">
        <input type="hidden" name="seat" value="{{.Seat}}">
        <button type="submit">{{t "club.invitation.resend"}}</button>
      </form>
      <details><summary>{{t "club.invitation.replace"}}</summary>
      <form method="post" action="/games/{{$g.ID}}/invitations/replace">
        <input type="hidden" name="csrf" value="{{$csrf}}">
        <input type="hidden" name="seat" value="{{.Seat}}">
        <label for="rname{{.Seat}}">{{t "club.invitation.name"}}</label>
        <input id="rname{{.Seat}}" name="name" required maxlength="40" autocomplete="off">
        <label for="remail{{.Seat}}">{{t "club.invitation.email"}}</label>
        <input id="remail{{.Seat}}" name="email" type="email" required autocomplete="off">
        <button type="submit">{{t "club.invitation.send_new"}}</button>
      </form></details>
    </li>
  {{end}}
  </ul>
  {{end}}
  <form method="post" action="/games/{{$g.ID}}/cancel">
    <input type="hidden" name="csrf" value="{{$csrf}}">
    <button type="submit" class="danger">{{t "club.cancel"}}</button>
  </form>
</section>
{{end}}
{{end}}

{{/* The table: the position at a glance, what happened, the board and
the decision. One column on a phone, in this order; on a laptop the board
beside a side panel with the rest (style.css, .table). */}}
<div class="table{{if $p.Board}} with-board{{end}}">
{{if or $p.Notice $p.Via $p.Done}}<div class="notes">
{{with $p.Notice}}<p class="notice changed" role="alert">{{.}}</p>{{end}}
{{with $p.Via}}<p class="notice via">{{.}}</p>{{end}}
{{with $p.Done}}<p class="notice" role="status">{{.}}</p>{{end}}
</div>{{end}}
{{with $p.Kept}}{{.Strip}}{{end}}
{{if $p.Happened}}
<section id="happened" class="happened">
  <h2>{{t "pages.game.happened"}}</h2>
  {{$p.HappenedHTML}}
</section>
{{end}}
{{if $p.TakeBack}}
<form method="post" action="/games/{{$p.Game.ID}}/takeback" class="take-back">
  <input type="hidden" name="csrf" value="{{.CSRF}}">
  <input type="hidden" name="seq" value="{{$p.Seq}}">
  <button type="submit" class="secondary">{{t "pages.game.take_back"}}</button>
  <small>{{t "pages.game.take_back_help"}}</small>
</form>
{{end}}
{{with $p.Kept}}{{.Result}}{{end}}
{{if $p.Board}}<section class="board" aria-label="{{t "pages.game.board"}}">
  {{if and $p.Form $p.Form.Acts}}<div id="act-bar" class="act-bar" hidden aria-live="polite"
    data-play="{{t "pages.game.play"}}" data-cancel="{{t "pages.board.cancel"}}" data-idle="{{t "pages.board.idle"}}"
    data-target="{{t "pages.board.target" "what" "{what}"}}" data-again="{{t "pages.board.again" "what" "{what}"}}"
    data-which="{{t "pages.board.which" "what" "{what}"}}" data-which-any="{{t "pages.board.which_any"}}"
    data-target-any="{{t "pages.board.target_any"}}" data-sending="{{t "pages.board.sending" "what" "{what}"}}"
    data-off="{{t "pages.board.off" "what" "{what}" "why" "{why}"}}"></div>{{end}}
  <div class="scroll" tabindex="0" data-zoom="{{t "pages.board.zoom"}}" data-zoom-in="{{t "pages.board.zoom_in"}}"
    data-zoom-out="{{t "pages.board.zoom_out"}}" data-zoom-fit="{{t "pages.board.zoom_fit"}}">{{$p.Board}}</div>
  <p class="full"><a href="{{$p.Base}}/board.svg">{{t "pages.game.board_alone"}}</a> {{t "pages.game.board_zoom"}}</p>
</section>
<script src="/static/zoom.js" defer></script>
{{if and $p.Form $p.Form.Acts}}<script src="/static/board.js" defer></script>{{end}}
{{end}}
{{with $p.Form}}
<section id="decide" class="decide">
  <h2>{{t "pages.game.decision"}}</h2>
  {{range .Prompts}}<p class="prompt">{{.}}</p>{{end}}
  {{with $p.Chosen}}
  <form method="post" action="{{$p.Base}}/move" class="chosen">
    <input type="hidden" name="csrf" value="{{$.CSRF}}">
    <input type="hidden" name="seq" value="{{$p.Form.Seq}}">
    <p>{{.Note}}</p>
    <button type="submit" name="move" value="{{.Value}}">{{t "pages.link.confirm" "move" .Label}}</button>
  </form>
  {{end}}
  {{with $p.Situation}}<p class="situation">{{.}}</p>{{end}}
  {{if .Pick}}
    <p>{{t "pages.game.pick"}}</p>
    <ul class="pick">{{range .Pick}}<li><a href="{{.Link}}">{{.Name}}</a> <small>{{t "pages.game.moves_count" "count" .Count}}</small></li>{{end}}</ul>
  {{end}}
  <form method="post" action="{{$p.Base}}/move" class="move" id="move-form">
    <input type="hidden" name="csrf" value="{{$.CSRF}}">
    <input type="hidden" name="seq" value="{{.Seq}}">
    {{.GroupsHTML}}
    {{with .BackURL}}<p><a href="{{.}}">← {{t "pages.game.all_groups"}}</a></p>{{end}}
    {{if .Groups}}<button type="submit">{{t "pages.game.play"}}</button>{{end}}
  </form>
  {{with .Buttons}}
  <form method="post" action="{{$p.Base}}/move" class="move-now{{if $p.Form.Groups}} beside{{end}}">
    <input type="hidden" name="csrf" value="{{$.CSRF}}">
    <input type="hidden" name="seq" value="{{$p.Form.Seq}}">
    {{range .}}<button type="submit" name="move" value="{{.Value}}">{{.Label}}</button>
    {{end}}
  </form>
  {{end}}
  {{with .Acts}}<ul id="board-acts" hidden>
    {{$p.Form.ActsHTML}}</ul>{{end}}
</section>
{{end}}
<section class="players">
  <h2>{{t "pages.game.players"}}</h2>
  <ul class="seats">
  {{range $p.Seats}}
    <li{{if .ToAct}} class="to-act"{{end}}>{{if .You}}{{t "pages.game.you" "name" .Name}}{{else}}{{.Name}}{{end}}
      {{if not .Accepted}}<small>– {{t "pages.game.not_accepted"}}</small>{{end}}
      {{with .Left}}<small class="left-seat">– {{.}}</small>{{end}}
      {{if .ToAct}}<small>– {{t "pages.game.to_act" "prompt" .Prompt}}</small>{{end}}</li>
  {{end}}
  </ul>
  {{if eq $p.Game.Status "active"}}<p><small>{{t "pages.game.move_waiting" "seq" $p.Seq "waiting" $p.Waiting}}</small></p>{{end}}
  {{with $p.Talk}}<p><a href="#messages">{{t "pages.messages.jump" "count" .Total}}</a></p>{{end}}
</section>
</div>
{{with $p.Kept}}{{.Account}}{{end}}
{{$p.Archive}}

{{with $p.Overview}}
<section class="overview">
  <details{{if not $p.Board}} open{{end}}>
    <summary>{{t "pages.game.overview"}}</summary>
    {{.}}
  </details>
</section>
{{end}}

{{with $p.Talk}}
<section id="messages" class="messages" aria-labelledby="messages-title">
  <h2 id="messages-title">{{t "pages.messages.title"}}</h2>
  {{if .Older}}<p class="paging"><a href="/games/{{$p.Game.ID}}?before={{.Older}}#messages">{{t "pages.messages.older"}}</a></p>{{end}}
  {{if .Messages}}
  <ol class="talk">
  {{range .Messages}}
    <li class="message{{if .Private}} private{{end}}{{if .Mine}} mine{{end}}">
      <p class="meta"><strong class="who">{{.Who}}</strong>{{with .To}} <span class="to">{{.}}</span>{{end}} <small>{{datetime .At}}</small></p>
      <p class="body">{{.Body}}</p>
    </li>
  {{end}}
  </ol>
  {{else}}<p>{{t "pages.messages.none"}}</p>{{end}}
  {{if .Earlier}}<p class="paging"><a href="/games/{{$p.Game.ID}}#messages">{{t "pages.messages.newest"}}</a></p>{{end}}
  {{if .CanWrite}}
  <form method="post" action="/games/{{$p.Game.ID}}/messages" class="write">
    <input type="hidden" name="csrf" value="{{$.CSRF}}">
    <label for="message-text">{{t "pages.messages.text"}}</label>
    <textarea id="message-text" name="text" rows="3" maxlength="{{.Max}}" required></textarea>
    <label for="message-to">{{t "pages.messages.to"}}</label>
    <select id="message-to" name="to">
      <option value="">{{t "pages.messages.to_all"}}</option>
      {{range .WriteTo}}<option value="{{.Seat}}">{{t "pages.messages.to_only" "player" .Name}}</option>{{end}}
    </select>
    <button type="submit">{{t "pages.messages.send"}}</button>
  </form>
  {{else}}<p><small>{{t "pages.messages.watching"}}</small></p>{{end}}
</section>
{{end}}

{{with $p.Kept}}{{.Recent}}{{end}}
{{with $p.Share}}<p class="share"><small>{{t "pages.game.share"}} <a href="{{.}}">{{.}}</a></small></p>{{end}}
{{/* Leaving a game in play: at the foot of the page, away from the move form. */}}
{{with $p.Manage}}{{$m := .}}{{$g := $p.Game}}{{$csrf := $.CSRF}}
{{if or $m.CanPropose $m.CanResign $m.Agreed}}
<section class="manage" aria-labelledby="leave-h">
  <h2 id="leave-h">{{t "club.leave.title"}}</h2>
  {{with $m.Agreed}}<p>{{range .}}{{.}} {{end}}</p>{{end}}
  {{if and $m.CanPropose (not $m.YouAgreed)}}
  <form method="post" action="/games/{{$g.ID}}/end">
    <input type="hidden" name="csrf" value="{{$csrf}}">
    <input type="hidden" name="seq" value="{{$m.Seq}}">
    <button type="submit">{{if $m.Agreed}}{{t "club.end.agree"}}{{else}}{{t "club.end.propose"}}{{end}}</button>
    <small>{{t "club.end.help"}}</small>
  </form>
  {{end}}
  {{if $m.CanResign}}<p><a href="/games/{{$g.ID}}/resign">{{t "club.resign.button"}}</a></p>{{end}}
</section>
{{end}}
{{end}}
<p><a href="/games/{{$p.Game.ID}}/notify">{{t "pages.game.notify"}}</a></p>
{{end}}
`

// TestGameBodyAsTheTemplateWrote: the game page's body written in Go
// reads byte for byte as game.html wrote it, in English and German, on a
// view with every part (words that need escaping, URLs to normalise or
// refuse), with each part left out in turn, and on an empty view.
func TestGameBodyAsTheTemplateWrote(t *testing.T) {
	t.Parallel()
	views := map[string]*gameView{"empty": {Game: &store.Game{ID: 7, Status: store.StatusFinished}}}
	for name, change := range gameViewChanges() {
		v := fullGameView()
		change(v)
		views[name] = v
	}
	for _, lang := range []string{"en", "de"} {
		r := testReader(lang)
		tpl := template.Must(template.New("game").Funcs(r.funcs()).Parse(gameBodyTemplate))
		for name, v := range views {
			for _, csrf := range []string{"tok", `a"b&c`} {
				var want strings.Builder
				if err := tpl.ExecuteTemplate(&want, "content", view{CSRF: csrf, Page: v}); err != nil {
					t.Fatal(err)
				}
				if got := string(v.bodyHTML(r, csrf)); got != want.String() {
					t.Errorf("%s, view %q: the writer differs from the template at byte %d:\n%s\nthe template wrote\n%s",
						lang, name, firstDiff(got, want.String()), got, want.String())
				}
			}
		}
	}
}

func firstDiff(a, b string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// fullGameView is a view with every part of the page, its words in need
// of escaping.
func fullGameView() *gameView {
	const nasty = `Ada & <Bob> "+1" 'x'`
	at := time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC)
	creator := int64(3)
	return &gameView{
		Game: &store.Game{ID: 7, Name: "Friday " + nasty, Status: store.StatusActive, CreatedBy: &creator},
		Kind: "Imperial <2030>", Seq: 41, Waiting: "2 h " + nasty, NeedAccept: true,
		Seats: []seatView{
			{Seat: 0, Name: nasty, Accepted: true, ToAct: true, You: true, Prompt: "choose " + nasty},
			{Seat: 1, Name: "Cy", Left: "resigned <early>"},
			{Seat: 2, Name: "Dora", Accepted: true},
		},
		Board: "<svg><g/></svg>", Overview: "<p>overview</p>", Situation: "Italy " + nasty,
		Form: &moveForm{Seq: 41, Prompts: []string{"Prompt " + nasty, "Second"},
			Groups: []moveGroup{{Name: "g"}}, Pick: []moveGroup{{Name: "Armies " + nasty, Link: "/games/7?group=ab cd&x=ü", Count: 3}, {Name: "B", Link: "javascript:alert(1)", Count: 1}},
			Buttons: []moveChoice{{Value: `{"type":"pass"}`, Label: "Pass " + nasty}, {Value: "x", Label: "Y"}},
			BackURL: "/games/7#decide", Acts: []boardAct{{Value: "v"}},
			GroupsHTML: "<fieldset>groups</fieldset>", ActsHTML: "<li>act</li>"},
		Happened: []moveView{{Seq: 40, Who: "Cy", At: at}}, HappenedHTML: "<ol>happened</ol>",
		Notice: "Changed " + nasty, Done: "Done " + nasty, Via: "Via " + nasty,
		Archive: "<p>archive</p>", TakeBack: true,
		Talk: &talkView{Total: 12, Older: 99, Earlier: true, CanWrite: true, Max: 2000,
			WriteTo: []seatView{{Seat: 1, Name: nasty}, {Seat: 2, Name: "Dora"}},
			Messages: []messageView{{Who: nasty, To: "to you", Private: true, At: at, Body: "Hello " + nasty + "\nline"},
				{Who: "Cy", Mine: true, At: at.Add(time.Hour), Body: "Hi"}, {Who: "Dora", At: at}}},
		Kept: &keptHTML{Strip: "<section>strip</section>", Result: "<section>result</section>",
			Account: "<section>account</section>", Recent: "<section>recent</section>"},
		Manage: &manageView{Ending: "Ended " + nasty, Creator: true, OpenSeats: 2, CanJoin: true,
			Invitations: []invitationRow{{Seat: 1, Name: nasty, State: "ran out <now>", Alert: true}, {Seat: 2, Name: "Dora", State: "until May"}},
			CanResign:   true, CanPropose: true, Agreed: []string{nasty, "Cy agrees."}, Seq: 41},
		Base: "/notify/d/tok en/ü", Chosen: &chosenMove{Note: "From the mail " + nasty, Label: "take " + nasty, Value: `{"take":1}`},
		Live: "/games/7/events", Share: "https://example.org/b/7?sig=a b&c=d",
	}
}

// gameViewChanges each take one part out of the full view (or change
// it), so every branch of the page is written both ways.
func gameViewChanges() map[string]func(*gameView) {
	return map[string]func(*gameView){
		"full":               func(*gameView) {},
		"inviting":           func(v *gameView) { v.Game.Status = store.StatusInviting },
		"inviting, accepted": func(v *gameView) { v.Game.Status = store.StatusInviting; v.NeedAccept = false },
		"finished":           func(v *gameView) { v.Game.Status = store.StatusFinished },
		"no live":            func(v *gameView) { v.Live = "" },
		"no manage":          func(v *gameView) { v.Manage = nil },
		"manage, none":       func(v *gameView) { v.Manage = &manageView{} },
		"agreed by you":      func(v *gameView) { v.Manage.YouAgreed = true },
		"not creator": func(v *gameView) {
			v.Manage.Creator = false
			v.Manage.CanJoin = false
			v.Manage.OpenSeats = 0
			v.Manage.Ending = ""
		},
		"no invitations":   func(v *gameView) { v.Manage.Invitations = nil },
		"propose only":     func(v *gameView) { v.Manage.Agreed = nil; v.Manage.CanResign = false },
		"resign only":      func(v *gameView) { v.Manage.Agreed = nil; v.Manage.CanPropose = false },
		"agreed only":      func(v *gameView) { v.Manage.CanPropose = false; v.Manage.CanResign = false },
		"no board":         func(v *gameView) { v.Board = "" },
		"no acts":          func(v *gameView) { v.Form.Acts = nil },
		"no form":          func(v *gameView) { v.Form = nil; v.Chosen = nil },
		"notice only":      func(v *gameView) { v.Via, v.Done = "", "" },
		"via only":         func(v *gameView) { v.Notice, v.Done = "", "" },
		"done only":        func(v *gameView) { v.Notice, v.Via = "", "" },
		"no notes":         func(v *gameView) { v.Notice, v.Via, v.Done = "", "", "" },
		"no kept":          func(v *gameView) { v.Kept = nil },
		"nothing happened": func(v *gameView) { v.Happened = nil },
		"no take-back":     func(v *gameView) { v.TakeBack = false },
		"no chosen":        func(v *gameView) { v.Chosen = nil },
		"no situation":     func(v *gameView) { v.Situation = "" },
		"no pick":          func(v *gameView) { v.Form.Pick = nil },
		"no back":          func(v *gameView) { v.Form.BackURL = "" },
		"no groups":        func(v *gameView) { v.Form.Groups = nil },
		"no buttons":       func(v *gameView) { v.Form.Buttons = nil },
		"no prompts":       func(v *gameView) { v.Form.Prompts = nil },
		"seats plain":      func(v *gameView) { v.Seats = []seatView{{Name: "Ann", Accepted: true}} },
		"no seats":         func(v *gameView) { v.Seats = nil },
		"no talk":          func(v *gameView) { v.Talk = nil },
		"talk, none":       func(v *gameView) { v.Talk = &talkView{} },
		"talk, reading":    func(v *gameView) { v.Talk.CanWrite = false; v.Talk.Older = 0; v.Talk.Earlier = false },
		"no messages":      func(v *gameView) { v.Talk.Messages = nil },
		"no overview":      func(v *gameView) { v.Overview = "" },
		"no share":         func(v *gameView) { v.Share = "" },
		"share refused":    func(v *gameView) { v.Share = "javascript:alert(1)" },
		"base plain":       func(v *gameView) { v.Base = "/games/7" },
		"base encoded":     func(v *gameView) { v.Base = "/games/7%20x?a=<b>" },
		"base mail":        func(v *gameView) { v.Base = "MAILTO:a@b" },
		"no archive":       func(v *gameView) { v.Archive = "" },
	}
}
