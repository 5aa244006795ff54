package handlers

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v5"

	"rondel/store"
	"rondel/store/letters"
)

// safeNext keeps redirects on this site: it returns next only if it is a
// path of this site, else "/". Browsers drop tabs and new lines from a
// URL and read a backslash as a slash, so "/\t/evil.example" would take
// them to //evil.example: a path with a control character, any space, a
// format character (bidirectional controls) or a backslash is refused,
// in the form sent and in every percent-decoded form, as is one that
// starts with "//" in any of them.
func safeNext(next string) string {
	if len(next) > 2000 {
		return "/"
	}
	for p, rounds := next, 0; ; rounds++ { // "%2525..." decodes step by step
		d, err := url.PathUnescape(p)
		if !plainPath(p) || err != nil || rounds == 4 {
			return "/" // four rounds and still encoded: not a plain path
		}
		if d == p {
			break
		}
		p = d
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "/"
	}
	return next
}

// plainPath reports whether p starts with exactly one slash and holds
// only visible characters other than a backslash.
func plainPath(p string) bool {
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || !utf8.ValidString(p) {
		return false
	}
	for _, r := range p {
		if r == '\\' || unicode.IsControl(r) || unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) {
			return false
		}
	}
	return true
}

type signinPage struct {
	Email   string
	Next    string
	Error   string // in words
	Welcome bool   // the home page of a visitor: say first what Rondel is
}

// checkMailPage follows a request for a sign-in link.
type checkMailPage struct {
	Email   string
	Minutes int // how long the link works
}

// signinConfirmPage is the button in front of a sign-in link.
type signinConfirmPage struct {
	Token string
	Next  string
}

func (s *Server) home(c *echo.Context) error {
	if currentUser(c) == nil {
		return s.render(c, http.StatusOK, "signin", s.speaker(c).T("pages.welcome.title"), signinPage{Welcome: true})
	}
	return s.dashboard(c)
}

func (s *Server) signinForm(c *echo.Context) error {
	next := safeNext(c.QueryParam("next"))
	s.sharedPreview(c, next) // a shared game link: its preview (board_link.go)
	return s.render(c, http.StatusOK, "signin", s.speaker(c).T("pages.signin.title"), signinPage{Next: next})
}

// signinRequest mails a magic link. The answer is the same whether or not
// the address belongs to anyone.
func (s *Server) signinRequest(c *echo.Context) error {
	ctx := c.Request().Context()
	sp := s.speaker(c)
	email, next := c.FormValue("email"), safeNext(c.FormValue("next"))
	addr, err := store.NormalizeEmail(email)
	if err != nil {
		return s.render(c, http.StatusBadRequest, "signin", sp.T("pages.signin.title"),
			signinPage{Email: email, Next: next, Error: sp.T("pages.signin.not_an_address")})
	}
	a := s.cfg.Auth
	token, err := s.store.SignIn().RequestLogin(ctx, addr, c.RealIP(), store.LoginLimits{TTL: a.LinkTTL(), Window: a.RateWindow(), PerAddress: a.PerAddress, PerAddressAll: a.PerAddressAll, PerIP: a.PerIP})
	if errors.Is(err, store.ErrRateLimited) {
		return fail(http.StatusTooManyRequests, "pages.error.rate_limited")
	}
	if err != nil {
		return err
	}
	link := s.link("/signin/%s", token)
	if next != "/" {
		link += "?next=" + strings.ReplaceAll(next, "&", "%26")
	}
	// The mail speaks the language of the page it was asked from.
	mail := letters.SignInMail(sp.Lang(), addr, link, a.LinkMinutes)
	expires := s.now().Add(a.LinkTTL())
	mail.Kind, mail.Key, mail.TellUserID, mail.Once, mail.Expires = "signin", store.HashToken(token)[:24], -1, true, &expires
	err = s.mailer.Send(ctx, mail)
	if errors.Is(err, store.ErrNotSent) {
		// Not retried: the link would arrive late. It never works and does
		// not count against the address.
		if err := s.store.SignIn().LoginUnsent(ctx, token); err != nil {
			return err
		}
		s.log.Warn("sign-in link not sent", "error", err)
		return fail(http.StatusServiceUnavailable, "pages.error.mail_unsent")
	}
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "checkmail", sp.T("pages.checkmail.title"), checkMailPage{Email: addr, Minutes: a.LinkMinutes})
}

// signinConfirm shows a button in front of the link: GET changes nothing,
// so mail scanners that follow links do not use them up.
func (s *Server) signinConfirm(c *echo.Context) error {
	token := c.Param("token")
	if !s.store.SignIn().LoginTokenValid(c.Request().Context(), token) {
		return fail(http.StatusNotFound, "pages.error.signin_link_gone")
	}
	return s.render(c, http.StatusOK, "signin_confirm", s.speaker(c).T("pages.signin.title"), signinConfirmPage{Token: token, Next: safeNext(c.QueryParam("next"))})
}

func (s *Server) signinUse(c *echo.Context) error {
	ctx := c.Request().Context()
	u, err := s.store.SignIn().ConsumeLogin(ctx, c.Param("token"))
	if errors.Is(err, store.ErrTokenInvalid) {
		return fail(http.StatusNotFound, "pages.error.signin_link_gone")
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
		s.store.SignIn().RevokeSession(c.Request().Context(), ck.Value)
	}
	token, err := s.store.SignIn().CreateSession(c.Request().Context(), u.ID, s.cfg.Auth.SessionTTL())
	if err != nil {
		return err
	}
	lang, err := s.signedInLanguage(c, u.ID, u.LanguageChosen)
	if err != nil {
		return err
	}
	if lang != "" {
		u.Language = lang
	}
	c.SetCookie(s.cookie(c, sessionCookie, token, int(s.cfg.Auth.SessionTTL().Seconds())))
	c.Set(keyUser, u)
	return nil
}

func (s *Server) signout(c *echo.Context) error {
	if ck, err := c.Cookie(sessionCookie); err == nil {
		if err := s.store.SignIn().RevokeSession(c.Request().Context(), ck.Value); err != nil {
			return err
		}
	}
	c.SetCookie(s.cookie(c, sessionCookie, "", -1))
	return c.Redirect(http.StatusSeeOther, "/")
}

func (s *Server) signoutAll(c *echo.Context) error {
	if u := currentUser(c); u != nil {
		if err := s.store.SignIn().RevokeSessions(c.Request().Context(), u.ID); err != nil {
			return err
		}
	}
	c.SetCookie(s.cookie(c, sessionCookie, "", -1))
	return c.Redirect(http.StatusSeeOther, "/")
}
