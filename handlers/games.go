package handlers

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/letters"
)

const maxPlayers = 6

// kindName names a kind of game (an id such as "imperial") in words.
func (s *Server) kindName(sp *words.Speaker, id string) string {
	if g, err := s.store.Registry().Get(id); err == nil {
		return sp.Say(g.Info().Name)
	}
	return id
}

// optionField is one option input of the new-game form, in words.
type optionField struct {
	Field   string
	Value   string
	Kind    game.OptionKind
	Label   string
	Help    string
	Choices []optionChoice
}

// optionChoice is one value an option may take, in words.
type optionChoice struct{ Value, Label string }

// gameChoice is one game the form offers.
type gameChoice struct {
	ID         string
	Name       string
	MinPlayers int
	MaxPlayers int
	Options    []optionField
}

// presetChoice is a way to keep time, described in words.
type presetChoice struct{ Name, Label string }

// optionFieldOf says an option of the new-game form in words.
func optionFieldOf(sp *words.Speaker, gameID string, o game.OptionSpec) optionField {
	f := optionField{Field: optionFieldName(gameID, o.Name), Value: o.Default, Kind: o.Kind, Label: sp.Say(o.Label)}
	if !o.Help.IsZero() {
		f.Help = sp.Say(o.Help)
	}
	for i, v := range o.Choices {
		label := v
		if i < len(o.ChoiceLabels) && !o.ChoiceLabels[i].IsZero() {
			label = sp.Say(o.ChoiceLabels[i])
		}
		f.Choices = append(f.Choices, optionChoice{Value: v, Label: label})
	}
	return f
}

type playerField struct{ Name, Email string }

type newGamePage struct {
	Games    []gameChoice
	Selected string
	Name     string
	Players  []playerField
	Order    string
	Rated    bool // counts on the ladder
	// OpenSeats are seats any member may take from the club's games page.
	OpenSeats int
	Error     string
	// How the game keeps time (only when notify runs).
	Clock    bool
	Presets  []presetChoice
	Preset   string
	Weekends bool
	Policy   string
}

func optionFieldName(gameID, opt string) string { return "opt." + gameID + "." + opt }

// newGamePageFrom fills the form from a submitted one (or the defaults).
func (s *Server) newGamePageFrom(c *echo.Context, submitted bool) newGamePage {
	sp := s.speaker(c)
	p := newGamePage{Selected: c.FormValue("game"), Name: c.FormValue("name"), Order: c.FormValue("order"), Rated: c.FormValue("rated") == "on"}
	for _, info := range s.store.Registry().List() {
		gc := gameChoice{ID: info.ID, Name: sp.Say(info.Name), MinPlayers: info.MinPlayers, MaxPlayers: info.MaxPlayers}
		for _, o := range info.Options {
			f := optionFieldOf(sp, info.ID, o)
			if v := c.FormValue(f.Field); submitted && v != "" {
				f.Value = v
			}
			gc.Options = append(gc.Options, f)
		}
		p.Games = append(p.Games, gc)
	}
	if p.Selected == "" && len(p.Games) > 0 {
		p.Selected = p.Games[0].ID
	}
	if p.Order == "" {
		p.Order = "random"
	}
	p.Clock = s.notify != nil
	if n, err := strconv.Atoi(c.FormValue("open_seats")); err == nil && n >= 0 && n <= maxPlayers {
		p.OpenSeats = n
	}
	p.Presets = presetChoices(sp, s.cfg.Notify.Presets)
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
	return s.render(c, http.StatusOK, "newgame", s.speaker(c).T("pages.newgame.title"), s.newGamePageFrom(c, false))
}

func newSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (s *Server) createGame(c *echo.Context) error {
	ctx := c.Request().Context()
	u := currentUser(c)
	sp := s.speaker(c)
	p := s.newGamePageFrom(c, true)
	refuse := func(msg words.Text) error {
		p.Error = sp.Say(msg)
		return s.render(c, http.StatusUnprocessableEntity, "newgame", sp.T("pages.newgame.title"), p)
	}
	g, err := s.store.Registry().Get(p.Selected)
	if err != nil {
		return refuse(words.New("pages.newgame.error.game"))
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
			return refuse(words.New("pages.newgame.error.preset"))
		}
		if p.Policy != store.PolicyCaretaker && p.Policy != store.PolicySubstitute {
			return refuse(words.New("pages.newgame.error.policy"))
		}
	}
	if v := c.FormValue("open_seats"); v != "" && v != strconv.Itoa(p.OpenSeats) {
		return refuse(words.New("club.error.open_seats"))
	}
	var players []store.NewPlayer
	members := map[string]bool{} // the invited who are members already
	for _, pl := range p.Players {
		players = append(players, store.NewPlayer{Name: pl.Name, Email: pl.Email})
		if addr, err := store.NormalizeEmail(pl.Email); err == nil {
			if _, err := s.store.UserByEmail(ctx, addr); err == nil {
				members[addr] = true
			}
		}
	}
	row, invites, err := s.store.CreateGame(ctx, store.NewGame{
		Kind: p.Selected, Name: p.Name, Options: opts, Seed: newSeed(), Players: players,
		ShuffleSeats: p.Order != "entered", CreatedBy: u.ID, InviteTTL: s.cfg.Auth.InviteTTL(), Rated: p.Rated,
		OpenSeats: p.OpenSeats, Limits: s.limitsOf(u),
	})
	if err != nil {
		return refuse(words.New("pages.newgame.error.not_created").Sub("why", errorText(err)))
	}
	if fresh, err := s.store.User(ctx, u.ID); err == nil {
		u = fresh // the creator may just have been given a name
	}
	seats, err := s.store.Seats(ctx, row.ID)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(seats))
	for _, st := range seats {
		names = append(names, st.Name) // as the store cleaned them
	}
	for _, inv := range invites {
		link := s.link("/invite/%s", inv.Token)
		// In the invited member's language; one this invitation made a
		// member (created with the game) has chosen none yet, so gets the
		// language of the one who invites.
		lang := sp.Lang()
		if members[inv.User.Email] {
			lang = inv.User.Language
		}
		mail := letters.InvitationMail(letters.Invitation{Lang: lang, To: inv.User.Email, Name: inv.Seat.Name, Inviter: u.Name(),
			Kind: g.Info().Name, Game: row.Name, Players: names, Link: link, Choices: !members[inv.User.Email]})
		mail.Kind, mail.GameID, mail.UserID, mail.TellUserID = "invite", row.ID, inv.User.ID, u.ID
		// Queued: a failure is retried, and the creator is told if the
		// invitation finally cannot be delivered.
		err := s.mailer.Send(ctx, mail)
		if err != nil {
			s.log.Warn("invitation not sent yet", "game", row.ID, "to", inv.User.Email, "error", err)
		}
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
		return 0, fail(http.StatusNotFound, "pages.error.no_game")
	}
	return id, nil
}

func (s *Server) acceptSeat(c *echo.Context) error {
	id, err := gameIDParam(c)
	if err != nil {
		return err
	}
	_, err = s.store.AcceptSeat(c.Request().Context(), id, currentUser(c).ID)
	if errors.Is(err, store.ErrNotInvited) {
		return fail(http.StatusForbidden, "pages.error.not_invited")
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", id))
}

// lits turns names people typed into list items.
func lits(names []string) []words.Arg {
	out := make([]words.Arg, len(names))
	for i, n := range names {
		out[i] = words.Lit(n)
	}
	return out
}

// presetChoices describes the configured ways to keep time in words,
// from their numbers (a label in the configuration is for its reader).
func presetChoices(sp *words.Speaker, ps []config.Preset) []presetChoice {
	out := make([]presetChoice, len(ps))
	for i, p := range ps {
		out[i] = presetChoice{Name: p.Name, Label: presetWords(sp, p)}
	}
	return out
}

// presetWords says a way to keep time: a fixed time per move, or a time
// bank with a bonus per move up to a cap.
func presetWords(sp *words.Speaker, p config.Preset) string {
	if p.PerMoveHours > 0 {
		return sp.T("pages.preset.per_move", "time", hoursWords(sp, p.PerMoveHours))
	}
	return sp.T("pages.preset.bank", "bank", hoursWords(sp, p.BankHours), "bonus", hoursWords(sp, p.BonusHours),
		"cap", hoursWords(sp, p.CapHours))
}

// hoursWords says a number of hours, in days when it is whole days.
func hoursWords(sp *words.Speaker, h float64) words.Text {
	if h >= 24 && h == float64(int(h/24))*24 {
		return words.New("pages.preset.days").Count(int(h / 24))
	}
	if h == float64(int(h)) {
		return words.New("pages.preset.hours").Count(int(h))
	}
	return words.New("pages.preset.minutes").Count(int(h * 60))
}
