package handlers

import (
	"html/template"
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

// dashboardPage is "your games": the games in play (those waiting for
// you first), those waiting for players, and a page of finished ones.
type dashboardPage struct {
	InPlay   []dashRow
	Waiting  []dashRow
	Finished []dashRow
	Older    string // the next page of finished games, if any
	Newer    string // the page before, if any
	// The rows as the tables' bodies (rows.go), and the content
	// (dashboard_html.go).
	InPlayRows, WaitingRows, FinishedRows template.HTML
	Body                                  template.HTML
}

// Empty reports whether the member has no game at all.
func (p dashboardPage) Empty() bool {
	return len(p.InPlay)+len(p.Waiting)+len(p.Finished) == 0 && p.Newer == ""
}

// dashFinishedPage is how many finished games one page of "your games"
// lists.
const dashFinishedPage = 20

// statusWords says a game's status.
func statusWords(sp *words.Speaker, status string) string {
	switch status {
	case store.StatusInviting, store.StatusActive, store.StatusFinished:
		return sp.T("pages.status." + status)
	}
	return status
}

func (s *Server) dashboard(c *echo.Context) error {
	u := currentUser(c)
	r := s.reader(c)
	var pg store.ClubPage
	if k, ok := parseClubKey(c.QueryParam("finished_after")); ok {
		pg.Key = &k
	} else if k, ok := parseClubKey(c.QueryParam("finished_before")); ok {
		pg.Key, pg.Back = &k, true
	}
	open, finished, more, err := s.store.YourGames(c.Request().Context(), u.ID, pg, dashFinishedPage) // no game is loaded
	if err != nil {
		return err
	}
	var page dashboardPage
	said := newDashSaid()
	for i := range open {
		row := s.dashRowOf(r, u.ID, &open[i], said)
		if open[i].Status == store.StatusActive {
			page.InPlay = append(page.InPlay, row)
		} else {
			page.Waiting = append(page.Waiting, row)
		}
	}
	// Games waiting for you first, the longest waiting on top; then the
	// others, the latest move first.
	for _, rows := range [][]dashRow{page.InPlay, page.Waiting} {
		sort.SliceStable(rows, func(i, j int) bool {
			if rows[i].YourTurn != rows[j].YourTurn {
				return rows[i].YourTurn
			}
			if rows[i].YourTurn {
				return rows[i].Since.Before(rows[j].Since)
			}
			return rows[i].Since.After(rows[j].Since)
		})
	}
	page.Finished = make([]dashRow, 0, len(finished))
	for i := range finished {
		page.Finished = append(page.Finished, s.dashRowOf(r, u.ID, &finished[i], said))
	}
	dashPager(&page, pg, finished, more)
	page.InPlayRows, page.WaitingRows = dashRowsHTML(r, page.InPlay, true), dashRowsHTML(r, page.Waiting, true)
	page.FinishedRows = dashRowsHTML(r, page.Finished, false)
	page.Body = dashboardHTML(r, &page)
	return s.render(c, http.StatusOK, "dashboard", r.sp.T("pages.dashboard.title"), page)
}

// dashPager links the page of finished games read (finished_after=<key>:
// older ones, finished_before=<key>: newer ones; the keys are the club
// page's) to its neighbours.
func dashPager(page *dashboardPage, pg store.ClubPage, ls []store.YourGame, more bool) {
	if len(ls) == 0 {
		if pg.Key != nil { // past either end: back to the first page
			page.Newer = "/#finished"
		}
		return
	}
	key := func(g store.YourGame) string {
		var at time.Time
		if g.FinishedAt != nil {
			at = *g.FinishedAt
		}
		return clubKey(at, g.ID)
	}
	if more || (pg.Key != nil && pg.Back) {
		page.Older = "/?finished_after=" + key(ls[len(ls)-1]) + "#finished"
	}
	if (pg.Key != nil && !pg.Back) || (pg.Back && more) {
		page.Newer = "/?finished_before=" + key(ls[0]) + "#finished"
	}
}

// dashSaid keeps what a page of "your games" says of many rows alike,
// said once a page: each kind's name, a finished game's state (by its
// ending), and how long ago a row's game moved or ended (the finished
// ones mostly some days ago).
type dashSaid struct {
	kinds, ended map[string]string
	ago          map[agoKey]string
}

func newDashSaid() dashSaid {
	return dashSaid{kinds: map[string]string{}, ended: map[string]string{}, ago: map[agoKey]string{}}
}

// agoKey is what reader.ago says of a time: its message's figures.
// agoOf is r.ago(t), said once a page for each figure (agoKey).
func (said dashSaid) agoOf(r *reader, t time.Time) string {
	k := agoKeyOf(r.now().Sub(t))
	w, ok := said.ago[k]
	if !ok {
		w = r.agoSay(k)
		said.ago[k] = w
	}
	return w
}

// dashRowOf says one game of the member's in words.
func (s *Server) dashRowOf(r *reader, userID int64, g *store.YourGame, said dashSaid) dashRow {
	kind, ok := said.kinds[g.Kind]
	if !ok {
		kind = s.kindName(r.sp, g.Kind)
		said.kinds[g.Kind] = kind
	}
	row := dashRow{ID: g.ID, Name: g.Name, Kind: kind, Finished: g.Status == store.StatusFinished}
	var room [8]string // a game's seats fit: the names stay on the stack
	names := room[:0]  // in seat order
	for _, st := range g.Seats {
		names = append(names, st.Name)
	}
	row.Players = r.join(names)
	row.Since = g.LastMoveAt
	if g.FinishedAt != nil && row.Finished {
		row.Since = *g.FinishedAt
	}
	row.Waiting = said.agoOf(r, row.Since)
	if row.Finished { // its state names no player: the same words for every finished game alike
		state, ok := said.ended[g.Ending]
		if !ok {
			state = statusWords(r.sp, g.Status)
			if w := endingWords(r.sp, g.Ending); w != "" {
				state = w // cancelled, never started, ended by agreement
			}
			said.ended[g.Ending] = state
		}
		row.State = state
		return row
	}
	bySeat := make([]string, len(g.Seats)) // by seat number, for the speaker
	for _, st := range g.Seats {
		if st.Seat >= 0 && st.Seat < len(bySeat) {
			bySeat[st.Seat] = st.Name
		}
		if st.UserID == userID && !st.Accepted && g.Status == store.StatusInviting {
			row.YourTurn = true
		}
	}
	sp := r.sp.WithNames(bySeat)
	if row.YourTurn {
		row.Prompt = sp.T("pages.dashboard.accept")
	}
	row.State = statusWords(sp, g.Status)
	if w := endingWords(sp, g.Ending); w != "" {
		row.State = w // cancelled, never started, ended by agreement
	}
	if g.Status == store.StatusActive {
		seat := g.SeatOf(userID)
		var others []words.Arg
		for _, d := range g.Decisions() {
			switch {
			case d.Seat == seat && !row.YourTurn:
				row.YourTurn, row.Prompt = true, sp.Say(d.Prompt)
			case d.Seat != seat && d.Seat >= 0 && d.Seat < len(g.Seats):
				others = append(others, words.Seat(d.Seat))
			}
		}
		if len(others) > 0 {
			row.State = sp.T("pages.dashboard.waiting_for", "players", words.List(others...))
		}
	}
	return row
}
