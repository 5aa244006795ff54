package handlers

import (
	"net/http"
	"slices"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
)

// A person's settings: the name others see, the language and how often
// Rondel mails them.

// settingsPage is the form of a person's name, language and mail; the
// values come from the signed-in user.
type settingsPage struct {
	Saved     bool
	Languages []languageChoice
}

// languageChoice is a language Rondel speaks, named in itself.
type languageChoice struct {
	Code, Name string
	Selected   bool
}

func (s *Server) settingsForm(c *echo.Context) error {
	sp := s.speaker(c)
	p := settingsPage{Saved: c.QueryParam("saved") != ""}
	p.Languages = languageChoices(sp.Lang()) // each by its own name, so anyone finds theirs
	return s.render(c, http.StatusOK, "settings", sp.T("pages.settings.title"), p)
}

func (s *Server) settingsSave(c *echo.Context) error {
	u := currentUser(c)
	name := c.FormValue("name") // the store cleans it, and refuses one with nothing visible
	lang := c.FormValue("language")
	if !slices.Contains(words.Languages, lang) {
		lang = words.Languages[0]
	}
	mm := c.FormValue("message_mail")
	if mm != "" && mm != store.MessageMailTurn && mm != store.MessageMailEach {
		return failWith(http.StatusBadRequest, "pages.error.not_saved", words.New("store.error.notify_choice").Lit("choice", mm))
	}
	if err := s.store.UpdateProfile(c.Request().Context(), u.ID, name, lang, c.FormValue("notify")); err != nil {
		return failWith(http.StatusBadRequest, "pages.error.not_saved", errorText(err)) // the store bounds and cleans the name
	}
	if mm != "" {
		if err := s.store.SetMessageMail(c.Request().Context(), u.ID, mm); err != nil {
			return failWith(http.StatusBadRequest, "pages.error.not_saved", errorText(err))
		}
	}
	// Pictures in mail: "on" or "off"; a form without the field leaves it.
	if mp := c.FormValue("mail_pictures"); mp == "on" || mp == "off" {
		if err := s.store.SetMailPictures(c.Request().Context(), u.ID, mp == "on"); err != nil {
			return err
		}
	}
	return c.Redirect(http.StatusSeeOther, "/settings?saved=1")
}
