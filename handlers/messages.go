package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
)

// Messages at a game's table: everyone signed in reads what is said to
// the table; a private message only its writer and its reader. The
// players and the game's creator write ("Send message").

// messageView is one message as the game page shows it.
type messageView struct {
	Who     string
	To      string // a private message's "to Bob" / "to you", else ""
	Private bool
	Mine    bool
	At      time.Time
	Body    string // escaped by the template; line breaks kept by the style sheet
}

// talkView is the messages part of the game page: one page of them, the
// newest by default (limits.messages_per_page), with links to older ones
// and back to the newest (plain links: no script needed).
type talkView struct {
	Messages []messageView
	Total    int   // all the reader may read
	Older    int64 // the "older messages" link's before=, 0: none older
	Earlier  bool  // an older page is shown: link back to the newest
	CanWrite bool
	WriteTo  []seatView // whom a private message can go to
	Max      int
}

// buildTalk reads one page of the messages userID may read, those before
// message id before (0: the newest), and whether they may write.
func (s *Server) buildTalk(ctx context.Context, sp *words.Speaker, g *store.Game, seats []store.Seat, userID, before int64) (*talkView, error) {
	ms, older, err := s.store.MessagesPage(ctx, g.ID, userID, before, s.cfg.Limits.MessagesPerPage)
	if err != nil {
		return nil, err
	}
	you := store.SeatOf(seats, userID)
	tv := &talkView{Max: store.MaxMessage, CanWrite: you >= 0 || (g.CreatedBy != nil && *g.CreatedBy == userID), Earlier: before > 0}
	// The first page without older messages holds them all: counted
	// without a second statement (most games' tables).
	if tv.Total = len(ms); before > 0 || older {
		if tv.Total, err = s.store.CountMessages(ctx, g.ID, userID); err != nil {
			return nil, err
		}
	}
	if older && len(ms) > 0 {
		tv.Older = ms[0].ID
	}
	for _, m := range ms {
		mv := messageView{Who: m.Name, Private: m.Private(), Mine: m.UserID != nil && *m.UserID == userID, At: m.At, Body: m.Body}
		switch {
		case m.Seat >= 0 && m.Seat < len(seats):
			mv.Who = seats[m.Seat].Name // as the seat is named now
		case m.Name == "":
			mv.Who = sp.T("pages.messages.creator")
		default:
			mv.Who = sp.T("pages.messages.creator_named", "name", m.Name)
		}
		if m.ToSeat != nil {
			if m.ToUserID != nil && *m.ToUserID == userID {
				mv.To = sp.T("pages.messages.to_you")
			} else if *m.ToSeat < len(seats) {
				mv.To = sp.T("pages.messages.to_player", "player", seats[*m.ToSeat].Name)
			}
		}
		tv.Messages = append(tv.Messages, mv)
	}
	for _, st := range seats {
		if st.Seat != you {
			tv.WriteTo = append(tv.WriteTo, seatView{Seat: st.Seat, Name: st.Name})
		}
	}
	return tv, nil
}

// postMessage writes the signed-in member's message ("Send message").
func (s *Server) postMessage(c *echo.Context) error {
	id, err := gameIDParam(c)
	if err != nil {
		return err
	}
	var to *int
	if v := strings.TrimSpace(c.FormValue("to")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fail(http.StatusBadRequest, "pages.error.form_incomplete")
		}
		to = &n
	}
	_, err = s.store.PostMessage(c.Request().Context(), id, currentUser(c).ID, to, c.FormValue("text"), s.cfg.Limits.MessagesPerHour)
	var we *words.Error
	switch {
	case err == nil:
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d#messages", id))
	case errors.Is(err, store.ErrNotFound):
		return fail(http.StatusNotFound, "pages.error.no_game")
	case errors.Is(err, store.ErrNotAtTable):
		return fail(http.StatusForbidden, "pages.error.not_at_table")
	case errors.As(err, &we) && we.Msg.ID == "store.error.limit_message":
		return failWith(http.StatusTooManyRequests, "pages.error.message", we.Msg)
	case errors.As(err, &we):
		return failWith(http.StatusBadRequest, "pages.error.message", we.Msg)
	}
	return err
}
