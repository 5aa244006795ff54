package handlers

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/store"
	"rondel/store/config"
)

const maxPlayers = 6

// dashRow is one game on "your games".
type dashRow struct {
	ID       int64
	Name     string
	Kind     string
	Status   string
	YourTurn bool
	Prompt   string
	Waiting  string
	Since    time.Time
	Players  string
}

func statusWords(status string) string {
	switch status {
	case store.StatusInviting:
		return "waiting for players to accept"
	case store.StatusActive:
		return "in play"
	case store.StatusFinished:
		return "finished"
	}
	return status
}

func (s *Server) kindName(id string) string {
	if g, err := s.store.Registry().Get(id); err == nil {
		return g.Info().Name
	}
	return id
}

func (s *Server) dashboard(c *echo.Context) error {
	ctx := c.Request().Context()
	u := currentUser(c)
	games, err := s.store.GamesOf(ctx, u.ID)
	if err != nil {
		return err
	}
	now := s.now()
	var rows []dashRow
	for _, g := range games {
		row := dashRow{ID: g.ID, Name: g.Name, Kind: s.kindName(g.GameID), Status: g.Status}
		pos, err := s.store.Current(ctx, g.ID)
		if err != nil {
			s.log.Warn("game cannot be shown", "game", g.ID, "error", err)
			row.Status = "unavailable"
			rows = append(rows, row)
			continue
		}
		var names []string
		seat := store.SeatOf(pos.Seats, u.ID)
		for _, st := range pos.Seats {
			names = append(names, st.Name)
			if st.UserID == u.ID && st.AcceptedAt == nil {
				row.YourTurn, row.Prompt = true, "Accept the invitation"
			}
		}
		row.Players = strings.Join(names, ", ")
		row.Since = pos.Since
		row.Waiting = ago(now, pos.Since)
		row.Status = statusWords(g.Status)
		if pos.State != nil && g.Status == store.StatusActive {
			var others []string
			for _, d := range pos.State.ToAct() {
				switch {
				case d.Seat == seat && !row.YourTurn:
					row.YourTurn, row.Prompt = true, d.Prompt
				case d.Seat != seat && d.Seat >= 0 && d.Seat < len(pos.Seats):
					others = append(others, pos.Seats[d.Seat].Name)
				}
			}
			if len(others) > 0 {
				row.Status = "waiting for " + strings.Join(others, ", ")
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
	return s.render(c, http.StatusOK, "dashboard", "Your games", map[string]any{"Games": rows})
}

// optionField is one option input of the new-game form.
type optionField struct {
	Spec  game.OptionSpec
	Field string
	Value string
}

type gameChoice struct {
	Info    game.Info
	Options []optionField
}

type playerField struct{ Name, Email string }

type newGamePage struct {
	Games    []gameChoice
	Selected string
	Name     string
	Players  []playerField
	Order    string
	Rated    bool // counts on the ladder
	Error    string
	// How the game keeps time (only when notify runs).
	Clock    bool
	Presets  []config.Preset
	Preset   string
	Weekends bool
	Policy   string
}

func optionFieldName(gameID, opt string) string { return "opt." + gameID + "." + opt }

// newGamePageFrom fills the form from a submitted one (or the defaults).
func (s *Server) newGamePageFrom(c *echo.Context, submitted bool) newGamePage {
	p := newGamePage{Selected: c.FormValue("game"), Name: c.FormValue("name"), Order: c.FormValue("order"), Rated: c.FormValue("rated") == "on"}
	for _, info := range s.store.Registry().List() {
		gc := gameChoice{Info: info}
		for _, o := range info.Options {
			f := optionField{Spec: o, Field: optionFieldName(info.ID, o.Name), Value: o.Default}
			if v := c.FormValue(f.Field); submitted && v != "" {
				f.Value = v
			}
			gc.Options = append(gc.Options, f)
		}
		p.Games = append(p.Games, gc)
	}
	if p.Selected == "" && len(p.Games) > 0 {
		p.Selected = p.Games[0].Info.ID
	}
	if p.Order == "" {
		p.Order = "random"
	}
	p.Clock = s.notify != nil
	p.Presets = s.cfg.Notify.Presets
	p.Preset, p.Policy, p.Weekends = c.FormValue("preset"), c.FormValue("policy"), c.FormValue("weekends") == "on"
	if !submitted {
		p.Preset, p.Policy = s.cfg.Notify.Deadline, s.cfg.Notify.Timeout.Policy
	}
	for i := range maxPlayers {
		p.Players = append(p.Players, playerField{Name: c.FormValue(fmt.Sprintf("name%d", i)), Email: c.FormValue(fmt.Sprintf("email%d", i))})
	}
	if !submitted {
		u := currentUser(c)
		p.Players[0] = playerField{Name: u.DisplayName, Email: u.Email}
	}
	return p
}

func (s *Server) newGameForm(c *echo.Context) error {
	return s.render(c, http.StatusOK, "newgame", "New game", s.newGamePageFrom(c, false))
}

func newSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (s *Server) createGame(c *echo.Context) error {
	ctx := c.Request().Context()
	u := currentUser(c)
	p := s.newGamePageFrom(c, true)
	refuse := func(msg string) error {
		p.Error = msg
		return s.render(c, http.StatusUnprocessableEntity, "newgame", "New game", p)
	}
	g, err := s.store.Registry().Get(p.Selected)
	if err != nil {
		return refuse("Choose one of the games offered.")
	}
	opts := game.Options{}
	for _, o := range g.Info().Options {
		opts[o.Name] = c.FormValue(optionFieldName(p.Selected, o.Name))
		if opts[o.Name] == "" {
			opts[o.Name] = o.Default
		}
	}
	if p.Clock {
		if _, ok := s.cfg.Notify.Preset(p.Preset); !ok {
			return refuse("Choose one of the deadlines offered.")
		}
		if p.Policy != store.PolicyCaretaker && p.Policy != store.PolicySubstitute {
			return refuse("Choose what happens when a deadline passes.")
		}
	}
	var players []store.NewPlayer
	for _, pl := range p.Players {
		players = append(players, store.NewPlayer{Name: pl.Name, Email: pl.Email})
	}
	row, invites, err := s.store.CreateGame(ctx, store.NewGame{
		GameID: p.Selected, Name: p.Name, Options: opts, Seed: newSeed(), Players: players,
		ShuffleSeats: p.Order != "entered", CreatedBy: u.ID, InviteTTL: s.cfg.Auth.InviteTTL(), Rated: p.Rated,
	})
	if err != nil {
		return refuse("The game was not created: " + err.Error() + ".")
	}
	if fresh, err := s.store.User(ctx, u.ID); err == nil {
		u = fresh // the creator may just have been given a name
	}
	names := make([]string, 0, len(players))
	for _, pl := range players {
		if strings.TrimSpace(pl.Name) != "" {
			names = append(names, strings.TrimSpace(pl.Name))
		}
	}
	for _, inv := range invites {
		link := s.link("/invite/%s", inv.Token)
		body := fmt.Sprintf("Hello %s,\n\n%s invites you to play %s (%s) with %s.\nOpen this link to see the game and accept; it also signs you in:\n\n%s\n\nThe game starts when everyone has accepted.\n",
			inv.Seat.Name, u.Name(), g.Info().Name, row.Name, strings.Join(names, ", "), link)
		if err := s.mailer.Send(ctx, store.Mail{To: inv.User.Email, Subject: "Invitation: " + row.Name, Body: body, Link: link}); err != nil {
			s.log.Error("invitation not sent", "game", row.ID, "to", inv.User.Email, "error", err)
		}
	}
	if s.hooks.GameCreated != nil {
		s.hooks.GameCreated(ctx, row.ID)
	}
	if p.Clock {
		if err := s.notify.SetClock(ctx, row.ID, p.Preset, p.Weekends, p.Policy); err != nil {
			s.log.Error("deadline not set", "game", row.ID, "error", err)
		}
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", row.ID))
}

func gameIDParam(c *echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, fail(http.StatusNotFound, "No such game", "There is no game at this address.")
	}
	return id, nil
}

func (s *Server) acceptSeat(c *echo.Context) error {
	id, err := gameIDParam(c)
	if err != nil {
		return err
	}
	started, err := s.store.AcceptSeat(c.Request().Context(), id, currentUser(c).ID)
	if errors.Is(err, store.ErrNotInvited) {
		return fail(http.StatusForbidden, "Not invited", "You have no seat in this game.")
	}
	if err != nil {
		return err
	}
	if started && s.hooks.GameStarted != nil {
		s.hooks.GameStarted(c.Request().Context(), id)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}
