package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/notify"
	"rondel/store"
)

// Pages behind the links in notify's mails: a decision link opens a
// confirmation page (GET changes nothing) and one POST makes the move. A
// link is signed and bound to the game, the seat, its holder and the move
// number, so it stops working once the game moves on or the seat changes
// hands, and a changed or made-up link is refused.

func (s *Server) notifyRoutes(e *echo.Echo) {
	if s.notify == nil {
		return
	}
	e.GET("/notify/d/:token", s.decisionShow)
	e.POST("/notify/d/:token", s.decisionMake)
	e.GET("/notify/unsubscribe/:token", s.unsubscribeShow)
	e.POST("/notify/unsubscribe/:token", s.unsubscribeMake)
	e.GET("/notify/substitute/:token", s.substituteShow, s.mustSignIn)
	e.POST("/notify/substitute/:token", s.substituteTake, s.mustSignIn)
	e.GET("/notify/settings", s.notifySettings, s.mustSignIn)
	e.POST("/notify/settings/timezone", s.notifyTimeZone, s.mustSignIn)
	e.POST("/notify/settings/absence", s.notifyAbsence, s.mustSignIn)
	e.GET("/games/:id/notify", s.gameNotify, s.mustSignIn)
	e.POST("/games/:id/notify/orders", s.gameOrderAdd, s.mustSignIn)
	e.POST("/games/:id/notify/orders/:order/delete", s.gameOrderDelete, s.mustSignIn)
	e.POST("/games/:id/notify/clock", s.gameClockSave, s.mustSignIn)
	e.GET("/notify/mail", s.notifyMailAdmin, s.mustSignIn)
	e.POST("/notify/mail/:mail/retry", s.notifyMailRetry, s.mustSignIn)
}

// decisionLink checks a decision link against the game as it stands.
type decisionCtx struct {
	Token  string
	Link   notify.DecisionLink
	Pos    *store.Position
	Moves  []game.LegalMove
	Asked  []game.Decision
	Choice *game.LegalMove
}

var errLinkGone = fail(http.StatusGone, "This link has expired",
	"The game has moved on since this mail was sent, or the decision is no longer yours. Nothing was changed. Open the game to see where it stands.")

func (s *Server) loadDecision(c *echo.Context) (*decisionCtx, error) {
	tok := c.Param("token")
	l, err := s.notify.ParseToken(tok)
	if err != nil {
		return nil, fail(http.StatusForbidden, "This link is not valid", "The link was changed or made up. Nothing was changed.")
	}
	if u := currentUser(c); u != nil && u.ID != l.User {
		return nil, fail(http.StatusForbidden, "This link belongs to another player",
			"You are signed in as someone else than the player this mail was sent to. Nothing was changed.")
	}
	pos, err := s.store.Current(c.Request().Context(), l.Game)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fail(http.StatusNotFound, "No such game", "This game does not exist.")
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
	return s.render(c, http.StatusOK, "notify_decision", "Your decision", d)
}

func (s *Server) decisionMake(c *echo.Context) error {
	d, err := s.loadDecision(c)
	if err != nil {
		return err
	}
	choice := d.Link.Choice
	if choice < 0 {
		if choice, err = strconv.Atoi(c.FormValue("choice")); err != nil || choice < 0 || choice >= len(d.Moves) {
			return fail(http.StatusBadRequest, "No move chosen", "Choose one of the moves, then press the button. Nothing was written.")
		}
	}
	ctx := c.Request().Context()
	played, err := s.store.AppendMove(ctx, store.Submit{GameID: d.Pos.Game.ID, Seat: d.Link.Seat, Seq: d.Link.Seq,
		Move: d.Moves[choice].Move, UserID: d.Link.User, Note: "from a mail link"})
	var illegal *store.IllegalMoveError
	switch {
	case errors.Is(err, store.ErrGameChanged):
		return errLinkGone
	case errors.As(err, &illegal):
		return fail(http.StatusUnprocessableEntity, "That move is not allowed", illegal.Error()+". Nothing was written.")
	case err != nil:
		return err
	}
	if s.hooks.MovePlayed != nil {
		s.hooks.MovePlayed(ctx, d.Pos.Game.ID, played.Seq)
	}
	return s.render(c, http.StatusOK, "notify_done", "Done", map[string]any{
		"Label": d.Moves[choice].Label, "Game": d.Pos.Game, "Seq": played.Seq})
}

// unsubscribeShow asks before stopping mail (GET changes nothing).
func (s *Server) unsubscribeShow(c *echo.Context) error {
	_, gameID, err := s.notify.ParseUnsubscribe(c.Param("token"))
	if err != nil {
		return fail(http.StatusForbidden, "This link is not valid", "The link was changed or made up. Nothing was changed.")
	}
	name := ""
	if gameID > 0 {
		if g, err := s.store.GameRow(c.Request().Context(), gameID); err == nil {
			name = g.Name
		}
	}
	return s.render(c, http.StatusOK, "notify_unsubscribe", "Stop mail", map[string]any{"Token": c.Param("token"), "Game": name, "All": gameID == 0})
}

// unsubscribeMake stops mail. Mail programs POST here directly ("one
// click", RFC 8058), so the signed link stands in for the CSRF check.
func (s *Server) unsubscribeMake(c *echo.Context) error {
	user, gameID, err := s.notify.ParseUnsubscribe(c.Param("token"))
	if err != nil {
		return fail(http.StatusForbidden, "This link is not valid", "The link was changed or made up. Nothing was changed.")
	}
	if err := s.store.Unsubscribe(c.Request().Context(), user, gameID); err != nil {
		return err
	}
	what := "from Rondel"
	if gameID > 0 {
		what = fmt.Sprintf("about game %d", gameID)
	}
	return s.render(c, http.StatusOK, "notify_done", "Unsubscribed", map[string]any{"Unsubscribed": what})
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
		return fail(http.StatusNotFound, "This seat is no longer offered", "Someone took it, or the offer ended.")
	}
	g, err := s.store.GameRow(c.Request().Context(), sc.GameID)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "notify_substitute", "Take over a seat", map[string]any{"Token": c.Param("token"), "Game": g, "Seat": sc.Seat + 1})
}

func (s *Server) substituteTake(c *echo.Context) error {
	gameID, err := s.notify.TakeSeat(c.Request().Context(), c.Param("token"), currentUser(c).ID)
	if err != nil {
		return fail(http.StatusConflict, "The seat could not be taken", err.Error()+". Nothing was changed.")
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", gameID))
}
