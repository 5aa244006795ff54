package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/store"
)

// The local outbox: without an SMTP server, mail stays in the database
// and is read here. It holds everybody's sign-in links, so it is shown
// only on the machine Rondel runs on, or to administrators (localOnly);
// there it also signs one in as a mail's recipient, so one person can
// play every seat of a game alone.

// outboxPage lists the mail kept here.
type outboxPage struct {
	Mails []store.LocalMail
}

func (s *Server) outbox(c *echo.Context) error {
	mails, err := s.store.LocalMails(c.Request().Context(), 100)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "outbox", s.speaker(c).T("pages.outbox.title"), outboxPage{Mails: mails})
}

func (s *Server) outboxMail(c *echo.Context) error {
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	m, err := s.store.LocalMailByID(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return fail(http.StatusNotFound, "pages.error.no_mail")
	}
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "outbox_mail", m.Subject, m)
}

// localOnly lets through requests from the loopback address that did not
// come through a proxy (a proxy on the same machine would make every
// visitor look local: clientip.go), and administrators.
func (s *Server) localOnly(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if s.proxies.isLocal(c.Request()) || (currentUser(c) != nil && s.cfg.IsAdmin(currentUser(c).Email)) {
			return next(c)
		}
		return fail(http.StatusForbidden, "pages.error.outbox_private")
	}
}

// outboxSignIn signs the browser in as a mail's recipient (local play).
func (s *Server) outboxSignIn(c *echo.Context) error {
	ctx := c.Request().Context()
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	m, err := s.store.LocalMailByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return fail(http.StatusNotFound, "pages.error.no_mail")
	}
	if err != nil {
		return err
	}
	addr, err := store.NormalizeEmail(m.ToAddr)
	if err != nil {
		return fail(http.StatusBadRequest, "pages.error.no_recipient")
	}
	var u *store.User
	if err := s.store.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		u, err = tx.FindOrCreateUser(addr, "")
		return err
	}); err != nil {
		return err
	}
	if err := s.startSession(c, u); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/")
}
