package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
	"rondel/store/letters"
)

// Managing a game before it starts (issue 13): its creator cancels it or
// sends an invitation again or to someone else; a member takes an open
// seat. Every refusal changes nothing and says why.

// refused turns a refusal of the store into a page: the person may not
// do it (403), the game is gone (404), or it is not the moment (409).
func refused(err error) error {
	var we *words.Error
	switch {
	case errors.Is(err, store.ErrNotFound):
		return fail(http.StatusNotFound, "pages.error.no_game")
	case errors.Is(err, store.ErrNotCreator), errors.Is(err, store.ErrNotPlaying):
		return failWith(http.StatusForbidden, "club.refused", errorText(err))
	case errors.As(err, &we):
		return failWith(http.StatusConflict, "club.refused", errorText(err))
	}
	return err
}

// cancelGame ends a game that has not started, for its creator.
func (s *Server) cancelGame(c *echo.Context) error {
	id, err := gameIDParam(c)
	if err != nil {
		return err
	}
	// The store tells the players through its observer (notify's).
	if _, err := s.store.CancelGame(c.Request().Context(), id, currentUser(c).ID); err != nil {
		return refused(err)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}

// seatParam reads the seat a form names.
func seatParam(c *echo.Context) (int, error) {
	seat, err := strconv.Atoi(c.FormValue("seat"))
	if err != nil || seat < 0 || seat > maxPlayers {
		return 0, failWith(http.StatusUnprocessableEntity, "club.refused", words.New("club.error.no_seat"))
	}
	return seat, nil
}

// limitsOf are a member's daily limits: the club's, none for its admins.
func (s *Server) limitsOf(u *store.User) store.Limits {
	if u == nil || s.cfg.IsAdmin(u.Email) {
		return store.Limits{}
	}
	l := s.cfg.Limits
	return store.Limits{GamesPerDay: l.GamesPerDay, InvitationsPerDay: l.InvitationsPerDay, NewAddressesPerDay: l.NewAddressesPerDay}
}

// resendInvitation sends a seat's invitation again with a fresh link.
func (s *Server) resendInvitation(c *echo.Context) error {
	id, err := gameIDParam(c)
	if err != nil {
		return err
	}
	seat, err := seatParam(c)
	if err != nil {
		return err
	}
	inv, err := s.store.ResendInvitation(c.Request().Context(), id, currentUser(c).ID, seat, s.cfg.Auth.InviteTTL(), s.limitsOf(currentUser(c)))
	if err != nil {
		return refused(err)
	}
	return s.sendInvite(c, id, inv)
}

// replaceInvitation invites someone else to a seat nobody accepted.
func (s *Server) replaceInvitation(c *echo.Context) error {
	id, err := gameIDParam(c)
	if err != nil {
		return err
	}
	seat, err := seatParam(c)
	if err != nil {
		return err
	}
	p := store.NewPlayer{Name: c.FormValue("name"), Email: c.FormValue("email")}
	inv, err := s.store.ReplaceInvitation(c.Request().Context(), id, currentUser(c).ID, seat, p, s.cfg.Auth.InviteTTL(), s.limitsOf(currentUser(c)))
	if err != nil {
		return refused(err)
	}
	return s.sendInvite(c, id, inv)
}

// sendInvite mails a (new) invitation link and returns to the game page.
func (s *Server) sendInvite(c *echo.Context, gameID int64, inv *store.Invite) error {
	ctx := c.Request().Context()
	g, err := s.store.GameRow(ctx, gameID)
	if err != nil {
		return err
	}
	seats, err := s.store.Seats(ctx, gameID)
	if err != nil {
		return err
	}
	eng, err := s.store.Registry().Get(g.Kind)
	if err != nil {
		return err
	}
	u := currentUser(c)
	lang := inv.User.Language
	if lang == "" {
		lang = s.speaker(c).Lang()
	}
	mail := letters.InvitationMail(letters.Invitation{Lang: lang, To: inv.User.Email, Name: inv.Seat.Name, Inviter: u.Name(),
		Kind: eng.Info().Name, Game: g.Name, Players: seatNames(seats), Link: s.link("/invite/%s", inv.Token)})
	// A key of its own: the first invitation's mail is queued already.
	mail.Kind, mail.Key, mail.GameID, mail.UserID, mail.TellUserID = "invite", inv.Token[:12], g.ID, inv.User.ID, u.ID
	if err := s.mailer.Send(ctx, mail); err != nil {
		s.log.Warn("invitation not sent yet", "game", g.ID, "to", inv.User.Email, "error", err)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", gameID))
}

// joinGame gives the signed-in member one of a game's open seats.
func (s *Server) joinGame(c *echo.Context) error {
	id, err := gameIDParam(c)
	if err != nil {
		return err
	}
	if c.FormValue("confirm") != "yes" {
		return s.joinConfirm(c, id) // join.go: say what the seat commits to first
	}
	ctx := c.Request().Context()
	if _, err := s.store.JoinGame(ctx, id, currentUser(c).ID); err != nil {
		return refused(err)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}
