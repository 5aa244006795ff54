package handlers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/game/event"
	"rondel/game/words"
	"rondel/store"
)

// Club events (issue 24, docs/events.md): the list of events, the form an
// organiser creates one with, and an event's page: sign-up with its
// entrants and the button to enter or withdraw, the organiser's start,
// each round's tables with their games (whose turn it is), the standings,
// and the record as JSON and text.

// eventListRow is one event on the list.
type eventListRow struct {
	ID                    int64
	Name, Kind, Status    string
	Round, Rounds, Joined int
}

type eventsPage struct {
	Mine, All   []eventListRow
	MayOrganise bool
	Admin       bool   // may import a record
	Error       string // why an import was refused
}

// mayOrganise says whether u may create an event (config
// members_organise_events).
func (s *Server) mayOrganise(u *store.User) bool {
	return u != nil && (s.cfg.MembersOrganiseEvents || s.cfg.IsAdmin(u.Email))
}

func (s *Server) eventRows(c *echo.Context, events []store.Event) []eventListRow {
	sp := s.speaker(c)
	out := make([]eventListRow, 0, len(events))
	for _, e := range events {
		row := eventListRow{ID: e.ID, Name: e.Name, Kind: s.kindName(sp, e.Kind), Status: sp.T("event.status." + e.Status), Round: e.Round}
		if cfg, err := e.EventConfig(); err == nil {
			row.Rounds = cfg.Rounds
		}
		out = append(out, row)
	}
	return out
}

func (s *Server) eventsIndex(c *echo.Context) error {
	return s.showEvents(c, http.StatusOK, "")
}

// showEvents renders the list of events, with why an import was refused.
func (s *Server) showEvents(c *echo.Context, code int, refusal string) error {
	ctx := c.Request().Context()
	u := currentUser(c)
	mine, err := s.store.EventsOf(ctx, u.ID)
	if err != nil {
		return err
	}
	all, err := s.store.Events(ctx, 100)
	if err != nil {
		return err
	}
	p := eventsPage{Mine: s.eventRows(c, mine), All: s.eventRows(c, all), MayOrganise: s.mayOrganise(u),
		Admin: s.cfg.IsAdmin(u.Email), Error: refusal}
	return s.render(c, code, "events", s.speaker(c).T("event.title"), p)
}

// eventForm is the form of a new event, as given.
type eventForm struct {
	Name, Kind, Format, Points, Closes, OnDeadline string
	Rounds, Seats, MinSeats, MaxSeats, RoundDays   int
	Rated, Late                                    bool
	Kinds, Formats, Deadlines                      []optionChoice
	Error                                          string
	// The games' options, as the new-game form offers them (each kind's),
	// and their clock preset (only when notify runs).
	Games   []gameChoice
	Clock   bool
	Presets []presetChoice
	Preset  string
}

func (s *Server) eventFormFrom(c *echo.Context, posted bool) eventForm {
	sp := s.speaker(c)
	f := eventForm{Kind: "imperial", Format: "swiss", Points: "4, 2, 1", OnDeadline: store.DeadlineScore,
		Rounds: 3, Seats: 4, MinSeats: 3, MaxSeats: 5, RoundDays: 21, Rated: true}
	f.Clock, f.Presets, f.Preset = s.notify != nil, presetChoices(sp, s.cfg.Notify.Presets), s.cfg.Notify.Deadline
	for _, info := range s.store.Registry().List() {
		f.Kinds = append(f.Kinds, optionChoice{Value: info.ID, Label: sp.Say(info.Name)})
		gc := gameChoice{ID: info.ID, Name: sp.Say(info.Name)}
		for _, o := range info.Options {
			of := optionFieldOf(sp, info.ID, o)
			if v := c.FormValue(of.Field); posted && v != "" {
				of.Value = v
			}
			gc.Options = append(gc.Options, of)
		}
		if len(gc.Options) > 0 {
			f.Games = append(f.Games, gc)
		}
	}
	for _, v := range []event.Format{event.Swiss, event.League, event.RoundRobin} {
		f.Formats = append(f.Formats, optionChoice{Value: string(v), Label: sp.T("event.format." + string(v))})
	}
	for _, v := range []string{store.DeadlineScore, store.DeadlineCaretaker} {
		f.Deadlines = append(f.Deadlines, optionChoice{Value: v, Label: sp.T("event.deadline." + v)})
	}
	if !posted {
		return f
	}
	num := func(name string, def int) int {
		n, err := strconv.Atoi(strings.TrimSpace(c.FormValue(name)))
		if err != nil {
			return def
		}
		return n
	}
	f.Name, f.Kind, f.Format = c.FormValue("name"), c.FormValue("kind"), c.FormValue("format")
	f.Points, f.Closes, f.OnDeadline = c.FormValue("points"), c.FormValue("closes"), c.FormValue("on_deadline")
	f.Rounds, f.Seats, f.MinSeats, f.MaxSeats = num("rounds", 0), num("seats", 0), num("min_seats", 0), num("max_seats", 0)
	f.RoundDays, f.Rated, f.Late = num("round_days", -1), c.FormValue("rated") != "", c.FormValue("late") != ""
	if f.Clock {
		f.Preset = c.FormValue("preset")
	}
	return f
}

func (s *Server) newEventForm(c *echo.Context) error {
	if !s.mayOrganise(currentUser(c)) {
		return fail(http.StatusForbidden, "event.error.organiser")
	}
	return s.render(c, http.StatusOK, "event_new", s.speaker(c).T("event.new.title"), s.eventFormFrom(c, false))
}

func (s *Server) createEvent(c *echo.Context) error {
	u := currentUser(c)
	if !s.mayOrganise(u) {
		return fail(http.StatusForbidden, "event.error.organiser")
	}
	sp := s.speaker(c)
	f := s.eventFormFrom(c, true)
	refuse := func(msg words.Text) error {
		f.Error = sp.Say(msg)
		return s.render(c, http.StatusUnprocessableEntity, "event_new", sp.T("event.new.title"), f)
	}
	cfg, err := f.config()
	if err != nil {
		return refuse(words.New("event.error.config").Lit("why", err.Error()))
	}
	ne := store.NewEvent{Name: f.Name, Kind: f.Kind, Config: cfg, Rated: f.Rated, RoundDays: f.RoundDays,
		OnDeadline: f.OnDeadline, CreatedBy: u.ID, LateEntries: f.Late, Options: game.Options{}}
	if f.Clock {
		if _, ok := s.cfg.Notify.Preset(f.Preset); !ok {
			return refuse(words.New("pages.newgame.error.preset"))
		}
		ne.ClockPreset = f.Preset
	}
	// The chosen kind's options, as the new game form reads them.
	if g, err := s.store.Registry().Get(f.Kind); err == nil {
		for _, o := range g.Info().Options {
			if v := c.FormValue(optionFieldName(f.Kind, o.Name)); v != "" {
				ne.Options[o.Name] = v
			}
		}
	}
	ne.Config.Seed = newSeed()
	if strings.TrimSpace(f.Closes) != "" {
		t, err := time.ParseInLocation("2006-01-02T15:04", strings.TrimSpace(f.Closes), s.reader(c).zone)
		if err != nil {
			return refuse(words.New("event.error.closes"))
		}
		t = t.UTC()
		ne.SignupCloses = &t
	}
	e, err := s.store.CreateEvent(c.Request().Context(), ne)
	if err != nil {
		return refuse(errorText(err))
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d", e.ID))
}

func eventIDParam(c *echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, fail(http.StatusNotFound, "event.error.none")
	}
	return id, nil
}

// loadEvent reads the event the path names.
func (s *Server) loadEvent(c *echo.Context) (*store.Event, error) {
	id, err := eventIDParam(c)
	if err != nil {
		return nil, err
	}
	e, err := s.store.EventRow(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fail(http.StatusNotFound, "event.error.none")
	}
	return e, err
}

func (s *Server) enterEvent(c *echo.Context) error {
	return s.eventAction(c, func(e *store.Event, u *store.User) error {
		return s.store.Enter(c.Request().Context(), e.ID, u.ID)
	})
}

func (s *Server) withdrawEvent(c *echo.Context) error {
	return s.eventAction(c, func(e *store.Event, u *store.User) error {
		return s.store.Withdraw(c.Request().Context(), e.ID, u.ID)
	})
}

// startEvent is the organiser's start: round 1 drawn now, its games begun
// and their start mails queued.
func (s *Server) startEvent(c *echo.Context) error {
	return s.eventAction(c, func(e *store.Event, u *store.User) error {
		if !s.organises(e, u) {
			return fail(http.StatusForbidden, "event.error.organiser")
		}
		// The games it starts are changes the store tells its observer
		// (notify queues their start mails): nothing more to call here.
		_, err := s.store.StartEvent(c.Request().Context(), e.ID)
		return err
	})
}

// organises says whether u runs event e: its creator or an admin.
func (s *Server) organises(e *store.Event, u *store.User) bool {
	return u != nil && ((e.CreatedBy != nil && *e.CreatedBy == u.ID) || s.cfg.IsAdmin(u.Email))
}

// eventAction runs a button's action on the event and shows its page
// again; a refusal the store words is said there.
func (s *Server) eventAction(c *echo.Context, act func(*store.Event, *store.User) error) error {
	e, err := s.loadEvent(c)
	if err != nil {
		return err
	}
	err = act(e, currentUser(c))
	var we *words.Error
	var pe *pageError
	switch {
	case errors.As(err, &pe):
		return err
	case errors.As(err, &we):
		return s.showEvent(c, e.ID, http.StatusUnprocessableEntity, s.speaker(c).Say(we.Msg))
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d", e.ID))
}

func (s *Server) exportEventJSON(c *echo.Context) error {
	id, err := eventIDParam(c)
	if err != nil {
		return err
	}
	rec, err := s.store.ExportEvent(c.Request().Context(), id)
	if err != nil {
		return fail(http.StatusNotFound, "event.error.none")
	}
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="event-%d.json"`, id))
	return c.Blob(http.StatusOK, "application/json", append(b, '\n'))
}

func (s *Server) exportEventText(c *echo.Context) error {
	id, err := eventIDParam(c)
	if err != nil {
		return err
	}
	rec, err := s.store.ExportEvent(c.Request().Context(), id)
	if err != nil {
		return fail(http.StatusNotFound, "event.error.none")
	}
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", []byte(store.EventText(rec)))
}

// config is the event's configuration the form gives (the seed is added
// on creation); the engine's Validate says what is wrong with it.
func (f eventForm) config() (event.Config, error) {
	c := event.Config{Format: event.Format(f.Format), Seats: f.Seats, MinSeats: f.MinSeats, MaxSeats: f.MaxSeats}
	switch c.Format {
	case event.Swiss, event.RoundRobin:
		c.Rounds = f.Rounds
		if c.Format == event.RoundRobin && c.Rounds < 0 {
			c.Rounds = 0
		}
	case event.League:
		c.GamesEach = f.Rounds
	}
	for _, part := range strings.FieldsFunc(f.Points, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		n, err := strconv.Atoi(part)
		if err != nil {
			return c, fmt.Errorf("points: %q", part)
		}
		c.Points = append(c.Points, n)
	}
	return c, c.Validate()
}

// maxEventRecord bounds an uploaded event record.
const maxEventRecord = 4 << 20

// importEvent stores an uploaded event record (admins) as an archived
// event without games here; its export is the record again.
func (s *Server) importEvent(c *echo.Context) error {
	u := currentUser(c)
	if !s.cfg.IsAdmin(u.Email) {
		return fail(http.StatusForbidden, "event.error.organiser")
	}
	sp := s.speaker(c)
	refuse := func(err error) error {
		return s.showEvents(c, http.StatusUnprocessableEntity, sp.Say(words.New("event.error.import").Sub("why", errorText(err))))
	}
	fh, err := c.FormFile("record")
	if err != nil {
		return refuse(err)
	}
	f, err := fh.Open()
	if err != nil {
		return refuse(err)
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, maxEventRecord+1))
	if err != nil || len(raw) > maxEventRecord {
		return refuse(fmt.Errorf("the file is larger than %d bytes", maxEventRecord))
	}
	var rec store.EventRecord
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return refuse(err)
	}
	e, err := s.store.ImportEvent(c.Request().Context(), &rec, u.ID)
	if err != nil {
		return refuse(err)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d", e.ID))
}
