package handlers

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/store"
)

// Leaving a game in play (issue 13): a player resigns, after a page that
// asks them to confirm; all players together end the game early. Both
// need notify, whose caretaker plays a resigned seat and whose mails
// tell the table.

// resignPage asks a player to confirm that they resign.
type resignPage struct {
	Game       *store.Game
	Substitute bool // the game offers the seat to a substitute first
}

// resignConfirm shows what resigning does; only the POST resigns.
func (s *Server) resignConfirm(c *echo.Context) error {
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	if pos.Game.Status != store.StatusActive {
		return refused(store.ErrNotInPlay)
	}
	if store.SeatOf(pos.Seats, currentUser(c).ID) < 0 {
		return refused(store.ErrNotPlaying)
	}
	gc, err := s.store.GameClockOf(c.Request().Context(), pos.Game.ID)
	if err != nil {
		return err
	}
	p := resignPage{Game: pos.Game, Substitute: gc != nil && gc.Policy == store.PolicySubstitute && gc.SubstituteSecs > 0}
	return s.render(c, http.StatusOK, "resign", s.speaker(c).T("club.resign.title", "game", pos.Game.Name), p)
}

// resign gives up the signed-in player's seat.
func (s *Server) resign(c *echo.Context) error {
	id, err := gameIDParam(c)
	if err != nil {
		return err
	}
	if _, err := s.store.Resign(c.Request().Context(), id, currentUser(c).ID); err != nil {
		return refused(err)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}

// proposeEnd records that the signed-in player agrees to end the game at
// the position their form was made on.
func (s *Server) proposeEnd(c *echo.Context) error {
	id, err := gameIDParam(c)
	if err != nil {
		return err
	}
	seq, err := strconv.Atoi(c.FormValue("seq"))
	if err != nil || seq < 0 {
		return refused(store.ErrGameMovedOn)
	}
	if _, err := s.store.AgreeToEnd(c.Request().Context(), id, currentUser(c).ID, seq); err != nil {
		return refused(err)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}
