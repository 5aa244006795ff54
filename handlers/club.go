package handlers

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
)

// The club's games page (issue 13 item 4): games with seats open to
// every member, games in play to watch, finished games by kind, player
// and month with links to their records. Each list is a page of indexed
// reads of the derived summaries (store/club.go): nothing is replayed.

// clubPageSize is how many games each list shows at once.
const clubPageSize = 25

// clubRow is one game on the club's page, in words.
type clubRow struct {
	ID      int64
	Name    string
	Kind    string
	Players string
	State   string // open seats, what it waits for, or who won
	When    time.Time
	Record  bool // its record can be downloaded
	CanJoin bool // it has an open seat and the viewer none

	// Terms: for a game with open seats, its time to decide and whether
	// it is rated (join.go).
	Terms string
	rated bool
}

// clubList is one of the page's lists, with links to its neighbours.
type clubList struct {
	Rows        []clubRow
	Prev, Next  string // links to the previous and next page ("" if none)
	Empty, When string // catalogue keys: the words for no games, the heading of the dates
	CSRF        string // for the buttons that take a seat
}

// clubPage is the club's games page.
type clubPage struct {
	Open, Playing, Finished clubList
	Kinds                   []optionChoice
	Kind, Player, Month     string         // the filters as given
	Notice                  string         // a filter that was not understood
	Events                  []eventListRow // club events signing up or under way
}

func (s *Server) clubGames(c *echo.Context) error {
	ctx := c.Request().Context()
	r := s.reader(c)
	v := clubViewer{id: currentUser(c).ID, csrf: csrfToken(c)}
	sp := r.sp
	p := clubPage{Kind: c.QueryParam("kind"), Player: strings.TrimSpace(c.QueryParam("player")), Month: c.QueryParam("month")}
	var bad []words.Arg
	f := store.ClubFilter{}
	for _, info := range s.store.Registry().List() {
		p.Kinds = append(p.Kinds, optionChoice{Value: info.ID, Label: sp.Say(info.Name)})
		if info.ID == p.Kind {
			f.Kind = p.Kind
		}
	}
	if p.Kind != "" && f.Kind == "" {
		bad, p.Kind = append(bad, words.Sub(words.New("club.filter.game"))), ""
	}
	if p.Month != "" {
		m, err := time.Parse("2006-01", p.Month)
		if err != nil || m.Year() < 2000 || m.Year() > 9999 {
			bad, p.Month = append(bad, words.Sub(words.New("club.filter.month"))), ""
		} else {
			f.Month = m
		}
	}
	if p.Player != "" {
		u, err := s.store.MemberNamed(ctx, p.Player)
		if err != nil {
			bad = append(bad, words.Sub(words.New("club.filter.player")))
			f.UserID = -1 // nobody: an empty list, not every game
		} else {
			f.UserID = u.ID
		}
	}
	if len(bad) > 0 {
		p.Notice = sp.Say(words.New("club.filter.not_understood").List("filters", bad...))
	}
	q := c.QueryParams()
	var err error
	if p.Open, err = s.clubKeyed(r, v, q, "open", createdAt, func(pg store.ClubPage) ([]store.Listing, bool, error) {
		return s.store.OpenGames(ctx, pg, clubPageSize)
	}); err != nil {
		return err
	}
	if err := s.openTerms(ctx, r, &p.Open); err != nil {
		return err
	}
	if p.Playing, err = s.clubKeyed(r, v, q, "playing", lastMoveAt, func(pg store.ClubPage) ([]store.Listing, bool, error) {
		return s.store.GamesInPlay(ctx, pg, clubPageSize)
	}); err != nil {
		return err
	}
	if p.Finished, err = s.clubKeyed(r, v, q, "finished", finishedAt, func(pg store.ClubPage) ([]store.Listing, bool, error) {
		return s.store.FinishedGames(ctx, f, pg, clubPageSize)
	}); err != nil {
		return err
	}
	events, err := s.store.ActiveEvents(ctx, clubPageSize)
	if err != nil {
		return err
	}
	p.Events = s.eventRows(c, events)
	return s.render(c, http.StatusOK, "club", sp.T("club.title"), p)
}

// clubViewer is who looks at the club's page: whether they may take a
// seat, and the token their buttons carry.
type clubViewer struct {
	id   int64
	csrf string
}

// clubRows says one list's games in words.
func (s *Server) clubRows(r *reader, v clubViewer, name string, ls []store.Listing) clubList {
	out := clubList{Empty: "club." + name + ".empty", When: "club." + name + ".when", CSRF: v.csrf}
	for _, l := range ls {
		row := s.clubRowOf(r, l)
		row.CanJoin = l.Game.Status == store.StatusInviting && l.Game.OpenSeats > 0 && store.SeatOf(l.Seats, v.id) < 0
		out.Rows = append(out.Rows, row)
	}
	return out
}

// clubRowOf says one game of the club's page.
func (s *Server) clubRowOf(r *reader, l store.Listing) clubRow {
	g := l.Game
	sp := r.sp.WithNames(seatNames(l.Seats))
	row := clubRow{ID: g.ID, Name: g.Name, Kind: s.kindName(sp, g.Kind), Players: sp.Join(seatNames(l.Seats)), When: l.Summary.LastMoveAt, rated: g.Rated}
	switch g.Status {
	case store.StatusInviting:
		row.State, row.When = sp.T("club.open_seats_row", "count", g.OpenSeats), g.CreatedAt
	case store.StatusActive:
		var asked []words.Arg
		for _, d := range l.Summary.Decisions() {
			if d.Seat >= 0 && d.Seat < len(l.Seats) {
				asked = append(asked, words.Seat(d.Seat))
			}
		}
		row.State = sp.T("pages.dashboard.waiting_for", "players", words.List(asked...))
	case store.StatusFinished:
		row.Record = true
		if g.FinishedAt != nil {
			row.When = *g.FinishedAt
		}
		row.State = sp.T("pages.status.finished")
		if w := endingWords(sp, g.Ending); w != "" {
			row.State = w
		}
		if res := g.GameResult(); res != nil {
			var won []words.Arg
			for seat, place := range res.Places {
				if place == 1 && seat < len(l.Seats) {
					won = append(won, words.Seat(seat))
				}
			}
			if len(won) > 0 {
				row.State = sp.T("club.won", "players", words.List(won...))
			}
		}
	}
	return row
}
