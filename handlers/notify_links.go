package handlers

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
)

// Pages behind the links in notify's mails other than decision links
// (notify_decision.go): stopping mail and taking over a seat.

// notifyDonePage confirms an unsubscription (Unsubscribed says from what).
type notifyDonePage struct {
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
	gameID, err := s.store.TakeSeat(c.Request().Context(), c.Param("token"), currentUser(c).ID, c.FormValue("name"))
	if err != nil {
		return failWith(http.StatusConflict, "pages.error.seat_not_taken", words.New("pages.error.seat_not_taken.msg").Sub("why", errorText(err)))
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", gameID))
}
