package handlers

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
)

// Turn notices in a chat: a game's webhook, set by the game's creator on
// its notification page, and the club's, set by the admins. notify checks
// the address and posts the notices. The address is a secret: pages show
// its hint only and never put it back into a form.

// hookView is a webhook as a page shows it.
type hookView struct {
	ID     int64
	Hint   string
	Kind   string // Discord, Slack
	Lang   string // the notices' language, named in itself
	Paused bool
	Status string // how the last notices went, in words
}

func (s *Server) hookViewOf(c *echo.Context, h store.Webhook) hookView {
	r := s.reader(c)
	sp := r.sp
	v := hookView{ID: h.ID, Hint: h.Hint, Kind: sp.T("pages.hooks.kind_" + h.Flavour), Lang: languageName(h.Language), Paused: h.PausedAt != nil}
	failed := ""
	if h.Failing() {
		failed = sp.T("pages.hooks.failed", "when", r.dateTime(*h.LastErrorAt), "error", h.LastError)
	}
	switch {
	case h.PausedAt != nil:
		v.Status = sp.T("pages.hooks.paused", "when", r.dateTime(*h.PausedAt)) + " " + failed
	case failed != "":
		v.Status = failed
	case h.LastOKAt != nil:
		v.Status = sp.T("pages.hooks.delivered", "when", r.dateTime(*h.LastOKAt))
	default:
		v.Status = sp.T("pages.hooks.never")
	}
	return v
}

// hookForm is the form that sets a webhook (layout.html's "hookform").
type hookForm struct {
	Action    string
	CSRF      string
	Languages []languageChoice
}

// languageName is a language named in itself ("Deutsch").
func languageName(lang string) string { return words.Default().Speaker(lang, nil).T("pages.language") }

// languageChoices offers every language, each named in itself.
func languageChoices(selected string) []languageChoice {
	var out []languageChoice
	for _, l := range words.Languages {
		out = append(out, languageChoice{Code: l, Name: languageName(l), Selected: l == selected})
	}
	return out
}

// hookFromForm reads and checks a webhook form: the address, its kind and
// the notices' language (fallback when none of Rondel's is chosen).
func (s *Server) hookFromForm(c *echo.Context, fallback string) (*store.Webhook, error) {
	addr, flavour, hint, err := s.notify.CheckWebhook(c.FormValue("url"), c.FormValue("kind"))
	if err != nil {
		return nil, failWith(http.StatusBadRequest, "pages.error.webhook_not_saved",
			words.New("pages.error.webhook_not_saved.why").Sub("why", errorText(err)))
	}
	lang := c.FormValue("language")
	if !slices.Contains(words.Languages, lang) {
		lang = fallback
	}
	return &store.Webhook{URL: addr, Flavour: flavour, Hint: hint, Language: lang, CreatedBy: currentUser(c).ID}, nil
}

// creatorsGame is the request's game, for its creator only.
func (s *Server) creatorsGame(c *echo.Context) (*store.Game, error) {
	g, _, err := s.seatOfCurrent(c)
	if err != nil {
		return nil, err
	}
	if g.CreatedBy == nil || *g.CreatedBy != currentUser(c).ID {
		return nil, fail(http.StatusForbidden, "pages.error.not_creator_hooks")
	}
	return g, nil
}

// gameHookOnPage puts the game's webhook on its notification page, and
// the form's choices for its creator.
func (s *Server) gameHookOnPage(c *echo.Context, p *gameNotifyPage) error {
	h, err := s.store.Webhooks().OfGame(c.Request().Context(), p.Game.ID)
	if err != nil {
		return err
	}
	lang := currentUser(c).Language
	if h != nil {
		v := s.hookViewOf(c, *h)
		p.Hook, lang = &v, h.Language
	}
	if p.Creator && p.Game.Status != store.StatusFinished {
		p.HookForm = &hookForm{Action: fmt.Sprintf("/games/%d/notify/webhook", p.Game.ID), CSRF: csrfToken(c), Languages: languageChoices(lang)}
	}
	return nil
}

func (s *Server) gameHookSave(c *echo.Context) error {
	g, err := s.creatorsGame(c)
	if err != nil {
		return err
	}
	if g.Status == store.StatusFinished {
		return fail(http.StatusConflict, "pages.error.game_over")
	}
	h, err := s.hookFromForm(c, currentUser(c).Language)
	if err != nil {
		return err
	}
	h.GameID = g.ID
	if err := s.store.Webhooks().SetForGame(c.Request().Context(), h); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/notify#hooks", g.ID))
}

// onGameHook does one thing to the game's webhook, for its creator, then
// shows the game's notification page again (with query).
func (s *Server) onGameHook(c *echo.Context, query string, do func(g *store.Game, h *store.Webhook) error) error {
	g, err := s.creatorsGame(c)
	if err != nil {
		return err
	}
	h, err := s.store.Webhooks().OfGame(c.Request().Context(), g.ID)
	if err != nil {
		return err
	}
	if h == nil {
		return fail(http.StatusNotFound, "pages.error.no_webhook")
	}
	if err := do(g, h); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/notify%s#hooks", g.ID, query))
}

func (s *Server) gameHookDelete(c *echo.Context) error {
	return s.onGameHook(c, "", func(_ *store.Game, h *store.Webhook) error {
		return s.store.Webhooks().Delete(c.Request().Context(), h.ID)
	})
}

func (s *Server) gameHookTest(c *echo.Context) error {
	return s.onGameHook(c, "?tested=1", func(g *store.Game, h *store.Webhook) error {
		return s.notify.TestWebhook(c.Request().Context(), *h, g.Name)
	})
}

func (s *Server) gameHookResume(c *echo.Context) error {
	return s.onGameHook(c, "", func(_ *store.Game, h *store.Webhook) error {
		return s.store.Webhooks().Resume(c.Request().Context(), h.ID)
	})
}

// clubHooksPage is the admins' page of the club's webhooks.
type clubHooksPage struct {
	Hooks  []hookView
	Form   hookForm
	Tested bool
}

func (s *Server) clubHooks(c *echo.Context) error {
	if !s.cfg.IsAdmin(currentUser(c).Email) {
		return fail(http.StatusForbidden, "pages.error.admins_webhooks")
	}
	hooks, err := s.store.Webhooks().OfClub(c.Request().Context())
	if err != nil {
		return err
	}
	p := clubHooksPage{Tested: c.QueryParam("tested") != "",
		Form: hookForm{Action: "/notify/webhooks", CSRF: csrfToken(c), Languages: languageChoices(s.cfg.Notify.Webhooks.Language)}}
	for _, h := range hooks {
		p.Hooks = append(p.Hooks, s.hookViewOf(c, h))
	}
	return s.render(c, http.StatusOK, "notify_webhooks", s.speaker(c).T("pages.hooks.admin_title"), p)
}

func (s *Server) clubHookAdd(c *echo.Context) error {
	if !s.cfg.IsAdmin(currentUser(c).Email) {
		return fail(http.StatusForbidden, "pages.error.admins_webhooks")
	}
	h, err := s.hookFromForm(c, s.cfg.Notify.Webhooks.Language)
	if err != nil {
		return err
	}
	if err := s.store.Webhooks().AddForClub(c.Request().Context(), h); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/notify/webhooks")
}

// onClubHook does one thing to one of the club's webhooks, for an admin,
// then shows the club's webhooks again (with query).
func (s *Server) onClubHook(c *echo.Context, query string, do func(h *store.Webhook) error) error {
	if !s.cfg.IsAdmin(currentUser(c).Email) {
		return fail(http.StatusForbidden, "pages.error.admins_webhooks")
	}
	id, _ := strconv.ParseInt(c.Param("hook"), 10, 64)
	h, err := s.store.Webhooks().ByID(c.Request().Context(), id)
	if err != nil || h.GameID != 0 {
		return fail(http.StatusNotFound, "pages.error.no_webhook")
	}
	if err := do(h); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/notify/webhooks"+query)
}

func (s *Server) clubHookDelete(c *echo.Context) error {
	return s.onClubHook(c, "", func(h *store.Webhook) error { return s.store.Webhooks().Delete(c.Request().Context(), h.ID) })
}

func (s *Server) clubHookTest(c *echo.Context) error {
	return s.onClubHook(c, "?tested=1", func(h *store.Webhook) error { return s.notify.TestWebhook(c.Request().Context(), *h, "") })
}

func (s *Server) clubHookResume(c *echo.Context) error {
	return s.onClubHook(c, "", func(h *store.Webhook) error { return s.store.Webhooks().Resume(c.Request().Context(), h.ID) })
}
