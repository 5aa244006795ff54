package handlers

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/store"
)

const (
	sessionCookie = "rondel_session"
	csrfCookie    = "rondel_csrf"
	csrfField     = "csrf"
	keyUser       = "user"
	keyCSRF       = "csrf"
	keyRequestID  = "request_id"
)

func randomString(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails on Linux
	return base64.RawURLEncoding.EncodeToString(b)
}

// requestLog gives every request an id (shown on error pages) and logs it
// by its route pattern, so secrets in paths never reach the log.
func (s *Server) requestLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		b := make([]byte, 6)
		rand.Read(b)
		id := hex.EncodeToString(b)
		c.Set(keyRequestID, id)
		c.Response().Header().Set("X-Request-Id", id)
		start := time.Now()
		err := next(c)
		if err != nil {
			s.handleError(c, err)
		}
		status := 0
		if r, _ := echo.UnwrapResponse(c.Response()); r != nil {
			status = r.Status
		}
		attrs := []any{"request_id", id, "method", c.Request().Method, "route", c.Path(), "status", status, "duration", time.Since(start).Round(time.Microsecond)}
		if u := currentUser(c); u != nil {
			attrs = append(attrs, "user", u.ID)
		}
		s.log.Info("request", attrs...)
		return nil
	}
}

func requestID(c *echo.Context) string {
	id, _ := c.Get(keyRequestID).(string)
	return id
}

// securityHeaders forbid framing and every script but our own files
// (static/board.js, which adds clicking on the board to pages that work
// without it): no inline script, nothing from elsewhere.
func (s *Server) securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		h := c.Response().Header()
		h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		return next(c)
	}
}

// cookie makes one of our cookies: never readable by scripts, not sent on
// cross-site POSTs, and Secure when served over TLS (directly, or behind a
// proxy when base_url is https).
func (s *Server) cookie(c *echo.Context, name, value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: s.secure || c.IsTLS()}
}

// session finds the signed-in user, if any.
func (s *Server) session(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if ck, err := c.Cookie(sessionCookie); err == nil && ck.Value != "" {
			if u, err := s.store.SignIn().SessionUser(c.Request().Context(), ck.Value); err == nil {
				c.Set(keyUser, u)
			}
		}
		return next(c)
	}
}

func currentUser(c *echo.Context) *store.User {
	u, _ := c.Get(keyUser).(*store.User)
	return u
}

// mustSignIn sends visitors to the sign-in page (GET) or refuses (POST).
func (s *Server) mustSignIn(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if currentUser(c) != nil {
			return next(c)
		}
		return signInFirst(c)
	}
}

// signInFirst answers a request that needs a session and has none: a
// page is sent to sign in (and back), anything else refused.
func signInFirst(c *echo.Context) error {
	if c.Request().Method == http.MethodGet {
		return c.Redirect(http.StatusSeeOther, "/signin?next="+url.QueryEscape(c.Request().URL.RequestURI()))
	}
	return fail(http.StatusUnauthorized, "pages.error.signed_out")
}

// csrf is a double-submit check: every form carries the value of the
// csrf cookie, which another site can neither read nor set. Requests that
// name a foreign Origin are refused as well.
func (s *Server) csrf(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := c.Request()
		token := ""
		if ck, err := c.Cookie(csrfCookie); err == nil && len(ck.Value) >= 20 {
			token = ck.Value
		}
		safe := r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions ||
			isOneClickUnsubscribe(r) // signed link, posted by mail programs
		if !safe {
			sent := c.FormValue(csrfField)
			if token == "" || subtle.ConstantTimeCompare([]byte(sent), []byte(token)) != 1 || foreignOrigin(r) {
				return fail(http.StatusForbidden, "pages.error.csrf")
			}
		}
		if token == "" {
			token = randomString(24)
			c.SetCookie(s.cookie(c, csrfCookie, token, 0))
		}
		c.Set(keyCSRF, token)
		return next(c)
	}
}

func foreignOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" || o == "null" {
		return o == "null"
	}
	u, err := url.Parse(o)
	return err != nil || u.Host != r.Host
}

func csrfToken(c *echo.Context) string {
	t, _ := c.Get(keyCSRF).(string)
	return t
}

// recoverPanic turns a panic into an error page instead of a dropped
// connection.
func recoverPanic(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
			}
		}()
		return next(c)
	}
}

// maxBody caps request bodies: forms here are small (an uploaded game
// log, gzipped, is the largest).
const maxBody = 1 << 20

// limitBody caps request bodies. A body over the cap gets a plain "too
// large" page (413) before anything else reads it, rather than failing the
// form check further on.
func limitBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := c.Request()
		if r.ContentLength > maxBody {
			return tooLarge()
		}
		r.Body = http.MaxBytesReader(c.Response(), r.Body, maxBody)
		if r.Method == http.MethodPost {
			// Read the form now, so a body that only turns out too long
			// while it is read (no length given) is named as such.
			var err error
			if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
				err = r.ParseMultipartForm(maxBody)
			} else {
				err = r.ParseForm()
			}
			var mb *http.MaxBytesError
			if errors.As(err, &mb) {
				return tooLarge()
			}
		}
		return next(c)
	}
}

func tooLarge() error {
	return fail(http.StatusRequestEntityTooLarge, "pages.error.too_large", "kb", maxBody>>10)
}
