package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
)

// takeBack takes back the signed-in player's last move ("Take back my
// move"), while nobody else has acted since. Every refusal writes nothing
// and says why.
func (s *Server) takeBack(c *echo.Context) error {
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	u := currentUser(c)
	seat := store.SeatOf(pos.Seats, u.ID)
	if seat < 0 {
		return fail(http.StatusForbidden, "pages.error.not_your_game")
	}
	seq, err := strconv.Atoi(c.FormValue("seq"))
	if err != nil || seq < 0 {
		return fail(http.StatusBadRequest, "pages.error.form_incomplete")
	}
	played, err := s.store.TakeBack(c.Request().Context(), pos.Game.ID, seat, seq, u.ID)
	var refused *store.TakeBackRefusedError
	switch {
	case err == nil:
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d?took_back=%d#decide", pos.Game.ID, played.Seq-1))
	case errors.Is(err, store.ErrGameChanged):
		return s.gameChanged(c, seq)
	case errors.As(err, &refused):
		return failWith(http.StatusConflict, "pages.error.take_back", words.New(refused.Why))
	case errors.Is(err, store.ErrNotActive):
		return fail(http.StatusConflict, "pages.error.not_active", "status", words.Term("pages.status."+pos.Game.Status))
	}
	return err
}
