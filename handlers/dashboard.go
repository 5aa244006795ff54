package handlers

import (
	"net/http"
	"sort"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
)

// "Your games": the signed-in person's games, those waiting for them
// first.

// dashRow is one game on "your games", in words.
type dashRow struct {
	ID       int64
	Name     string
	Kind     string
	Finished bool
	State    string // what the game waits for, or its status
	YourTurn bool
	Prompt   string
	Waiting  string
	Since    time.Time
	Players  string
}

// dashboardPage is "your games".
type dashboardPage struct {
	Games []dashRow
}

// statusWords says a game's status.
func statusWords(sp *words.Speaker, status string) string {
	switch status {
	case store.StatusInviting, store.StatusActive, store.StatusFinished:
		return sp.T("pages.status." + status)
	}
	return status
}

func (s *Server) dashboard(c *echo.Context) error {
	ctx := c.Request().Context()
	u := currentUser(c)
	r := s.reader(c)
	games, err := s.store.GamesOfUser(ctx, u.ID) // summaries: no game is loaded
	if err != nil {
		return err
	}
	var rows []dashRow
	for _, l := range games {
		g := l.Game
		row := dashRow{ID: g.ID, Name: g.Name, Kind: s.kindName(r.sp, g.Kind), Finished: g.Status == store.StatusFinished}
		sp := r.sp.WithNames(seatNames(l.Seats))
		var names []string
		seat := store.SeatOf(l.Seats, u.ID)
		for _, st := range l.Seats {
			names = append(names, st.Name)
			if st.UserID == u.ID && st.AcceptedAt == nil && g.Status == store.StatusInviting {
				row.YourTurn, row.Prompt = true, sp.T("pages.dashboard.accept")
			}
		}
		row.Players = sp.Join(names)
		row.Since = l.Summary.LastMoveAt
		row.Waiting = r.ago(row.Since)
		row.State = statusWords(sp, g.Status)
		if w := endingWords(sp, g.Ending); w != "" {
			row.State = w // cancelled, never started, ended by agreement
		}
		if g.Status == store.StatusActive {
			var others []words.Arg
			for _, d := range l.Summary.Decisions() {
				switch {
				case d.Seat == seat && !row.YourTurn:
					row.YourTurn, row.Prompt = true, sp.Say(d.Prompt)
				case d.Seat != seat && d.Seat >= 0 && d.Seat < len(l.Seats):
					others = append(others, words.Seat(d.Seat))
				}
			}
			if len(others) > 0 {
				row.State = sp.T("pages.dashboard.waiting_for", "players", words.List(others...))
			}
		}
		rows = append(rows, row)
	}
	// Games waiting for you first, the longest waiting on top.
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].YourTurn != rows[j].YourTurn {
			return rows[i].YourTurn
		}
		if rows[i].YourTurn {
			return rows[i].Since.Before(rows[j].Since)
		}
		return false
	})
	return s.render(c, http.StatusOK, "dashboard", r.sp.T("pages.dashboard.title"), dashboardPage{Games: rows})
}
