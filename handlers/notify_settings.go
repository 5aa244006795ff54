package handlers

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
)

// A person's mail settings: the time zone deadlines are shown in, and
// absences that stop the clocks of their games.

// notifySettingsPage is the time zone and absences form.
type notifySettingsPage struct {
	TimeZone string
	Absences []store.Absence
	Limits   config.Absence
	Saved    bool
	Today    string // the first day offered for a new absence
	// Calendar is the person's calendar feed (nil: none); NewFeed its
	// address, on the page that just made it (notify_calendar.go).
	Calendar *store.CalendarFeed
	NewFeed  string
}

func (s *Server) notifySettings(c *echo.Context) error { return s.notifySettingsWith(c, "") }

// notifySettingsWith shows the page, with a calendar address just made.
func (s *Server) notifySettingsWith(c *echo.Context, newFeed string) error {
	ctx := c.Request().Context()
	u := currentUser(c)
	abs, err := s.store.AbsencesOf(ctx, u.ID, s.now().AddDate(-1, 0, 0))
	if err != nil {
		return err
	}
	feed, err := s.store.Calendar().FeedOf(ctx, u.ID)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "notify_settings", s.speaker(c).T("pages.absences.title"), notifySettingsPage{
		TimeZone: s.store.TimeZone(ctx, u.ID), Absences: abs, Limits: s.cfg.Notify.Absence,
		Saved: c.QueryParam("saved") != "", Today: s.now().UTC().Format("2006-01-02"), Calendar: feed, NewFeed: newFeed})
}

func (s *Server) notifyTimeZone(c *echo.Context) error {
	tz := strings.TrimSpace(c.FormValue("tz"))
	if _, err := time.LoadLocation(tz); err != nil || tz == "" {
		return fail(http.StatusBadRequest, "pages.error.unknown_zone", "zone", tz)
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
		return fail(http.StatusBadRequest, "pages.error.absence_not_saved")
	}
	if err := s.notify.DeclareAbsence(c.Request().Context(), currentUser(c).ID, from, from.AddDate(0, 0, days)); err != nil {
		return failWith(http.StatusBadRequest, "pages.error.absence_not_saved", words.New("pages.error.absence_not_saved.why").Sub("why", errorText(err)))
	}
	return c.Redirect(http.StatusSeeOther, "/notify/settings?saved=1")
}
