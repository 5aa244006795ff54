package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/store"
)

// loadGame reads a game's position or answers 404.
func (s *Server) loadGame(c *echo.Context) (*store.Position, error) {
	id, err := gameIDParam(c)
	if err != nil {
		return nil, err
	}
	pos, err := s.store.Current(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fail(http.StatusNotFound, "No such game", "There is no game at this address.")
	}
	return pos, err
}

// buildGameView prepares the game page for the signed-in viewer.
func (s *Server) buildGameView(ctx context.Context, pos *store.Position, userID int64, focus string, played int) (*gameView, error) {
	you := store.SeatOf(pos.Seats, userID)
	v := &gameView{Game: pos.Game, Kind: s.kindName(pos.Game.GameID), Seq: pos.Seq, Since: pos.Since,
		Waiting: ago(s.now(), pos.Since), You: you, Seats: seatViews(pos, you)}
	for _, st := range pos.Seats {
		if st.UserID == userID && st.AcceptedAt == nil {
			v.NeedAccept = true
		}
	}
	if pos.State == nil {
		return v, nil
	}
	v.Board = boardOf(pos.State, you)
	v.Overview = summaryHTML(pos.State.Summary())
	if d, ok := pos.State.(game.Describer); ok && you >= 0 {
		v.Situation = d.Situation(you)
	}
	if pos.Game.Status == store.StatusActive && you >= 0 {
		var prompts []string
		for _, d := range pos.State.ToAct() {
			if d.Seat == you {
				prompts = append(prompts, d.Prompt)
			}
		}
		if moves := pos.State.LegalMoves(you); len(prompts) > 0 && len(moves) > 0 {
			v.Form = buildForm(pos.Game.ID, pos.Seq, prompts, moves, focus)
		}
	}
	if pos.State.Finished() {
		v.Result = resultOf(pos.State.Result(), pos.Seats, you)
	}
	v.Archive = s.gamePanel(ctx, pos)
	if played > 0 && played <= pos.Seq {
		rows, err := s.store.MovesSince(ctx, pos.Game.ID, played-1)
		if err != nil {
			return nil, err
		}
		v.Happened = moveViews(rows, pos.Seats)
	}
	rows, err := s.store.MovesSince(ctx, pos.Game.ID, max(0, pos.Seq-6))
	if err != nil {
		return nil, err
	}
	recent := moveViews(rows, pos.Seats)
	for i, j := 0, len(recent)-1; i < j; i, j = i+1, j-1 {
		recent[i], recent[j] = recent[j], recent[i]
	}
	v.Recent = recent
	return v, nil
}

func (s *Server) gamePage(c *echo.Context) error {
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	played, _ := strconv.Atoi(c.QueryParam("played"))
	v, err := s.buildGameView(c.Request().Context(), pos, currentUser(c).ID, c.QueryParam("group"), played)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "game", pos.Game.Name, v)
}

// move plays the signed-in user's move. Every refusal writes nothing and
// says why; a form made on an older position gets the new situation.
func (s *Server) move(c *echo.Context) error {
	ctx := c.Request().Context()
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	u := currentUser(c)
	seat := store.SeatOf(pos.Seats, u.ID)
	if seat < 0 {
		return fail(http.StatusForbidden, "Not your game", "You have no seat in this game, so you cannot move in it. Nothing was written.")
	}
	seq, err := strconv.Atoi(c.FormValue("seq"))
	if err != nil || seq < 0 {
		return fail(http.StatusBadRequest, "The form is incomplete", "The form did not say which position it was made on. Reload the game page and try again. Nothing was written.")
	}
	raw := strings.TrimSpace(c.FormValue("move"))
	if raw == "" {
		return fail(http.StatusBadRequest, "No move chosen", "Choose one of the moves, then press the button. Nothing was written.")
	}
	played, err := s.store.AppendMove(ctx, store.Submit{GameID: pos.Game.ID, Seat: seat, Seq: seq, Move: json.RawMessage(raw), UserID: u.ID})
	var notToAct *store.NotToActError
	var illegal *store.IllegalMoveError
	switch {
	case err == nil:
		if s.hooks.MovePlayed != nil {
			s.hooks.MovePlayed(ctx, pos.Game.ID, played.Seq)
		}
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d?played=%d#happened", pos.Game.ID, played.Seq))
	case errors.Is(err, store.ErrGameChanged):
		return s.gameChanged(c, seq)
	case errors.As(err, &notToAct):
		return fail(http.StatusForbidden, "Not your turn", "It is not your turn: "+s.waitingFor(pos, notToAct.Waiting)+" Nothing was written.")
	case errors.As(err, &illegal):
		msg := illegal.Err.Error()
		var re *game.RuleError
		if errors.As(err, &re) {
			msg = re.Msg + " (rule: " + re.Rule + ")"
		}
		return fail(http.StatusUnprocessableEntity, "That move is not allowed", "That move is not allowed: "+msg+". Nothing was written.")
	case errors.Is(err, store.ErrNotActive):
		return fail(http.StatusConflict, "The game is not in play", "This game is "+pos.Game.Status+", so it takes no moves. Nothing was written.")
	default:
		return err
	}
}

// gameChanged shows the new situation to a player whose form was stale.
func (s *Server) gameChanged(c *echo.Context, formSeq int) error {
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	v, err := s.buildGameView(c.Request().Context(), pos, currentUser(c).ID, "", formSeq+1)
	if err != nil {
		return err
	}
	v.Notice = fmt.Sprintf("The game changed while you were choosing: your form was made after move %d, and the game is now at move %d. Your move was not played. Here is the new situation.", formSeq, pos.Seq)
	return s.render(c, http.StatusConflict, "game", "The game changed", v)
}

func (s *Server) waitingFor(pos *store.Position, ds []game.Decision) string {
	if len(ds) == 0 {
		return "nobody has to decide anything now."
	}
	var parts []string
	for _, d := range ds {
		name := fmt.Sprintf("seat %d", d.Seat)
		if d.Seat >= 0 && d.Seat < len(pos.Seats) {
			name = pos.Seats[d.Seat].Name
		}
		parts = append(parts, name+" ("+d.Prompt+")")
	}
	return "the game waits for " + strings.Join(parts, ", ") + "."
}

type historyPage struct {
	Game  *store.Game
	Kind  string
	Moves []moveView
	At    int
	Last  int
	Board string
	Prev  int
	Next  int
}

// history lists every move and shows the board after any one of them.
func (s *Server) history(c *echo.Context) error {
	ctx := c.Request().Context()
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	rows, err := s.store.Moves(ctx, pos.Game.ID)
	if err != nil {
		return err
	}
	p := historyPage{Game: pos.Game, Kind: s.kindName(pos.Game.GameID), Moves: moveViews(rows, pos.Seats), At: len(rows), Last: len(rows)}
	if at, err := strconv.Atoi(c.QueryParam("at")); err == nil && at >= 0 && at <= len(rows) {
		p.At = at
	}
	p.Prev, p.Next = max(0, p.At-1), min(p.Last, p.At+1)
	data := map[string]any{"H": p}
	if pos.State != nil {
		st, err := s.store.StateAfter(ctx, pos.Game.ID, p.At)
		if err != nil {
			return err
		}
		data["Board"] = boardOf(st, store.SeatOf(pos.Seats, currentUser(c).ID))
	}
	return s.render(c, http.StatusOK, "history", "History of "+pos.Game.Name, data)
}

func (s *Server) outbox(c *echo.Context) error {
	mails, err := s.store.LocalMails(c.Request().Context(), 100)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "outbox", "Outbox", map[string]any{"Mails": mails})
}

func (s *Server) outboxMail(c *echo.Context) error {
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	m, err := s.store.LocalMailByID(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return fail(http.StatusNotFound, "No such mail", "There is no mail with this number in the outbox.")
	}
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "outbox_mail", m.Subject, m)
}

// boardSVG serves the board alone, so a phone can zoom into it.
func (s *Server) boardSVG(c *echo.Context) error {
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	if pos.State == nil {
		return fail(http.StatusNotFound, "No board yet", "The game has not started.")
	}
	svg := boardOf(pos.State, store.SeatOf(pos.Seats, currentUser(c).ID))
	if svg == "" {
		return fail(http.StatusNotFound, "No board", "This game does not draw a board.")
	}
	out := string(svg)
	if !strings.Contains(out[:min(len(out), 200)], "xmlns=") {
		out = strings.Replace(out, "<svg", `<svg xmlns="http://www.w3.org/2000/svg"`, 1)
	}
	return c.Blob(http.StatusOK, "image/svg+xml; charset=utf-8", []byte(out))
}
