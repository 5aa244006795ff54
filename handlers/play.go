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
	"rondel/game/words"
	"rondel/store"
)

// loadGame reads a game's position or answers 404.
func (s *Server) loadGame(c *echo.Context) (*store.Position, error) {
	return s.loadPosition(c, s.store.Current)
}

// loadGameDeferred is loadGame with a finished game's state left for
// later (store.CurrentDeferred): the game page reads it only if the
// game's kept parts do not say all it shows.
func (s *Server) loadGameDeferred(c *echo.Context) (*store.Position, error) {
	return s.loadPosition(c, s.store.CurrentDeferred)
}

func (s *Server) loadPosition(c *echo.Context, current func(context.Context, int64) (*store.Position, error)) (*store.Position, error) {
	id, err := gameIDParam(c)
	if err != nil {
		return nil, err
	}
	pos, err := current(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fail(http.StatusNotFound, "pages.error.no_game")
	}
	return pos, err
}

// buildGameView prepares the game page for the signed-in viewer, in the
// reader's words (seats named by their current players). base is the
// page's address, where its forms post (base + "/move"): the game's own
// page, or a mailed decision link's.
func (s *Server) buildGameView(ctx context.Context, r *reader, pos *store.Position, userID int64, focus string, played int, base string) (*gameView, error) {
	sp := r.sp.WithNames(seatNames(pos.Seats))
	you := store.SeatOf(pos.Seats, userID)
	// One read of the seats the caretaker plays (resigned, or dropped
	// after missed deadlines) serves the list of players, their marks and
	// the viewer's own form.
	left := map[int]bool{} // seat → its present player resigned
	if pos.Game.Status != store.StatusInviting && pos.Game.StartedAt != nil {
		var err error
		if left, err = s.store.SeatsLeft(ctx, pos.Game.ID); err != nil {
			return nil, err
		}
	}
	resigned := map[int]bool{}
	if pos.Game.Status == store.StatusActive {
		for seat, r := range left {
			resigned[seat] = r
		}
	}
	v := &gameView{Game: pos.Game, Kind: s.kindName(sp, pos.Game.Kind), Seq: pos.Seq, Since: pos.Since, Base: base,
		Waiting: r.ago(pos.Since), You: you, Seats: seatViews(sp, pos, you, resigned)}
	for _, st := range pos.Seats {
		if st.UserID == userID && st.AcceptedAt == nil {
			v.NeedAccept = true
		}
	}
	var err error
	if v.Manage, err = s.manageOf(ctx, r, pos, userID, you, left[you]); err != nil {
		return nil, err
	}
	markLeftSeats(sp, left, v.Seats)
	if !pos.Started() {
		var err error
		v.Talk, err = s.buildTalk(ctx, sp, pos.Game, pos.Seats, userID, 0)
		return v, err
	}
	parts, err := s.parts(ctx, r, sp, pos, you, base)
	if err != nil {
		return nil, err
	}
	v.Board, v.Overview, v.Situation, v.Result = parts.Board, parts.Overview, parts.Situation, parts.Result
	v.Glance, v.Kept, v.Z = parts.Glance, &parts.kept, parts.z
	if pos.Game.Status == store.StatusActive && you >= 0 && !v.Manage.Resigned && parts.Form != nil {
		v.Form = parts.Form
		if focus != "" { // narrowed down to one group: this request's own form
			f := parts.Form
			v.Form = buildForm(sp, base, pos.Seq, f.Prompts, pos.State.LegalMoves(you), withheld(pos.State, you), focus)
		}
	}
	v.Archive = s.gamePanel(ctx, r, pos)
	if played > 0 && played <= pos.Seq {
		// The page after a move: what happened since the form was made,
		// from the kept last moves when they reach back that far.
		var ok bool
		if v.Happened, ok = parts.since(played); !ok {
			rows, err := s.store.RecentMoves(ctx, pos.Game.ID, played-1)
			if err != nil {
				return nil, err
			}
			v.Happened = moveViews(sp, rows, pos.Seats)
		}
		v.HappenedHTML = movesHTML(r, v.Happened)
	}
	if parts.last != nil && pos.Game.Status == store.StatusActive && you >= 0 {
		v.TakeBack = store.CanTakeBack(parts.last, you, userID) == ""
	}
	if v.Talk, err = s.buildTalk(ctx, sp, pos.Game, pos.Seats, userID, 0); err != nil {
		return nil, err
	}
	v.Recent = parts.recent()
	return v, nil
}

// gamePath is a game's page.
func gamePath(id int64) string { return fmt.Sprintf("/games/%d", id) }

func (s *Server) gamePage(c *echo.Context) error {
	pos, err := s.loadGameDeferred(c)
	if err != nil {
		return err
	}
	played, _ := strconv.Atoi(c.QueryParam("played"))
	r := s.reader(c)
	ctx := c.Request().Context()
	if takesGzip(c.Request().Header.Get("Accept-Encoding")) {
		ctx = withZip(ctx) // the kept parts may come compressed (kept_zparts.go)
	}
	v, err := s.buildGameView(ctx, r, pos, currentUser(c).ID, c.QueryParam("group"), played, gamePath(pos.Game.ID))
	if err != nil {
		return err
	}
	if before, err := strconv.ParseInt(c.QueryParam("before"), 10, 64); err == nil && before > 0 {
		// An older page of the table talk ("Older messages").
		sp := r.sp.WithNames(seatNames(pos.Seats))
		if v.Talk, err = s.buildTalk(c.Request().Context(), sp, pos.Game, pos.Seats, currentUser(c).ID, before); err != nil {
			return err
		}
	}
	if n, err := strconv.Atoi(c.QueryParam("took_back")); err == nil && n > 0 {
		// Said only when it is true: the last entry is this viewer's take-back of move n.
		last, err := s.store.LastMove(c.Request().Context(), pos.Game.ID)
		if err != nil {
			return err
		}
		if last != nil && last.TakeBack && last.Seq == n+1 && last.UserID != nil && *last.UserID == currentUser(c).ID {
			v.Done = r.sp.T("pages.game.took_back_yours", "n", n)
		}
	}
	if img := s.pageImage(c, pos); img != nil {
		c.Set(ogImageKey, img)
		v.Share = s.shareLink(c.Request().Context(), pos.Game.ID)
	}
	if st := pos.Game.Status; st == store.StatusActive || st == store.StatusInviting {
		v.Live = gamePath(pos.Game.ID) + "/events"
	}
	return s.renderValidated(c, "game", pos.Game.Name, v)
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
		return fail(http.StatusForbidden, "pages.error.not_your_game")
	}
	seq, err := strconv.Atoi(c.FormValue("seq"))
	if err != nil || seq < 0 {
		return fail(http.StatusBadRequest, "pages.error.form_incomplete")
	}
	raw := strings.TrimSpace(c.FormValue("move"))
	if raw == "" {
		return fail(http.StatusBadRequest, "pages.error.no_move")
	}
	played, err := s.store.AppendMove(ctx, store.Submit{GameID: pos.Game.ID, Seat: seat, Seq: seq, Move: json.RawMessage(raw), UserID: u.ID})
	switch {
	case err == nil:
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d?played=%d#happened", pos.Game.ID, played.Seq))
	case errors.Is(err, store.ErrGameChanged):
		return s.gameChanged(c, seq)
	default:
		return moveRefused(err, pos)
	}
}

// moveRefused says in words why the store refused a move on pos (from the
// game's page or a mail link's): not the seat's turn, an illegal move, a
// player who resigned (the caretaker plays the seat), a game not in play.
func moveRefused(err error, pos *store.Position) error {
	var illegal *store.IllegalMoveError
	var notToAct *store.NotToActError
	switch {
	case errors.As(err, &notToAct):
		return failWith(http.StatusForbidden, "pages.error.not_your_turn",
			words.New("pages.error.not_your_turn.msg").Sub("waiting", waitingFor(notToAct.Waiting))).naming(pos.Seats)
	case errors.As(err, &illegal):
		return failWith(http.StatusUnprocessableEntity, "pages.error.illegal", illegalText(illegal.Err)).naming(pos.Seats)
	case errors.Is(err, store.ErrNotPlaying):
		return refused(err)
	case errors.Is(err, store.ErrNotActive):
		return fail(http.StatusConflict, "pages.error.not_active", "status", words.Term("pages.status."+pos.Game.Status))
	}
	return err
}

// gameChanged shows the new situation to a player whose form was stale.
func (s *Server) gameChanged(c *echo.Context, formSeq int) error {
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	r := s.reader(c)
	v, err := s.buildGameView(c.Request().Context(), r, pos, currentUser(c).ID, "", formSeq+1, gamePath(pos.Game.ID))
	if err != nil {
		return err
	}
	v.Notice = r.sp.T("pages.game.changed", "form", formSeq, "now", pos.Seq)
	return s.render(c, http.StatusConflict, "game", r.sp.T("pages.game.changed_title"), v)
}

// illegalText says why a move was refused: the rule it breaks and what
// is wrong.
func illegalText(err error) words.Text {
	var re *game.RuleError
	if errors.As(err, &re) {
		return words.New("pages.error.illegal.rule").Term("rule", re.Rule).Sub("why", re.Msg)
	}
	return words.New("pages.error.illegal.msg").Sub("why", errorText(err))
}

// waitingFor says whom a game waits for and what they are asked. Seats
// are Seat arguments: the error page says them with the current names.
func waitingFor(ds []game.Decision) words.Text {
	if len(ds) == 0 {
		return words.New("pages.error.waiting.nobody")
	}
	parts := make([]words.Text, len(ds))
	for i, d := range ds {
		parts[i] = words.New("pages.error.waiting.seat").Seat("player", d.Seat).Sub("prompt", d.Prompt)
	}
	return words.New("pages.error.waiting.for").With("players", words.Texts(parts...))
}

// boardSVG serves the board alone, so a phone can zoom into it.
func (s *Server) boardSVG(c *echo.Context) error {
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	if done, err := notModified(c, s.positionTag(c, "board", pos)); done || err != nil {
		return err
	}
	return s.serveBoard(c, pos, store.SeatOf(pos.Seats, currentUser(c).ID))
}

// serveBoard answers with pos's board as seen by viewer, as an SVG file.
func (s *Server) serveBoard(c *echo.Context, pos *store.Position, viewer int) error {
	if pos.State == nil {
		return fail(http.StatusNotFound, "pages.error.no_board_yet")
	}
	svg := s.positionBoard(pos, viewer, s.seatSpeaker(c, pos.Seats), false)
	if svg == "" {
		return fail(http.StatusNotFound, "pages.error.no_board")
	}
	out := string(svg)
	if !strings.Contains(out[:min(len(out), 200)], "xmlns=") {
		out = strings.Replace(out, "<svg", `<svg xmlns="http://www.w3.org/2000/svg"`, 1)
	}
	return c.Blob(http.StatusOK, "image/svg+xml; charset=utf-8", []byte(out))
}
