package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/notify"
	"rondel/store"
)

// Mail settings: time zone and absences per person; standing orders per
// seat; the game's clock (its creator chooses); undelivered mail (admins).

func (s *Server) notifySettings(c *echo.Context) error {
	ctx := c.Request().Context()
	u := currentUser(c)
	abs, err := s.store.AbsencesOf(ctx, u.ID, s.now().AddDate(-1, 0, 0))
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "notify_settings", "Mail and absences", map[string]any{
		"TimeZone": s.store.TimeZone(ctx, u.ID), "Absences": abs, "Limits": s.cfg.Notify.Absence,
		"Saved": c.QueryParam("saved") != "", "Today": s.now().UTC().Format("2006-01-02")})
}

func (s *Server) notifyTimeZone(c *echo.Context) error {
	tz := strings.TrimSpace(c.FormValue("tz"))
	if _, err := time.LoadLocation(tz); err != nil || tz == "" {
		return fail(http.StatusBadRequest, "Unknown time zone", fmt.Sprintf("%q is not a time zone name like Europe/Vienna. Nothing was saved.", tz))
	}
	if err := s.store.SetTimeZone(c.Request().Context(), currentUser(c).ID, tz); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/notify/settings?saved=1")
}

func (s *Server) notifyAbsence(c *echo.Context) error {
	from, err := time.Parse("2006-01-02", c.FormValue("from"))
	days, err2 := strconv.Atoi(c.FormValue("days"))
	if err != nil || err2 != nil || days < 1 {
		return fail(http.StatusBadRequest, "Absence not saved", "Give the first day (YYYY-MM-DD) and the number of days. Nothing was saved.")
	}
	if err := s.notify.DeclareAbsence(c.Request().Context(), currentUser(c).ID, from, from.AddDate(0, 0, days)); err != nil {
		return fail(http.StatusBadRequest, "Absence not saved", err.Error()+". Nothing was saved.")
	}
	return c.Redirect(http.StatusSeeOther, "/notify/settings?saved=1")
}

// seatOfCurrent loads a game and the signed-in user's seat in it.
func (s *Server) seatOfCurrent(c *echo.Context) (*store.Game, int, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return nil, 0, fail(http.StatusNotFound, "No such game", "This game does not exist.")
	}
	g, err := s.store.GameRow(c.Request().Context(), id)
	if err != nil {
		return nil, 0, fail(http.StatusNotFound, "No such game", "This game does not exist.")
	}
	seats, err := s.store.Seats(c.Request().Context(), id)
	if err != nil {
		return nil, 0, err
	}
	return g, store.SeatOf(seats, currentUser(c).ID), nil
}

func (s *Server) gameNotify(c *echo.Context) error {
	g, seat, err := s.seatOfCurrent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	var orders []map[string]any
	if seat >= 0 {
		list, err := s.store.StandingOrders(ctx, g.ID, seat)
		if err != nil {
			return err
		}
		for _, o := range list {
			k, _ := notify.OrderKindByName(o.Kind)
			orders = append(orders, map[string]any{"ID": o.ID, "Text": k.Describe(o.Arg)})
		}
	}
	gc, err := s.store.GameClockOf(ctx, g.ID)
	if err != nil {
		return err
	}
	clock := ""
	if gc != nil {
		clock = s.notify.ClockWords(gc)
	}
	creator := g.CreatedBy != nil && *g.CreatedBy == currentUser(c).ID
	return s.render(c, http.StatusOK, "notify_game", g.Name+": mail and deadlines", map[string]any{
		"Game": g, "Seat": seat, "Orders": orders, "Kinds": notify.OrderKinds, "Clock": clock, "GameClock": gc,
		"Creator": creator, "Presets": s.cfg.Notify.Presets})
}

func (s *Server) gameOrderAdd(c *echo.Context) error {
	g, seat, err := s.seatOfCurrent(c)
	if err != nil {
		return err
	}
	if seat < 0 {
		return fail(http.StatusForbidden, "Not your game", "You have no seat in this game. Nothing was saved.")
	}
	k, ok := notify.OrderKindByName(c.FormValue("kind"))
	arg := strings.TrimSpace(c.FormValue("arg"))
	if !ok || (k.NeedsArg && arg == "") || len(arg) > 60 {
		return fail(http.StatusBadRequest, "Order not saved", "Choose an order, and name whom it concerns if it asks for a name. Nothing was saved.")
	}
	if !k.NeedsArg {
		arg = ""
	}
	if err := s.store.AddStandingOrder(c.Request().Context(), store.StandingOrder{GameID: g.ID, Seat: seat, Kind: k.Name, Arg: arg}); err != nil {
		return err
	}
	if s.hooks.MovePlayed != nil { // the order may answer an open decision now
		s.hooks.MovePlayed(c.Request().Context(), g.ID, -1)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/notify", g.ID))
}

func (s *Server) gameOrderDelete(c *echo.Context) error {
	g, seat, err := s.seatOfCurrent(c)
	if err != nil {
		return err
	}
	id, _ := strconv.ParseInt(c.Param("order"), 10, 64)
	if seat >= 0 {
		if err := s.store.RemoveStandingOrder(c.Request().Context(), g.ID, seat, id); err != nil {
			return err
		}
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/notify", g.ID))
}

func (s *Server) gameClockSave(c *echo.Context) error {
	g, _, err := s.seatOfCurrent(c)
	if err != nil {
		return err
	}
	if g.CreatedBy == nil || *g.CreatedBy != currentUser(c).ID {
		return fail(http.StatusForbidden, "Not your game to set", "Only the creator of the game sets its deadlines. Nothing was saved.")
	}
	if g.Status == store.StatusFinished {
		return fail(http.StatusConflict, "The game is over", "Nothing was saved.")
	}
	err = s.notify.SetClock(c.Request().Context(), g.ID, c.FormValue("preset"), c.FormValue("weekends") == "on", c.FormValue("policy"))
	if err != nil {
		return fail(http.StatusBadRequest, "Not saved", err.Error()+". Nothing was saved.")
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/notify", g.ID))
}

func (s *Server) notifyMailAdmin(c *echo.Context) error {
	if !s.cfg.IsAdmin(currentUser(c).Email) {
		return fail(http.StatusForbidden, "Administrators only", "Only the club's administrators see undelivered mail.")
	}
	ctx := c.Request().Context()
	failed, err := s.store.OutboxRows(ctx, store.OutboxFailed, 200)
	if err != nil {
		return err
	}
	pending, err := s.store.OutboxRows(ctx, store.OutboxPending, 200)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "notify_mail", "Undelivered mail", map[string]any{"Failed": failed, "Pending": pending})
}

func (s *Server) notifyMailRetry(c *echo.Context) error {
	if !s.cfg.IsAdmin(currentUser(c).Email) {
		return fail(http.StatusForbidden, "Administrators only", "Only the club's administrators retry mail.")
	}
	id, _ := strconv.ParseInt(c.Param("mail"), 10, 64)
	if err := s.store.RetryOutbox(c.Request().Context(), id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/notify/mail")
}
