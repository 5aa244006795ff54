package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
)

// Invitations: the mailed link shows the game and its players; accepting
// takes the seat and signs the invited person in.

// invitePage shows an invitation to the person invited.
type invitePage struct {
	Token string
	Info  *store.InvitationInfo
	Seats []store.Seat
	Kind  string // the game's name
	Lang  string // the language the invitation's link asked for ("" none)
}

// invitedIn is the language an invitation's link (or its form) asks for,
// one of the mail's lines for each language; "" when none of ours.
func invitedIn(c *echo.Context) string {
	if lang := c.FormValue("lang"); slices.Contains(words.Languages, lang) {
		return lang
	}
	return ""
}

// inviteShow describes the invitation; accepting is a POST.
func (s *Server) inviteShow(c *echo.Context) error {
	info, err := s.store.Invitation(c.Request().Context(), c.Param("token"))
	if errors.Is(err, store.ErrTokenInvalid) {
		return fail(http.StatusNotFound, "pages.error.invitation_gone")
	}
	if err != nil {
		return err
	}
	seats, err := s.store.Seats(c.Request().Context(), info.Game.ID)
	if err != nil {
		return err
	}
	if lang := invitedIn(c); lang != "" { // the mail's line for this language
		c.Set(keyReader, s.readers.get(lang, "UTC", s.now))
	}
	sp := s.speaker(c)
	return s.render(c, http.StatusOK, "invite", sp.T("pages.invite.title", "game", info.Game.Name),
		invitePage{Token: c.Param("token"), Info: info, Seats: seats, Kind: s.kindName(sp, info.Game.Kind), Lang: invitedIn(c)})
}

func (s *Server) inviteAccept(c *echo.Context) error {
	u, g, err := s.store.AcceptInvitation(c.Request().Context(), c.Param("token"))
	if errors.Is(err, store.ErrTokenInvalid) {
		return fail(http.StatusNotFound, "pages.error.invitation_gone")
	}
	if err != nil {
		return err
	}
	if lang := invitedIn(c); lang != "" && !u.LanguageChosen { // chosen from the invitation's links
		if err := s.store.ChooseLanguage(c.Request().Context(), u.ID, lang); err != nil {
			return err
		}
		u.Language, u.LanguageChosen = lang, true
	}
	if err := s.startSession(c, u); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", g.ID))
}
