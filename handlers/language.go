package handlers

import (
	"net/http"
	"slices"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
)

// The language switch at the foot of every page: a small form that works
// without script. A member's choice is stored (store.ChooseLanguage); a
// visitor's lives in a cookie, and becomes their choice when they sign in
// if they had made none. Until a member chooses, their language is a
// guess: the inviter's when an invitation made them a member, then their
// browser's at each sign-in.

// langCookie holds a signed-out visitor's choice of language.
const langCookie = "rondel_lang"

// langCookieAge is how long a visitor's choice is remembered: a year.
const langCookieAge = 365 * 24 * 60 * 60

// switchBack is where the footer's switch on the page c answers returns
// to: after a GET the same page, after a POST the home page.
func switchBack(c *echo.Context) string {
	if r := c.Request(); r.Method == http.MethodGet {
		return safeNext(r.URL.RequestURI())
	}
	return "/"
}

// chosenLanguage is the visitor's choice from the cookie, or "".
func chosenLanguage(c *echo.Context) string {
	if ck, err := c.Cookie(langCookie); err == nil && slices.Contains(words.Languages, ck.Value) {
		return ck.Value
	}
	return ""
}

// switchLanguage answers the footer's form: the choice is the member's
// from now on, and this browser's while signed out.
func (s *Server) switchLanguage(c *echo.Context) error {
	lang := c.FormValue("lang")
	if !slices.Contains(words.Languages, lang) {
		return failWith(http.StatusBadRequest, "pages.error.not_saved", words.New("store.error.language").Lit("language", lang))
	}
	if u := currentUser(c); u != nil {
		if err := s.store.ChooseLanguage(c.Request().Context(), u.ID, lang); err != nil {
			return err
		}
	}
	c.SetCookie(s.cookie(c, langCookie, lang, langCookieAge))
	return c.Redirect(http.StatusSeeOther, safeNext(c.FormValue("back")))
}

// signedInLanguage gives a member who signs in the language of this
// browser unless they chose one: the visitor's choice from the footer
// becomes theirs; else the browser's Accept-Language is the new guess (a
// browser that asks for nothing changes nothing).
func (s *Server) signedInLanguage(c *echo.Context, userID int64, chosen bool) (string, error) {
	if chosen {
		return "", nil
	}
	ctx := c.Request().Context()
	if lang := chosenLanguage(c); lang != "" {
		return lang, s.store.ChooseLanguage(ctx, userID, lang)
	}
	header := c.Request().Header.Get("Accept-Language")
	if header == "" {
		return "", nil
	}
	lang := words.Default().Match(header)
	changed, err := s.store.GuessLanguage(ctx, userID, lang)
	if !changed {
		return "", err
	}
	return lang, err
}
