package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/store"
)

// Undelivered mail, for the club's admins: what notify gave up on (to
// send again) and what waits for another try.

// mailAdminPage lists the mail notify gave up on and the mail waiting.
type mailAdminPage struct {
	Failed  []store.OutboxMail
	Pending []store.OutboxMail
}

func (s *Server) notifyMailAdmin(c *echo.Context) error {
	if !s.cfg.IsAdmin(currentUser(c).Email) {
		return fail(http.StatusForbidden, "pages.error.admins_mail")
	}
	ctx := c.Request().Context()
	failed, err := s.store.Outbox().Rows(ctx, store.OutboxFailed, 200)
	if err != nil {
		return err
	}
	pending, err := s.store.Outbox().Rows(ctx, store.OutboxPending, 200)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "notify_mail", s.speaker(c).T("pages.mailadmin.title"), mailAdminPage{Failed: failed, Pending: pending})
}

func (s *Server) notifyMailRetry(c *echo.Context) error {
	if !s.cfg.IsAdmin(currentUser(c).Email) {
		return fail(http.StatusForbidden, "pages.error.admins_retry")
	}
	id, _ := strconv.ParseInt(c.Param("mail"), 10, 64)
	if err := s.store.Outbox().Retry(c.Request().Context(), id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/notify/mail")
}
