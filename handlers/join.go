package handlers

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v5"

	"rondel/store"
)

// Taking an open seat is a promise to play a game to its end, so the
// button asks first: a POST without confirm=yes shows what the seat
// commits to (the players and their ratings, the time to decide, whether
// the game counts on the ladder) with a second button. No script needed.

// joinPage is that confirmation.
type joinPage struct {
	Game      *store.Game
	Kind      string
	Players   []joinPlayer
	OpenSeats int
	Clock     string // the time to decide, in words ("" without deadlines)
	Rated     bool
}

// joinPlayer is one seated player and their standing on the game's ladder.
type joinPlayer struct {
	Name   string
	Rating string // "" when they have no rated game of the kind
	Games  int
}

// joinConfirm shows what taking a seat of game id commits to.
func (s *Server) joinConfirm(c *echo.Context, id int64) error {
	ctx := c.Request().Context()
	r := s.reader(c)
	g, err := s.store.GameRow(ctx, id)
	if err != nil {
		return refused(err)
	}
	if g.Status != store.StatusInviting || g.OpenSeats <= 0 {
		return refused(store.ErrNoOpenSeat)
	}
	seats, err := s.store.Seats(ctx, id)
	if err != nil {
		return err
	}
	if store.SeatOf(seats, currentUser(c).ID) >= 0 {
		return refused(store.ErrHasSeat)
	}
	p := joinPage{Game: g, Kind: s.kindName(r.sp, g.Kind), OpenSeats: g.OpenSeats, Rated: g.Rated}
	for _, st := range seats {
		jp := joinPlayer{Name: st.Name}
		if sd, ok, err := s.store.Ratings().LadderStanding(ctx, g.Kind, st.UserID); err != nil {
			return err
		} else if ok {
			jp.Rating, jp.Games = r.decimal(sd.Ordinal), sd.Games
		}
		p.Players = append(p.Players, jp)
	}
	if s.notify != nil {
		gc, err := s.store.GameClockOf(ctx, id)
		if err != nil {
			return err
		}
		if gc != nil {
			p.Clock = r.sp.Say(s.notify.ClockWords(gc))
		}
	}
	return s.render(c, http.StatusOK, "join", r.sp.T("club.confirm.title", "game", g.Name), p)
}

// openTerms says, for each game of the club's list of open seats, what a
// seat commits to before anyone presses "Take a seat": the time to decide
// (one read of the page's clocks) and whether it is rated.
func (s *Server) openTerms(ctx context.Context, r *reader, l *clubList) error {
	ids := make([]int64, len(l.Rows))
	for i, row := range l.Rows {
		ids[i] = row.ID
	}
	clocks, err := s.store.GameClocksOf(ctx, ids)
	if err != nil {
		return err
	}
	for i := range l.Rows {
		clock := r.sp.T("club.confirm.no_clock")
		if gc, ok := clocks[l.Rows[i].ID]; ok && s.notify != nil {
			clock = r.sp.Say(s.notify.ClockWords(&gc))
		}
		rated := r.sp.T("club.open.unrated")
		if l.Rows[i].rated {
			rated = r.sp.T("club.open.rated")
		}
		l.Rows[i].Terms = r.sp.T("club.open.terms", "clock", clock, "rated", rated)
	}
	return nil
}
