package handlers

import (
	"html/template"
	"strconv"
	"strings"

	"rondel/store"
)

// The game page's body, written in Go rather than by game.html: a first
// view of a game executed some two hundred template actions, each a
// reflective call or lookup, for about a tenth of the view's time. What
// is written is what the template wrote, byte for byte (game_html_test.go
// holds it to the old template on views with every part, and the page
// dump of tests/load to it on a club's every page). game.html keeps only
// the call.

// pageHTML writes a page's body in the reader's words, escaping as
// html/template escapes in each context.
type pageHTML struct {
	b pageWriter
	r *reader
}

// raw writes trusted markup.
func (w pageHTML) raw(s string) { w.b.WriteString(s) }

// text writes s escaped between tags or in a quoted attribute (the same
// escaping in html/template).
func (w pageHTML) text(s string) { w.b.WriteString(escapeText(s)) }

// t writes the catalogue's words, escaped.
func (w pageHTML) t(id string, pairs ...any) { w.text(w.r.sp.T(id, pairs...)) }

func (w pageHTML) int(n int64) { w.b.WriteString(strconv.FormatInt(n, 10)) }

// url writes s as the start of a URL attribute: refused if its scheme is
// not a web or mail one, its bytes outside URLs percent-encoded, escaped.
func (w pageHTML) url(s string) { w.text(normalizeURL(filterURL(s))) }

// bodyHTML is the game page's body (game.html's content) in r's words;
// csrf is the form token. Templates call it as gameBody (speak.go).
func (p *gameView) bodyHTML(r *reader, csrf string) template.HTML {
	var b strings.Builder
	n := len(p.Board) + len(p.Overview) + len(p.HappenedHTML) + len(p.Archive) + 12<<10
	if k := p.Kept; k != nil {
		n += len(k.Strip) + len(k.Result) + len(k.Account) + len(k.Recent)
	}
	if p.Form != nil {
		n += len(p.Form.GroupsHTML) + len(p.Form.ActsHTML)
	}
	b.Grow(n) // the body is mostly its parts' HTML: grown once
	p.writeBody(&b, r, csrf)
	return template.HTML(b.String())
}

// writeBody writes the game page's body into the page itself (the
// layout's writePage calls it in place of the content template), so the
// body is not first made a string of its own and copied (40-80 KB a
// view).
func (p *gameView) writeBody(out pageWriter, r *reader, csrf string) {
	w := pageHTML{b: out, r: r}
	w.gameHead(p, csrf)
	w.raw("\n\n\n")
	if p.Manage != nil {
		w.manageTop(p.Manage, p.Game.ID, csrf)
	}
	w.raw("\n\n\n<div class=\"table")
	if p.hasBoard() {
		w.raw(" with-board")
	}
	w.raw("\">\n")
	w.tableTop(p, csrf)
	w.boardPart(p)
	w.raw("\n")
	if p.Form != nil {
		w.decide(p, csrf)
	}
	w.raw("\n")
	w.players(p)
	w.raw("\n</div>\n")
	if p.Kept != nil {
		w.keptPart(p.Kept.Account, p.Z.piece(zAccount))
	}
	w.raw("\n")
	w.raw(string(p.Archive))
	w.raw("\n\n")
	w.overview(p)
	w.raw("\n\n")
	if p.Talk != nil {
		w.talk(p, csrf)
	}
	w.raw("\n\n")
	if p.Kept != nil {
		w.raw(string(p.Kept.Recent))
	}
	w.raw("\n")
	if p.Share != "" {
		w.raw(`<p class="share"><small>`)
		w.t("pages.game.share")
		w.raw(` <a href="`)
		w.url(p.Share)
		w.raw(`">`)
		w.text(p.Share)
		w.raw(`</a></small></p>`)
	}
	w.raw("\n\n")
	if p.Manage != nil {
		w.manageFoot(p.Manage, p.Game.ID, csrf)
	}
	w.raw("\n<p><a href=\"/games/")
	w.int(p.Game.ID)
	w.raw("/notify\">")
	w.t("pages.game.notify")
	w.raw("</a></p>\n")
}

// gameHead writes the title, the live news and an invitation's answer.
func (w pageHTML) gameHead(p *gameView, csrf string) {
	w.raw("\n\n<h1>")
	w.text(p.Game.Name)
	w.raw(" <small>")
	w.text(p.Kind)
	w.raw("</small></h1>\n")
	if p.Live != "" {
		w.raw(`<p id="live-news" class="live-news" role="status" hidden data-live="`)
		w.text(p.Live)
		w.raw(`" data-moves="`)
		w.int(int64(p.Seq))
		w.raw(`"><a href="`)
		w.url(p.Base)
		w.raw(`">`)
		w.t("pages.live.moved")
		w.raw("</a></p>\n<noscript><p>")
		w.t("pages.live.noscript")
		w.raw("</p></noscript>\n<script src=\"/static/live.js\" defer></script>")
	}
	w.raw("\n\n")
	if p.Game.Status != store.StatusInviting {
		return
	}
	w.raw("\n  <p>")
	w.t("pages.game.inviting")
	w.raw("</p>\n  ")
	if p.NeedAccept {
		w.raw("\n  <form method=\"post\" action=\"/games/")
		w.int(p.Game.ID)
		w.raw("/accept\">\n    <input type=\"hidden\" name=\"csrf\" value=\"")
		w.text(csrf)
		w.raw("\">\n    <button type=\"submit\">")
		w.t("pages.game.accept")
		w.raw("</button>\n  </form>\n  ")
	}
	w.raw("\n")
}

// tableTop writes the notes, the strip, what happened, the take-back and
// the result.
func (w pageHTML) tableTop(p *gameView, csrf string) {
	if p.Notice != "" || p.Via != "" || p.Done != "" {
		w.raw("<div class=\"notes\">\n")
		if p.Notice != "" {
			w.raw(`<p class="notice changed" role="alert">`)
			w.text(p.Notice)
			w.raw(`</p>`)
		}
		w.raw("\n")
		if p.Via != "" {
			w.raw(`<p class="notice via">`)
			w.text(p.Via)
			w.raw(`</p>`)
		}
		w.raw("\n")
		if p.Done != "" {
			w.raw(`<p class="notice" role="status">`)
			w.text(p.Done)
			w.raw(`</p>`)
		}
		w.raw("\n</div>")
	}
	w.raw("\n")
	if p.Kept != nil {
		w.keptPart(p.Kept.Strip, p.Z.piece(zStrip))
	}
	w.raw("\n")
	if len(p.Happened) > 0 {
		w.raw("\n<section id=\"happened\" class=\"happened\">\n  <h2>")
		w.t("pages.game.happened")
		w.raw("</h2>\n  ")
		w.raw(string(p.HappenedHTML))
		w.raw("\n</section>\n")
	}
	w.raw("\n")
	if p.TakeBack {
		w.raw("\n<form method=\"post\" action=\"/games/")
		w.int(p.Game.ID)
		w.raw("/takeback\" class=\"take-back\">\n  <input type=\"hidden\" name=\"csrf\" value=\"")
		w.text(csrf)
		w.raw("\">\n  <input type=\"hidden\" name=\"seq\" value=\"")
		w.int(int64(p.Seq))
		w.raw("\">\n  <button type=\"submit\" class=\"secondary\">")
		w.t("pages.game.take_back")
		w.raw("</button>\n  <small>")
		w.t("pages.game.take_back_help")
		w.raw("</small>\n</form>\n")
	}
	w.raw("\n")
	if p.Kept != nil {
		w.keptPart(p.Kept.Result, p.Z.piece(zResult))
	}
	w.raw("\n")
}

// boardPart writes the board with its zoom and, when the board can act,
// the action bar's words for the script.
func (w pageHTML) boardPart(p *gameView) {
	if !p.hasBoard() {
		return
	}
	acts := p.Form != nil && len(p.Form.Acts) > 0
	w.raw(`<section class="board" aria-label="`)
	w.t("pages.game.board")
	w.raw("\">\n  ")
	if acts {
		w.actBar()
	}
	w.raw("\n  <div class=\"scroll\" tabindex=\"0\" data-zoom=\"")
	w.t("pages.board.zoom")
	w.raw(`" data-zoom-in="`)
	w.t("pages.board.zoom_in")
	w.raw("\"\n    data-zoom-out=\"")
	w.t("pages.board.zoom_out")
	w.raw(`" data-zoom-fit="`)
	w.t("pages.board.zoom_fit")
	// the board written as it is: joined to its neighbours it was copied once more
	w.raw(`">`)
	w.keptPart(p.Board, p.Z.piece(zBoard))
	w.raw("</div>\n  <p class=\"full\"><a href=\"")
	w.url(p.Base)
	w.raw(`/board.svg">`)
	w.t("pages.game.board_alone")
	w.raw("</a> ")
	w.t("pages.game.board_zoom")
	w.raw("</p>\n</section>\n<script src=\"/static/zoom.js\" defer></script>\n")
	if acts {
		w.raw(`<script src="/static/board.js" defer></script>`)
	}
	w.raw("\n")
}

// actBar is the click-to-act bar, hidden until the script shows it.
func (w pageHTML) actBar() {
	const what, why = "{what}", "{why}"
	w.raw("<div id=\"act-bar\" class=\"act-bar\" hidden aria-live=\"polite\"\n    data-play=\"")
	w.t("pages.game.play")
	w.raw(`" data-cancel="`)
	w.t("pages.board.cancel")
	w.raw(`" data-idle="`)
	w.t("pages.board.idle")
	w.raw("\"\n    data-target=\"")
	w.t("pages.board.target", "what", what)
	w.raw(`" data-again="`)
	w.t("pages.board.again", "what", what)
	w.raw("\"\n    data-which=\"")
	w.t("pages.board.which", "what", what)
	w.raw(`" data-which-any="`)
	w.t("pages.board.which_any")
	w.raw("\"\n    data-target-any=\"")
	w.t("pages.board.target_any")
	w.raw(`" data-sending="`)
	w.t("pages.board.sending", "what", what)
	w.raw("\"\n    data-off=\"")
	w.t("pages.board.off", "what", what, "why", why)
	w.raw(`"></div>`)
}

// players writes the seats, whose turn it is and the jump to the talk.
func (w pageHTML) players(p *gameView) {
	w.raw("<section class=\"players\">\n  <h2>")
	w.t("pages.game.players")
	w.raw("</h2>\n  <ul class=\"seats\">\n  ")
	for _, s := range p.Seats {
		w.raw("\n    <li")
		if s.ToAct {
			w.raw(` class="to-act"`)
		}
		w.raw(">")
		if s.You {
			w.t("pages.game.you", "name", s.Name)
		} else {
			w.text(s.Name)
		}
		w.raw("\n      ")
		if !s.Accepted {
			w.raw("<small>– ")
			w.t("pages.game.not_accepted")
			w.raw("</small>")
		}
		w.raw("\n      ")
		if s.Left != "" {
			w.raw(`<small class="left-seat">– `)
			w.text(s.Left)
			w.raw("</small>")
		}
		w.raw("\n      ")
		if s.ToAct {
			w.raw("<small>– ")
			w.t("pages.game.to_act", "prompt", s.Prompt)
			w.raw("</small>")
		}
		w.raw("</li>\n  ")
	}
	w.raw("\n  </ul>\n  ")
	if p.Game.Status == store.StatusActive {
		w.raw("<p><small>")
		w.t("pages.game.move_waiting", "seq", p.Seq, "waiting", p.Waiting)
		w.raw("</small></p>")
	}
	w.raw("\n  ")
	if p.Talk != nil {
		w.raw(`<p><a href="#messages">`)
		w.t("pages.messages.jump", "count", p.Talk.Total)
		w.raw("</a></p>")
	}
	w.raw("\n</section>")
}

// overview writes the game's summary, open when there is no board.
func (w pageHTML) overview(p *gameView) {
	if p.Overview == "" && p.Z.piece(zOverview) == nil {
		return
	}
	w.raw("\n<section class=\"overview\">\n  <details")
	if !p.hasBoard() {
		w.raw(" open")
	}
	w.raw(">\n    <summary>")
	w.t("pages.game.overview")
	w.raw("</summary>\n    ")
	w.keptPart(p.Overview, p.Z.piece(zOverview))
	w.raw("\n  </details>\n</section>\n")
}
