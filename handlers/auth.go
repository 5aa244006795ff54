package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"rondel/store"
)

// safeNext keeps redirects on this site.
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.Contains(next, "\\") {
		return "/"
	}
	return next
}

type signinPage struct {
	Email string
	Next  string
	Error string
}

func (s *Server) home(c *echo.Context) error {
	if currentUser(c) == nil {
		return s.render(c, http.StatusOK, "signin", "Sign in", signinPage{})
	}
	return s.dashboard(c)
}

func (s *Server) signinForm(c *echo.Context) error {
	return s.render(c, http.StatusOK, "signin", "Sign in", signinPage{Next: safeNext(c.QueryParam("next"))})
}

// signinRequest mails a magic link. The answer is the same whether or not
// the address belongs to anyone.
func (s *Server) signinRequest(c *echo.Context) error {
	ctx := c.Request().Context()
	email, next := c.FormValue("email"), safeNext(c.FormValue("next"))
	addr, err := store.NormalizeEmail(email)
	if err != nil {
		return s.render(c, http.StatusBadRequest, "signin", "Sign in", signinPage{Email: email, Next: next, Error: "That does not look like an email address."})
	}
	a := s.cfg.Auth
	token, err := s.store.RequestLogin(ctx, addr, c.RealIP(), store.LoginLimits{TTL: a.LinkTTL(), Window: a.RateWindow(), PerAddress: a.PerAddress, PerIP: a.PerIP})
	if errors.Is(err, store.ErrRateLimited) {
		return fail(http.StatusTooManyRequests, "Please wait", "Too many sign-in links were asked for this address or from this network. Please wait an hour and try again, or use a link already sent.")
	}
	if err != nil {
		return err
	}
	link := s.link("/signin/%s", token)
	if next != "/" {
		link += "?next=" + strings.ReplaceAll(next, "&", "%26")
	}
	body := fmt.Sprintf("Hello,\n\nsomeone (probably you) asked to sign in to Rondel with this address.\nOpen this link within %d minutes to sign in; it works once:\n\n%s\n\nIf it was not you, ignore this mail.\n", a.LinkMinutes, link)
	if err := s.mailer.Send(ctx, store.Mail{To: addr, Subject: "Your Rondel sign-in link", Body: body, Link: link}); err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "checkmail", "Check your mail", map[string]any{"Email": addr, "Minutes": a.LinkMinutes})
}

// signinConfirm shows a button in front of the link: GET changes nothing,
// so mail scanners that follow links do not use them up.
func (s *Server) signinConfirm(c *echo.Context) error {
	token := c.Param("token")
	if !s.store.LoginTokenValid(c.Request().Context(), token) {
		return fail(http.StatusNotFound, "This link does not work any more", "Sign-in links work for a short time and only once. Ask for a new one on the sign-in page.")
	}
	return s.render(c, http.StatusOK, "signin_confirm", "Sign in", map[string]any{"Token": token, "Next": safeNext(c.QueryParam("next"))})
}

func (s *Server) signinUse(c *echo.Context) error {
	ctx := c.Request().Context()
	u, err := s.store.ConsumeLogin(ctx, c.Param("token"))
	if errors.Is(err, store.ErrTokenInvalid) {
		return fail(http.StatusNotFound, "This link does not work any more", "Sign-in links work for a short time and only once. Ask for a new one on the sign-in page.")
	}
	if err != nil {
		return err
	}
	if err := s.startSession(c, u); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, safeNext(c.FormValue("next")))
}

func (s *Server) startSession(c *echo.Context, u *store.User) error {
	// Any old session of this browser ends: one browser, one person.
	if ck, err := c.Cookie(sessionCookie); err == nil {
		s.store.RevokeSession(c.Request().Context(), ck.Value)
	}
	token, err := s.store.CreateSession(c.Request().Context(), u.ID, s.cfg.Auth.SessionTTL())
	if err != nil {
		return err
	}
	c.SetCookie(s.cookie(c, sessionCookie, token, int(s.cfg.Auth.SessionTTL().Seconds())))
	c.Set(keyUser, u)
	return nil
}

func (s *Server) signout(c *echo.Context) error {
	if ck, err := c.Cookie(sessionCookie); err == nil {
		if err := s.store.RevokeSession(c.Request().Context(), ck.Value); err != nil {
			return err
		}
	}
	c.SetCookie(s.cookie(c, sessionCookie, "", -1))
	return c.Redirect(http.StatusSeeOther, "/")
}

func (s *Server) signoutAll(c *echo.Context) error {
	if u := currentUser(c); u != nil {
		if err := s.store.RevokeSessions(c.Request().Context(), u.ID); err != nil {
			return err
		}
	}
	c.SetCookie(s.cookie(c, sessionCookie, "", -1))
	return c.Redirect(http.StatusSeeOther, "/")
}

func (s *Server) settingsForm(c *echo.Context) error {
	return s.render(c, http.StatusOK, "settings", "Settings", map[string]any{"Saved": c.QueryParam("saved") != ""})
}

func (s *Server) settingsSave(c *echo.Context) error {
	u := currentUser(c)
	name := strings.TrimSpace(c.FormValue("name"))
	lang := c.FormValue("language")
	if lang != "en" && lang != "de" {
		lang = "en"
	}
	if len(name) > 60 {
		return fail(http.StatusBadRequest, "Name too long", "Please use a name of at most 60 characters.")
	}
	if err := s.store.UpdateProfile(c.Request().Context(), u.ID, name, lang, c.FormValue("notify")); err != nil {
		return fail(http.StatusBadRequest, "Not saved", err.Error())
	}
	return c.Redirect(http.StatusSeeOther, "/settings?saved=1")
}

// inviteShow describes the invitation; accepting is a POST.
func (s *Server) inviteShow(c *echo.Context) error {
	info, err := s.store.Invitation(c.Request().Context(), c.Param("token"))
	if errors.Is(err, store.ErrTokenInvalid) {
		return fail(http.StatusNotFound, "This invitation does not work any more", "It was already accepted or it expired. If you accepted it, sign in to reach the game.")
	}
	if err != nil {
		return err
	}
	seats, err := s.store.Seats(c.Request().Context(), info.Game.ID)
	if err != nil {
		return err
	}
	kind := info.Game.GameID
	if g, err := s.store.Registry().Get(info.Game.GameID); err == nil {
		kind = g.Info().Name
	}
	return s.render(c, http.StatusOK, "invite", "Invitation", map[string]any{
		"Token": c.Param("token"), "Info": info, "Seats": seats, "Kind": kind})
}

func (s *Server) inviteAccept(c *echo.Context) error {
	u, g, err := s.store.AcceptInvitation(c.Request().Context(), c.Param("token"))
	if errors.Is(err, store.ErrTokenInvalid) {
		return fail(http.StatusNotFound, "This invitation does not work any more", "It was already accepted or it expired. If you accepted it, sign in to reach the game.")
	}
	if err != nil {
		return err
	}
	if err := s.startSession(c, u); err != nil {
		return err
	}
	if g.Status == store.StatusActive && s.hooks.GameStarted != nil {
		// A used invitation is refused above, so this acceptance started it.
		s.hooks.GameStarted(c.Request().Context(), g.ID)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", g.ID))
}
