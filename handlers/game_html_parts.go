package handlers

import (
	"fmt"
	"strings"
)

// The game page's body, continued (game_html.go): managing the game, the
// decision, the talk, and URLs escaped as html/template escapes them.

// manageTop writes how the game ended, joining an open seat, and the
// creator's invitations and cancelling.
func (w pageHTML) manageTop(m *manageView, game int64, csrf string) {
	w.raw("\n")
	if m.Ending != "" {
		w.raw(`<p class="notice">`)
		w.text(m.Ending)
		w.raw("</p>")
	}
	w.raw("\n")
	if len(m.Agreed) > 0 && !m.YouAgreed && m.CanPropose {
		w.raw(`<p class="notice changed"><a href="#leave-h">`)
		w.t("club.end.pending")
		w.raw("</a></p>")
	}
	w.raw("\n")
	if m.OpenSeats != 0 {
		w.raw("<p>")
		w.t("club.open_seats_left", "count", m.OpenSeats)
		w.raw("</p>")
	}
	w.raw("\n")
	if m.CanJoin {
		w.form("\n", "", game, "/join", csrf)
		w.raw("\n  <button type=\"submit\">")
		w.t("club.join")
		w.raw("</button>\n</form>\n")
	}
	w.raw("\n")
	if m.Creator {
		w.raw("\n<section class=\"manage\" aria-labelledby=\"manage-h\">\n  <h2 id=\"manage-h\">")
		w.t("club.manage.title")
		w.raw("</h2>\n  ")
		if len(m.Invitations) > 0 {
			w.invitations(m.Invitations, game, csrf)
		}
		w.form("\n  ", "  ", game, "/cancel", csrf)
		w.raw("\n    <button type=\"submit\" class=\"danger\">")
		w.t("club.cancel")
		w.raw("</button>\n  </form>\n</section>\n")
	}
	w.raw("\n")
}

// form opens a form posting to the game's path with its token, the form
// indented by indent after lead.
func (w pageHTML) form(lead, indent string, game int64, path, csrf string) {
	w.raw(lead + `<form method="post" action="/games/`)
	w.int(game)
	w.raw(path + "\">\n" + indent + `  <input type="hidden" name="csrf" value="`)
	w.text(csrf)
	w.raw(`">`)
}

// invitations writes the seats nobody accepted yet, each with its resend
// and replace forms.
func (w pageHTML) invitations(rows []invitationRow, game int64, csrf string) {
	w.raw("\n  <ul class=\"invitations\">\n  ")
	for _, inv := range rows {
		seat := fmt.Sprint(inv.Seat)
		w.raw("\n    <li><strong>")
		w.text(inv.Name)
		w.raw("</strong> – ")
		if inv.Alert {
			w.raw(`<span class="alert" role="status">`)
			w.text(inv.State)
			w.raw("</span>")
		} else {
			w.text(inv.State)
		}
		w.raw("\n      <form method=\"post\" action=\"/games/")
		w.int(game)
		w.raw("/invitations/resend\" class=\"inline\">\n        <input type=\"hidden\" name=\"csrf\" value=\"")
		w.text(csrf)
		w.raw("\">\n        <input type=\"hidden\" name=\"seat\" value=\"" + seat + "\">\n        <button type=\"submit\">")
		w.t("club.invitation.resend")
		w.raw("</button>\n      </form>\n      <details><summary>")
		w.t("club.invitation.replace")
		w.raw("</summary>")
		w.form("\n      ", "      ", game, "/invitations/replace", csrf)
		w.raw("\n        <input type=\"hidden\" name=\"seat\" value=\"" + seat + "\">\n        <label for=\"rname" + seat + "\">")
		w.t("club.invitation.name")
		w.raw("</label>\n        <input id=\"rname" + seat + "\" name=\"name\" required maxlength=\"40\" autocomplete=\"off\">\n        <label for=\"remail" + seat + "\">")
		w.t("club.invitation.email")
		w.raw("</label>\n        <input id=\"remail" + seat + "\" name=\"email\" type=\"email\" required autocomplete=\"off\">\n        <button type=\"submit\">")
		w.t("club.invitation.send_new")
		w.raw("</button>\n      </form></details>\n    </li>\n  ")
	}
	w.raw("\n  </ul>\n  ")
}

// manageFoot writes leaving a game in play: ending it early by agreement
// and resigning, at the foot of the page.
func (w pageHTML) manageFoot(m *manageView, game int64, csrf string) {
	w.raw("\n")
	if m.CanPropose || m.CanResign || len(m.Agreed) > 0 {
		w.raw("\n<section class=\"manage\" aria-labelledby=\"leave-h\">\n  <h2 id=\"leave-h\">")
		w.t("club.leave.title")
		w.raw("</h2>\n  ")
		if len(m.Agreed) > 0 {
			w.raw("<p>")
			for _, who := range m.Agreed {
				w.text(who)
				w.raw(" ")
			}
			w.raw("</p>")
		}
		w.raw("\n  ")
		if m.CanPropose && !m.YouAgreed {
			w.form("\n  ", "  ", game, "/end", csrf)
			w.raw(fmt.Sprintf("\n    <input type=\"hidden\" name=\"seq\" value=\"%d\">\n    <button type=\"submit\">", m.Seq))
			if len(m.Agreed) > 0 {
				w.t("club.end.agree")
			} else {
				w.t("club.end.propose")
			}
			w.raw("</button>\n    <small>")
			w.t("club.end.help")
			w.raw("</small>\n  </form>\n  ")
		}
		w.raw("\n  ")
		if m.CanResign {
			w.raw(`<p><a href="/games/`)
			w.int(game)
			w.raw(`/resign">`)
			w.t("club.resign.button")
			w.raw("</a></p>")
		}
		w.raw("\n</section>\n")
	}
	w.raw("\n")
}

// decide writes the decision: the prompts, a mailed answer to confirm,
// the groups of moves or the links to them, and the buttons.
func (w pageHTML) decide(p *gameView, csrf string) {
	f := p.Form
	seq := fmt.Sprint(f.Seq)
	w.raw("\n<section id=\"decide\" class=\"decide\">\n  <h2>")
	w.t("pages.game.decision")
	w.raw("</h2>\n  ")
	for _, pr := range f.Prompts {
		w.raw(`<p class="prompt">`)
		w.text(pr)
		w.raw("</p>")
	}
	w.raw("\n  ")
	if c := p.Chosen; c != nil {
		w.moveForm("\n  ", p.Base, ` class="chosen"`, csrf, seq)
		w.raw("\n    <p>")
		w.text(c.Note)
		w.raw("</p>\n    <button type=\"submit\" name=\"move\" value=\"")
		w.text(c.Value)
		w.raw(`">`)
		w.t("pages.link.confirm", "move", c.Label)
		w.raw("</button>\n  </form>\n  ")
	}
	w.raw("\n  ")
	if p.Situation != "" {
		w.raw(`<p class="situation">`)
		w.text(p.Situation)
		w.raw("</p>")
	}
	w.raw("\n  ")
	if len(f.Pick) > 0 {
		w.pick(f.Pick)
	}
	w.moveForm("\n  ", p.Base, ` class="move" id="move-form"`, csrf, seq)
	w.raw("\n    ")
	w.raw(string(f.GroupsHTML))
	w.raw("\n    ")
	if f.BackURL != "" {
		w.raw(`<p><a href="`)
		w.url(f.BackURL)
		w.raw(`">← `)
		w.t("pages.game.all_groups")
		w.raw("</a></p>")
	}
	w.raw("\n    ")
	if len(f.Groups) > 0 {
		w.raw(`<button type="submit">`)
		w.t("pages.game.play")
		w.raw("</button>")
	}
	w.raw("\n  </form>\n  ")
	if len(f.Buttons) > 0 {
		w.buttons(p, csrf, seq)
	}
	w.raw("\n  ")
	if len(f.Acts) > 0 {
		w.raw("<ul id=\"board-acts\" hidden>\n    ")
		w.raw(string(f.ActsHTML))
		w.raw("</ul>")
	}
	w.raw("\n</section>\n")
}

// moveForm opens a form posting a move to the page's address.
func (w pageHTML) moveForm(lead, base, attrs, csrf, seq string) {
	w.raw(lead + `<form method="post" action="`)
	w.url(base)
	w.raw(`/move"` + attrs + ">\n    <input type=\"hidden\" name=\"csrf\" value=\"")
	w.text(csrf)
	w.raw("\">\n    <input type=\"hidden\" name=\"seq\" value=\"" + seq + "\">")
}

// pick writes the links that narrow many moves down to one group.
func (w pageHTML) pick(groups []moveGroup) {
	w.raw("\n    <p>")
	w.t("pages.game.pick")
	w.raw("</p>\n    <ul class=\"pick\">")
	for _, g := range groups {
		w.raw(`<li><a href="`)
		w.url(g.Link)
		w.raw(`">`)
		w.text(g.Name)
		w.raw("</a> <small>")
		w.t("pages.game.moves_count", "count", g.Count)
		w.raw("</small></li>")
	}
	w.raw("</ul>\n  ")
}

// buttons writes the moves made with one button each.
func (w pageHTML) buttons(p *gameView, csrf, seq string) {
	attrs := ` class="move-now"`
	if len(p.Form.Groups) > 0 {
		attrs = ` class="move-now beside"`
	}
	w.moveForm("\n  ", p.Base, attrs, csrf, seq)
	w.raw("\n    ")
	for _, c := range p.Form.Buttons {
		w.raw(`<button type="submit" name="move" value="`)
		w.text(c.Value)
		w.raw(`">`)
		w.text(c.Label)
		w.raw("</button>\n    ")
	}
	w.raw("\n  </form>\n  ")
}

// talk writes the messages at the table and the form to write one.
func (w pageHTML) talk(p *gameView, csrf string) {
	tv := p.Talk
	w.raw("\n<section id=\"messages\" class=\"messages\" aria-labelledby=\"messages-title\">\n  <h2 id=\"messages-title\">")
	w.t("pages.messages.title")
	w.raw("</h2>\n  ")
	if tv.Older != 0 {
		w.raw(`<p class="paging"><a href="/games/`)
		w.int(p.Game.ID)
		w.raw(`?before=`)
		w.int(tv.Older)
		w.raw(`#messages">`)
		w.t("pages.messages.older")
		w.raw("</a></p>")
	}
	w.raw("\n  ")
	if len(tv.Messages) > 0 {
		w.messages(tv.Messages)
	} else {
		w.raw("<p>")
		w.t("pages.messages.none")
		w.raw("</p>")
	}
	w.raw("\n  ")
	if tv.Earlier {
		w.raw(`<p class="paging"><a href="/games/`)
		w.int(p.Game.ID)
		w.raw(`#messages">`)
		w.t("pages.messages.newest")
		w.raw("</a></p>")
	}
	w.raw("\n  ")
	if tv.CanWrite {
		w.writeMessage(tv, p.Game.ID, csrf)
	} else {
		w.raw("<p><small>")
		w.t("pages.messages.watching")
		w.raw("</small></p>")
	}
	w.raw("\n</section>\n")
}

func (w pageHTML) messages(ms []messageView) {
	w.raw("\n  <ol class=\"talk\">\n  ")
	for _, m := range ms {
		w.raw("\n    <li class=\"message")
		if m.Private {
			w.raw(" private")
		}
		if m.Mine {
			w.raw(" mine")
		}
		w.raw("\">\n      <p class=\"meta\"><strong class=\"who\">")
		w.text(m.Who)
		w.raw("</strong>")
		if m.To != "" {
			w.raw(` <span class="to">`)
			w.text(m.To)
			w.raw("</span>")
		}
		w.raw(" <small>")
		w.text(w.r.dateTime(m.At))
		w.raw("</small></p>\n      <p class=\"body\">")
		w.text(m.Body)
		w.raw("</p>\n    </li>\n  ")
	}
	w.raw("\n  </ol>\n  ")
}

func (w pageHTML) writeMessage(tv *talkView, game int64, csrf string) {
	w.form("\n  ", "  ", game, "/messages\" class=\"write", csrf)
	w.raw("\n    <label for=\"message-text\">")
	w.t("pages.messages.text")
	w.raw(fmt.Sprintf("</label>\n    <textarea id=\"message-text\" name=\"text\" rows=\"3\" maxlength=\"%d\" required></textarea>\n    <label for=\"message-to\">", tv.Max))
	w.t("pages.messages.to")
	w.raw("</label>\n    <select id=\"message-to\" name=\"to\">\n      <option value=\"\">")
	w.t("pages.messages.to_all")
	w.raw("</option>\n      ")
	for _, s := range tv.WriteTo {
		w.raw(fmt.Sprintf(`<option value="%d">`, s.Seat))
		w.t("pages.messages.to_only", "player", s.Name)
		w.raw("</option>")
	}
	w.raw("\n    </select>\n    <button type=\"submit\">")
	w.t("pages.messages.send")
	w.raw("</button>\n  </form>\n  ")
}

// filterURL refuses a URL whose scheme is not http, https or mailto, as
// html/template does at the start of a URL attribute.
func filterURL(s string) string {
	if scheme, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(scheme, "/") {
		if !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") && !strings.EqualFold(scheme, "mailto") {
			return "#ZgotmplZ"
		}
	}
	return s
}

// normalizeURL percent-encodes the bytes html/template's URL normalizer
// encodes: all but letters, digits, RFC 3986's reserved and unreserved
// characters and '%' (so an encoded URL stays as it is).
func normalizeURL(s string) string {
	var b *strings.Builder
	written := 0
	for i := 0; i < len(s); i++ {
		if urlByteKept(s[i]) {
			continue
		}
		if b == nil {
			b = &strings.Builder{}
			b.Grow(len(s) + 16)
		}
		b.WriteString(s[written:i])
		fmt.Fprintf(b, "%%%02x", s[i])
		written = i + 1
	}
	if b == nil {
		return s
	}
	b.WriteString(s[written:])
	return b.String()
}

func urlByteKept(c byte) bool {
	switch c {
	case '!', '#', '$', '&', '*', '+', ',', '/', ':', ';', '=', '?', '@', '[', ']', '-', '.', '_', '~', '%':
		return true
	}
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
