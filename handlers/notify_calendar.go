package handlers

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"rondel/store"
)

// A person's deadlines as a calendar feed at a secret address: made and
// stopped on the mail settings page, read by calendar programs without a
// session. Only the secret's hash is stored, so the address is shown
// once, on the page that made it.

func (s *Server) calendarMake(c *echo.Context) error {
	token, err := s.store.Calendar().NewFeed(c.Request().Context(), currentUser(c).ID)
	if err != nil {
		return err
	}
	// The page itself, not a redirect: the address is never shown again.
	return s.notifySettingsWith(c, s.link("/calendar/%s.ics", token))
}

func (s *Server) calendarRevoke(c *echo.Context) error {
	if err := s.store.Calendar().RevokeFeed(c.Request().Context(), currentUser(c).ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/notify/settings?saved=1#calendar")
}

// calendarFeed serves the feed of the secret in the address (a calendar
// program may want it to end in .ics); a secret nobody has is 404, the
// same whether it never existed or was stopped.
func (s *Server) calendarFeed(c *echo.Context) error {
	ctx := c.Request().Context()
	u, err := s.store.Calendar().FeedUser(ctx, strings.TrimSuffix(c.Param("token"), ".ics"))
	if errors.Is(err, store.ErrNotFound) {
		return c.String(http.StatusNotFound, "No calendar at this address.\n")
	}
	if err != nil {
		return err
	}
	body, err := s.notify.CalendarFeed(ctx, *u)
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "private, no-cache")
	h.Set("Content-Disposition", `inline; filename="rondel.ics"`)
	return c.Blob(http.StatusOK, "text/calendar; charset=utf-8", body)
}
