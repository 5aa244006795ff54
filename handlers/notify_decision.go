package handlers

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
)

// A decision link from a turn mail opens the game page itself, at the
// decision, as the mail's recipient: the same board, situation and forms
// as /games/N, whose forms post back to the link. The link is signed and
// bound to the game, the seat, its holder and the turn it was mailed in
// (notify.CheckLink): it works for every step of that turn (a maneuver
// unit by unit, the investment after the rondel) and stops when the turn
// passes to someone else, the seat changes hands or the game ends. No
// session is needed, and none is made: GET changes nothing. Someone else
// signed in on the browser is offered to sign out and continue as the
// recipient.

// linkPage is a decision link that cannot open the game as its recipient:
// expired (Gone), or opened while someone else is signed in (Other).
type linkPage struct {
	Token  string
	Game   *store.Game
	Title  string
	Why    string // the reason, in plain words
	Player string // whom the mail went to (their seat's name)
	You    string // who is signed in, for the offer
}

// openLink checks the token of the request: a changed or made-up link is
// refused, a link of a game that is gone is 404.
func (s *Server) openLink(c *echo.Context) (*store.LinkCheck, error) {
	l, err := s.notify.ParseToken(c.Param("token"))
	if err != nil {
		return nil, fail(http.StatusForbidden, "pages.error.link_invalid")
	}
	chk, err := s.notify.CheckLink(c.Request().Context(), l)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fail(http.StatusNotFound, "pages.error.no_game")
	}
	if err != nil {
		return nil, err
	}
	if currentUser(c) == nil {
		s.readAs(c, l.User) // the page speaks as the mail did
	}
	return chk, nil
}

// readAs makes the request's pages speak the member's language and time
// zone (a visitor who came with their link).
func (s *Server) readAs(c *echo.Context, userID int64) {
	ctx := c.Request().Context()
	u, err := s.store.User(ctx, userID)
	if err != nil || u.Language == "" {
		return
	}
	c.Set(keyReader, s.readers.get(words.Default().Match(u.Language), s.store.TimeZone(ctx, userID), s.now))
}

// someoneElse is who is signed in, when it is not the link's recipient.
func someoneElse(c *echo.Context, chk *store.LinkCheck) *store.User {
	if u := currentUser(c); u != nil && u.ID != chk.Link.User {
		return u
	}
	return nil
}

func linkBase(c *echo.Context) string { return "/notify/d/" + c.Param("token") }

// decisionShow opens the game page at the link's decision.
func (s *Server) decisionShow(c *echo.Context) error {
	chk, err := s.openLink(c)
	if err != nil {
		return err
	}
	played, _ := strconv.Atoi(c.QueryParam("played"))
	if chk.State != store.LinkOpen {
		if played > chk.Link.Seq && chk.State == store.LinkTurnOver && s.movedAt(c, chk, played) {
			return s.turnDone(c, chk, played)
		}
		return s.linkGone(c, chk)
	}
	if u := someoneElse(c, chk); u != nil {
		return s.offerRecipient(c, chk, u, http.StatusOK)
	}
	return s.linkGame(c, chk, played, http.StatusOK, "")
}

// decisionBoard serves the board alone to a link's recipient (the page's
// "board alone" link, for a phone), while the link works.
func (s *Server) decisionBoard(c *echo.Context) error {
	chk, err := s.openLink(c)
	if err != nil {
		return err
	}
	if chk.State != store.LinkOpen {
		return s.linkGone(c, chk)
	}
	return s.serveBoard(c, chk.Pos, chk.Link.Seat)
}

// linkGame renders the game page as the link's recipient.
func (s *Server) linkGame(c *echo.Context, chk *store.LinkCheck, played, code int, notice string) error {
	r := s.reader(c)
	pos := chk.Pos
	v, err := s.buildGameView(c.Request().Context(), r, pos, chk.Link.User, c.QueryParam("group"), played, linkBase(c))
	if err != nil {
		return err
	}
	sp := r.sp.WithNames(seatNames(pos.Seats))
	v.Notice = notice
	v.Via = sp.T("pages.link.via", "player", pos.Seats[chk.Link.Seat].Name)
	if chk.Choice >= 0 && v.Form != nil {
		m := pos.State.LegalMoves(chk.Link.Seat)[chk.Choice]
		label := sp.Say(m.Label)
		v.Chosen = &chosenMove{Note: sp.T("pages.link.chosen", "move", label), Label: label, Value: string(m.Move)}
	} else if chk.Link.Choice >= 0 && v.Form != nil {
		// The mail's answer is gone: played from this link (the turn goes
		// on: a confirmation, no warning), or made for a step before.
		if played > chk.Link.Seq && s.movedAt(c, chk, played) {
			v.Done = sp.T("pages.link.choice_played")
		} else {
			v.Notice = strings.TrimSpace(notice + " " + sp.T("pages.link.choice_stale"))
		}
	}
	return s.render(c, code, "game", pos.Game.Name, v)
}

// movedAt reports whether move played was the link's seat's own.
func (s *Server) movedAt(c *echo.Context, chk *store.LinkCheck, played int) bool {
	rows, err := s.store.RecentMoves(c.Request().Context(), chk.Link.Game, played-1)
	return err == nil && len(rows) > 0 && rows[0].Seq == played && rows[0].Seat == chk.Link.Seat
}

// turnDone shows the game after the move that ended the link's turn: what
// happened, and who decides now; no form.
func (s *Server) turnDone(c *echo.Context, chk *store.LinkCheck, played int) error {
	r := s.reader(c)
	pos := chk.Pos
	v, err := s.buildGameView(c.Request().Context(), r, pos, chk.Link.User, "", played, linkBase(c))
	if err != nil {
		return err
	}
	v.Form = nil // a later turn of the seat is a newer mail's
	sp := r.sp.WithNames(seatNames(pos.Seats))
	v.Notice = sp.T("pages.link.turn_done", "waiting", waitingFor(pos.State.ToAct()))
	return s.render(c, http.StatusOK, "game", pos.Game.Name, v)
}

// linkGone says in plain words why a link no longer opens the decision,
// and links to the game.
func (s *Server) linkGone(c *echo.Context, chk *store.LinkCheck) error {
	pos := chk.Pos
	sp := s.seatSpeaker(c, pos.Seats)
	p := linkPage{Token: c.Param("token"), Game: pos.Game, Title: sp.T("pages.link.gone_title")}
	switch chk.State {
	case store.LinkGameOver:
		p.Why = sp.T("pages.link.gone_over")
	case store.LinkOtherHolder:
		p.Why = sp.T("pages.link.gone_holder")
	default:
		p.Why = sp.T("pages.link.gone_turn", "waiting", waitingFor(pos.State.ToAct()))
	}
	return s.render(c, http.StatusGone, "notify_link", p.Title, p)
}

// offerRecipient answers a link opened while someone else is signed in:
// nothing is done, and a button signs them out to continue as the
// recipient.
func (s *Server) offerRecipient(c *echo.Context, chk *store.LinkCheck, you *store.User, code int) error {
	pos := chk.Pos
	sp := s.seatSpeaker(c, pos.Seats)
	player := pos.Seats[chk.Link.Seat].Name
	name := you.DisplayName
	if name == "" {
		name = you.Email
	}
	p := linkPage{Token: c.Param("token"), Game: pos.Game, Player: player, You: name,
		Title: sp.T("pages.link.other_title", "player", player),
		Why:   sp.T("pages.link.other_msg", "player", player, "you", name)}
	return s.render(c, code, "notify_link", p.Title, p)
}

// decisionContinue signs this browser out, so the link opens the game as
// its recipient (a signed button: GET never signs anyone out).
func (s *Server) decisionContinue(c *echo.Context) error {
	if _, err := s.notify.ParseToken(c.Param("token")); err != nil {
		return fail(http.StatusForbidden, "pages.error.link_invalid")
	}
	if ck, err := c.Cookie(sessionCookie); err == nil {
		if err := s.store.SignIn().RevokeSession(c.Request().Context(), ck.Value); err != nil {
			return err
		}
	}
	c.SetCookie(s.cookie(c, sessionCookie, "", -1))
	return c.Redirect(http.StatusSeeOther, linkBase(c))
}

// decisionMove plays a move of the link's seat from the page the link
// opened; like /games/N/move, a refusal writes nothing and says why.
func (s *Server) decisionMove(c *echo.Context) error {
	chk, err := s.openLink(c)
	if err != nil {
		return err
	}
	if chk.State != store.LinkOpen {
		return s.linkGone(c, chk)
	}
	if u := someoneElse(c, chk); u != nil {
		return s.offerRecipient(c, chk, u, http.StatusForbidden)
	}
	seq, err := strconv.Atoi(c.FormValue("seq"))
	if err != nil || seq < 0 {
		return fail(http.StatusBadRequest, "pages.error.form_incomplete")
	}
	raw := strings.TrimSpace(c.FormValue("move"))
	if raw == "" {
		return fail(http.StatusBadRequest, "pages.error.no_move")
	}
	ctx := c.Request().Context()
	l, pos := chk.Link, chk.Pos
	played, err := s.store.AppendMove(ctx, store.Submit{GameID: l.Game, Seat: l.Seat, Seq: seq, Move: json.RawMessage(raw),
		UserID: l.User, Note: words.Encode(words.New("mail.note.mail_link"))})
	switch {
	case err == nil:
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("%s?played=%d#happened", linkBase(c), played.Seq))
	case errors.Is(err, store.ErrGameChanged):
		return s.linkChanged(c, seq)
	default:
		return moveRefused(err, pos)
	}
}

// linkChanged answers a form made on an older position: the new
// situation, if the link still opens it.
func (s *Server) linkChanged(c *echo.Context, formSeq int) error {
	chk, err := s.openLink(c)
	if err != nil {
		return err
	}
	if chk.State != store.LinkOpen {
		return s.linkGone(c, chk)
	}
	sp := s.seatSpeaker(c, chk.Pos.Seats)
	return s.linkGame(c, chk, formSeq+1, http.StatusConflict, sp.T("pages.game.changed", "form", formSeq, "now", chk.Pos.Seq))
}
