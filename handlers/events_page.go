package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"rondel/game/event"
	"rondel/store"
)

// eventEntrant is one line of the sign-up list.
type eventEntrant struct {
	Seed      int
	Name      string
	Withdrawn bool
	You       bool
}

// eventTable is one table of a round: its game as on the club's page.
type eventTable struct {
	No  int
	Row clubRow
}

type eventRound struct {
	Number int
	Tables []eventTable
}

// eventStanding is one line of the standings, ready to show.
type eventStanding struct {
	Rank           int
	Name           string
	Points, Opp    string
	Score, Games   int
	Withdrawn, You bool
}

type eventPage struct {
	ID                 int64
	Name, Kind, Status string
	Format, Tables     string // the format and table sizes in words
	Points             string
	Rounds, Round      int
	Closes             string
	Deadline           string
	SignUp, Entered    bool // the sign-up is open; the reader entered
	Late               bool // it runs and still takes late entries
	Withdrawn          bool // the reader withdrew
	CanStart, CanLeave bool
	Entrants           []eventEntrant
	Draws              []eventRound // latest round first
	Standings          []eventStanding
	Notice             string
	Imported           bool
}

func (s *Server) eventPage(c *echo.Context) error {
	id, err := eventIDParam(c)
	if err != nil {
		return err
	}
	return s.showEvent(c, id, http.StatusOK, "")
}

// showEvent renders an event's page with an optional notice (a refusal).
func (s *Server) showEvent(c *echo.Context, id int64, code int, notice string) error {
	ctx := c.Request().Context()
	e, err := s.store.EventRow(ctx, id)
	if err != nil {
		return fail(http.StatusNotFound, "event.error.none")
	}
	cfg, err := e.EventConfig()
	if err != nil {
		return err
	}
	u := currentUser(c)
	r := s.reader(c)
	sp := r.sp
	ents, err := s.store.Entrants(ctx, id)
	if err != nil {
		return err
	}
	tables, err := s.store.EventTables(ctx, id)
	if err != nil {
		return err
	}
	games, err := s.store.EventGames(ctx, id)
	if err != nil {
		return err
	}
	p := eventPage{ID: e.ID, Name: e.Name, Kind: s.kindName(sp, e.Kind), Status: sp.T("event.status." + e.Status),
		Format: sp.T("event.format." + string(cfg.Format)), Round: e.Round, Notice: notice, Imported: e.Imported,
		Tables: sp.T("event.tables", "seats", cfg.Seats, "min", cfg.MinSeats, "max", cfg.MaxSeats),
		SignUp: e.Status == store.EventSignup && !e.Imported}
	p.Rounds = (event.Event{Config: cfg, Entrants: make([]event.Entrant, len(ents))}).Rounds()
	pts := make([]string, len(cfg.Points))
	for i, v := range cfg.Points {
		pts[i] = strconv.Itoa(v)
	}
	p.Points = strings.Join(pts, " · ")
	if e.SignupCloses != nil && e.Status == store.EventSignup {
		p.Closes = r.dateTime(*e.SignupCloses)
	}
	if e.RoundDeadline != nil {
		p.Deadline = r.dateTime(*e.RoundDeadline)
	}
	names := map[int64]string{}
	for _, en := range ents {
		names[en.UserID] = en.Name
		you := en.UserID == u.ID
		p.Entrants = append(p.Entrants, eventEntrant{Seed: en.Seed + 1, Name: en.Name, Withdrawn: en.WithdrawnAt != nil, You: you})
		if you {
			p.Entered, p.Withdrawn = true, en.WithdrawnAt != nil
		}
	}
	p.CanLeave = p.Entered && !p.Withdrawn && e.Status != store.EventFinished && !e.Imported
	p.CanStart = p.SignUp && s.organises(e, u)
	p.Late = e.Status == store.EventRunning && e.LateEntries && !e.Imported && e.Round < p.Rounds
	for i := len(tables) - 1; i >= 0; i-- {
		t := tables[i]
		if len(p.Draws) == 0 || p.Draws[len(p.Draws)-1].Number != t.Round {
			p.Draws = append(p.Draws, eventRound{Number: t.Round})
		}
		et := eventTable{No: t.TableNo}
		if t.GameRef != nil {
			if l, ok := games[*t.GameRef]; ok {
				et.Row = s.clubRowOf(r, l)
			}
		} else {
			var ns []string
			for _, pid := range t.PlayerIDs() {
				ns = append(ns, names[pid])
			}
			et.Row = clubRow{Name: fmt.Sprintf("%d.%d", t.Round, t.TableNo), Players: sp.Join(ns)}
		}
		d := &p.Draws[len(p.Draws)-1]
		d.Tables = append([]eventTable{et}, d.Tables...)
	}
	for _, st := range e.StandingList() {
		p.Standings = append(p.Standings, eventStanding{Rank: st.Rank, Name: names[st.ID], Points: pointsText(r, st.Points),
			Opp: pointsText(r, st.OppPoints), Score: st.Score, Games: st.Games, Withdrawn: st.Withdrawn, You: st.ID == u.ID})
	}
	return s.render(c, code, "event", e.Name, p)
}

// pointsText says event points in the reader's way of writing numbers,
// with at most two decimals and none when whole (shared places give
// halves and thirds).
func pointsText(r *reader, x float64) string {
	t := r.printer.Sprintf("%.2f", x)
	if strings.ContainsAny(t, ".,") {
		t = strings.TrimRight(strings.TrimRight(t, "0"), ".,")
	}
	return t
}
