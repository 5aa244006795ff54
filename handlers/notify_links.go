package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/game/words"
	"rondel/notify"
	"rondel/store"
)

// Pages behind the links in notify's mails: a decision link opens a
// confirmation page (GET changes nothing) and one POST makes the move. A
// link is signed and bound to the game, the seat, its holder and the move
// number, so it stops working once the game moves on or the seat changes
// hands, and a changed or made-up link is refused.

// notifyDonePage confirms a move made from a mail link, or an
// unsubscription (then Unsubscribed says from what).
type notifyDonePage struct {
	Label        string
	Game         *store.Game
	Seq          int
	Unsubscribed string // from what, in words
}

// unsubscribePage asks before stopping mail about one game (Game names
// it) or all of Rondel's mail.
type unsubscribePage struct {
	Token string
	Game  string
	All   bool
}

// substitutePage offers a seat to a substitute.
type substitutePage struct {
	Token string
	Game  *store.Game
	Seat  int    // counted from 1
	Name  string // the newcomer's display name, to start the name field with
}

// decisionCtx is a decision link checked against the game as it stands.
type decisionCtx struct {
	Token  string
	Link   notify.DecisionLink
	Pos    *store.Position
	Moves  []game.LegalMove
	Asked  []game.Decision
	Choice *game.LegalMove
}

// decisionPage is a decision link's page, in words.
type decisionPage struct {
	Token  string
	Game   *store.Game
	Asked  []string
	Moves  []string
	Choice string // the move the link chose, "" for none
}

var errLinkGone = fail(http.StatusGone, "pages.error.link_gone")

func (s *Server) loadDecision(c *echo.Context) (*decisionCtx, error) {
	tok := c.Param("token")
	l, err := s.notify.ParseToken(tok)
	if err != nil {
		return nil, fail(http.StatusForbidden, "pages.error.link_invalid")
	}
	if u := currentUser(c); u != nil && u.ID != l.User {
		return nil, fail(http.StatusForbidden, "pages.error.link_other")
	}
	pos, err := s.store.Current(c.Request().Context(), l.Game)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fail(http.StatusNotFound, "pages.error.no_game")
	}
	if err != nil {
		return nil, err
	}
	if pos.State == nil || pos.Game.Status != store.StatusActive || pos.Seq != l.Seq ||
		l.Seat < 0 || l.Seat >= len(pos.Seats) || pos.Seats[l.Seat].UserID != l.User {
		return nil, errLinkGone
	}
	d := &decisionCtx{Token: tok, Link: l, Pos: pos, Moves: pos.State.LegalMoves(l.Seat)}
	for _, dec := range pos.State.ToAct() {
		if dec.Seat == l.Seat {
			d.Asked = append(d.Asked, dec)
		}
	}
	if len(d.Asked) == 0 {
		return nil, errLinkGone
	}
	if l.Choice >= 0 {
		if l.Choice >= len(d.Moves) {
			return nil, errLinkGone
		}
		d.Choice = &d.Moves[l.Choice]
	}
	return d, nil
}

func (s *Server) decisionShow(c *echo.Context) error {
	d, err := s.loadDecision(c)
	if err != nil {
		return err
	}
	sp := s.seatSpeaker(c, d.Pos.Seats)
	p := decisionPage{Token: d.Token, Game: d.Pos.Game}
	for _, dec := range d.Asked {
		p.Asked = append(p.Asked, sp.Say(dec.Prompt))
	}
	for _, m := range d.Moves {
		p.Moves = append(p.Moves, sp.Say(m.Label))
	}
	if d.Choice != nil {
		p.Choice = sp.Say(d.Choice.Label)
	}
	return s.render(c, http.StatusOK, "notify_decision", sp.T("pages.decision.title", "game", d.Pos.Game.Name), p)
}

func (s *Server) decisionMake(c *echo.Context) error {
	d, err := s.loadDecision(c)
	if err != nil {
		return err
	}
	choice := d.Link.Choice
	if choice < 0 {
		if choice, err = strconv.Atoi(c.FormValue("choice")); err != nil || choice < 0 || choice >= len(d.Moves) {
			return fail(http.StatusBadRequest, "pages.error.no_move")
		}
	}
	ctx := c.Request().Context()
	played, err := s.store.AppendMove(ctx, store.Submit{GameID: d.Pos.Game.ID, Seat: d.Link.Seat, Seq: d.Link.Seq,
		Move: d.Moves[choice].Move, UserID: d.Link.User, Note: words.Encode(words.New("mail.note.mail_link"))})
	var illegal *store.IllegalMoveError
	switch {
	case errors.Is(err, store.ErrGameChanged):
		return errLinkGone
	case errors.As(err, &illegal):
		return failWith(http.StatusUnprocessableEntity, "pages.error.illegal", illegalText(illegal.Err)).naming(d.Pos.Seats)
	case errors.Is(err, store.ErrNotPlaying):
		return refused(err) // a link mailed before its player resigned
	case err != nil:
		return err
	}
	if s.hooks.MovePlayed != nil {
		s.hooks.MovePlayed(ctx, d.Pos.Game.ID, played.Seq)
	}
	sp := s.seatSpeaker(c, d.Pos.Seats)
	return s.render(c, http.StatusOK, "notify_done", sp.T("pages.done.title"), notifyDonePage{
		Label: sp.Say(d.Moves[choice].Label), Game: d.Pos.Game, Seq: played.Seq})
}

// unsubscribeShow asks before stopping mail (GET changes nothing).
func (s *Server) unsubscribeShow(c *echo.Context) error {
	_, gameID, err := s.notify.ParseUnsubscribe(c.Param("token"))
	if err != nil {
		return fail(http.StatusForbidden, "pages.error.link_invalid")
	}
	name := ""
	if gameID > 0 {
		if g, err := s.store.GameRow(c.Request().Context(), gameID); err == nil {
			name = g.Name
		}
	}
	return s.render(c, http.StatusOK, "notify_unsubscribe", s.speaker(c).T("pages.unsubscribe.title"), unsubscribePage{Token: c.Param("token"), Game: name, All: gameID == 0})
}

// unsubscribeMake stops mail. Mail programs POST here directly ("one
// click", RFC 8058), so the signed link stands in for the CSRF check.
func (s *Server) unsubscribeMake(c *echo.Context) error {
	user, gameID, err := s.notify.ParseUnsubscribe(c.Param("token"))
	if err != nil {
		return fail(http.StatusForbidden, "pages.error.link_invalid")
	}
	if err := s.store.Unsubscribe(c.Request().Context(), user, gameID); err != nil {
		return err
	}
	sp := s.speaker(c)
	what := sp.T("pages.done.from_rondel")
	if gameID > 0 {
		what = sp.T("pages.done.about_game", "game", strconv.FormatInt(gameID, 10))
	}
	return s.render(c, http.StatusOK, "notify_done", sp.T("pages.done.unsubscribed"), notifyDonePage{Unsubscribed: what})
}

// isOneClickUnsubscribe marks the one POST that comes from mail programs
// rather than from a page of this site.
func isOneClickUnsubscribe(r *http.Request) bool {
	const p = "/notify/unsubscribe/"
	return r.Method == http.MethodPost && len(r.URL.Path) > len(p) && r.URL.Path[:len(p)] == p
}

func (s *Server) substituteShow(c *echo.Context) error {
	sc, err := s.store.SubstituteSeat(c.Request().Context(), c.Param("token"))
	if err != nil {
		return fail(http.StatusNotFound, "pages.error.seat_gone")
	}
	g, err := s.store.GameRow(c.Request().Context(), sc.GameID)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "notify_substitute", s.speaker(c).T("pages.substitute.title", "game", g.Name), substitutePage{Token: c.Param("token"), Game: g, Seat: sc.Seat + 1,
		Name: currentUser(c).DisplayName})
}

func (s *Server) substituteTake(c *echo.Context) error {
	gameID, err := s.notify.TakeSeat(c.Request().Context(), c.Param("token"), currentUser(c).ID, c.FormValue("name"))
	if err != nil {
		return failWith(http.StatusConflict, "pages.error.seat_not_taken", words.New("pages.error.seat_not_taken.msg").Sub("why", errorText(err)))
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", gameID))
}
