package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// A game's deadlines (its creator chooses them) and the standing orders
// of the signed-in player's seat.

// gameNotifyPage is a game's mail and deadlines page.
type gameNotifyPage struct {
	Game      *store.Game
	Seat      int          // the viewer's seat, -1 for none
	Orders    []orderRow   // the orders the viewer gave
	Offers    []orderGroup // the orders the game offers
	Started   bool         // before, only the orders of every game are offered
	Clock     string       // the deadlines in words
	GameClock *store.GameClock
	Creator   bool // the viewer created the game, so sets its clock
	Presets   []presetChoice
	// The game's webhook for turn notices (nil: none) and, for the
	// creator of a game not over, the form that sets it (notify_webhooks.go).
	Hook     *hookView
	HookForm *hookForm
	Tested   bool // a test notice was just queued
}

// orderRow is one standing order, in words.
type orderRow struct {
	ID   int64
	Text string
}

// orderGroup is one order the game offers, as options of the form: one
// option for an order that names nothing, one per choice otherwise (in a
// group labelled by the order's words).
type orderGroup struct {
	Label   string // "" for an order that names nothing
	Options []orderOption
}

// orderOption is an order, ready to give: Value is the order's id, and
// "/" and the parameter's value if it has one.
type orderOption struct {
	Value string
	Label string
}

// orderOffers turns the orders a game offers into the form's options,
// in words.
func orderOffers(sp *words.Speaker, specs []game.OrderSpec) []orderGroup {
	var out []orderGroup
	for _, spec := range specs {
		if spec.Param == nil {
			out = append(out, orderGroup{Options: []orderOption{{Value: spec.ID, Label: sp.Say(spec.Label)}}})
			continue
		}
		g := orderGroup{Label: sp.Say(spec.Describe(game.Order{ID: spec.ID, Param: "…"}))}
		for _, ch := range spec.Param.Choices {
			g.Options = append(g.Options, orderOption{Value: spec.ID + "/" + ch.Value, Label: sp.Say(spec.Describe(game.Order{ID: spec.ID, Param: ch.Value}))})
		}
		out = append(out, g)
	}
	return out
}

// parseOrder reads an option's value back.
func parseOrder(v string) game.Order {
	id, param, _ := strings.Cut(v, "/")
	return game.Order{ID: id, Param: param}
}

// gameState is the game's position now, nil before it starts.
func (s *Server) gameState(c *echo.Context, gameID int64) (game.State, error) {
	pos, err := s.store.Current(c.Request().Context(), gameID)
	if err != nil {
		return nil, err
	}
	return pos.State, nil
}

// seatOfCurrent loads a game and the signed-in user's seat in it.
func (s *Server) seatOfCurrent(c *echo.Context) (*store.Game, int, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return nil, 0, fail(http.StatusNotFound, "pages.error.no_game")
	}
	g, err := s.store.GameRow(c.Request().Context(), id)
	if err != nil {
		return nil, 0, fail(http.StatusNotFound, "pages.error.no_game")
	}
	seats, err := s.store.Seats(c.Request().Context(), id)
	if err != nil {
		return nil, 0, err
	}
	return g, store.SeatOf(seats, currentUser(c).ID), nil
}

func (s *Server) gameNotify(c *echo.Context) error {
	g, seat, err := s.seatOfCurrent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	st, err := s.gameState(c, g.ID)
	if err != nil {
		return err
	}
	sp := s.speaker(c)
	var orders []orderRow
	if seat >= 0 {
		list, err := s.store.StandingOrders(ctx, g.ID, seat)
		if err != nil {
			return err
		}
		for _, o := range list {
			orders = append(orders, orderRow{ID: o.ID, Text: sp.Say(store.DescribeOrder(st, o))})
		}
	}
	gc, err := s.store.GameClockOf(ctx, g.ID)
	if err != nil {
		return err
	}
	clock := ""
	if gc != nil {
		clock = sp.Say(s.notify.ClockWords(gc))
	}
	creator := g.CreatedBy != nil && *g.CreatedBy == currentUser(c).ID
	p := gameNotifyPage{
		Game: g, Seat: seat, Orders: orders, Offers: orderOffers(sp, store.OrdersOffered(st)), Started: st != nil, Clock: clock, GameClock: gc,
		Creator: creator, Presets: presetChoices(sp, s.cfg.Notify.Presets), Tested: c.QueryParam("tested") != ""}
	if err := s.gameHookOnPage(c, &p); err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "notify_game", sp.T("pages.gamenotify.title", "game", g.Name), p)
}

func (s *Server) gameOrderAdd(c *echo.Context) error {
	g, seat, err := s.seatOfCurrent(c)
	if err != nil {
		return err
	}
	if seat < 0 {
		return fail(http.StatusForbidden, "pages.error.no_seat")
	}
	st, err := s.gameState(c, g.ID)
	if err != nil {
		return err
	}
	o := parseOrder(c.FormValue("order"))
	if err := store.CheckOrder(st, o); err != nil {
		return fail(http.StatusBadRequest, "pages.error.order_not_saved")
	}
	if err := s.store.AddStandingOrder(c.Request().Context(), store.StandingOrder{GameID: g.ID, Seat: seat, Order: o.ID, Param: o.Param}); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/notify", g.ID))
}

func (s *Server) gameOrderDelete(c *echo.Context) error {
	g, seat, err := s.seatOfCurrent(c)
	if err != nil {
		return err
	}
	id, _ := strconv.ParseInt(c.Param("order"), 10, 64)
	if seat >= 0 {
		if err := s.store.RemoveStandingOrder(c.Request().Context(), g.ID, seat, id); err != nil {
			return err
		}
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/notify", g.ID))
}

func (s *Server) gameClockSave(c *echo.Context) error {
	g, _, err := s.seatOfCurrent(c)
	if err != nil {
		return err
	}
	if g.CreatedBy == nil || *g.CreatedBy != currentUser(c).ID {
		return fail(http.StatusForbidden, "pages.error.not_creator")
	}
	if g.Status == store.StatusFinished {
		return fail(http.StatusConflict, "pages.error.game_over")
	}
	err = s.notify.SetClock(c.Request().Context(), g.ID, c.FormValue("preset"), c.FormValue("weekends") == "on", c.FormValue("policy"))
	if err != nil {
		return failWith(http.StatusBadRequest, "pages.error.not_saved", words.New("pages.error.not_saved.why").Sub("why", errorText(err)))
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/notify", g.ID))
}
