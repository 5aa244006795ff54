package handlers

import (
	"html/template"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/store"
)

// A game's history: its moves a page at a time, newest first, and the
// board after any one of them.

// historyPageSize is how many moves one page of the history shows.
const historyPageSize = 50

type historyPage struct {
	Game  *store.Game
	Kind  string
	Moves []moveView // one page, newest first
	At    int
	Last  int
	Board template.HTML // after move At; empty before the game starts
	Prev  int
	Next  int
	// Older and Newer are the `before` of the next pages (0: none).
	Older int
	Newer int
}

// history shows a page of moves and the board after any one of them: the
// page ending with the newest move, or the one holding ?at, or the moves
// before ?before.
func (s *Server) history(c *echo.Context) error {
	ctx := c.Request().Context()
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	sp := s.seatSpeaker(c, pos.Seats)
	p := historyPage{Game: pos.Game, Kind: s.kindName(sp, pos.Game.Kind), At: pos.Seq, Last: pos.Seq}
	if at, err := strconv.Atoi(c.QueryParam("at")); err == nil && at >= 0 && at <= p.Last {
		p.At = at
	}
	p.Prev, p.Next = max(0, p.At-1), min(p.Last, p.At+1)
	before := min(p.Last, p.At+historyPageSize/2) + 1
	if b, err := strconv.Atoi(c.QueryParam("before")); err == nil && b > 1 && b <= p.Last+1 {
		before = b
	}
	rows, err := s.store.MovesPage(ctx, pos.Game.ID, before, historyPageSize)
	if err != nil {
		return err
	}
	p.Moves = moveViews(sp, rows, pos.Seats)
	if len(rows) > 0 && rows[len(rows)-1].Seq > 1 {
		p.Older = rows[len(rows)-1].Seq
	}
	if before <= p.Last {
		p.Newer = min(p.Last, before+historyPageSize-1) + 1
	}
	if pos.State != nil {
		key := newBoardKey(pos.Game.ID, p.At, store.SeatOf(pos.Seats, currentUser(c).ID), sp, pos.Seats)
		p.Board, err = s.board(key, sp, func() (game.State, error) {
			if p.At == pos.Seq {
				return pos.State, nil
			}
			return s.store.StateAfter(ctx, pos.Game.ID, p.At)
		})
		if err != nil {
			return err
		}
	}
	return s.render(c, http.StatusOK, "history", sp.T("pages.history.title", "game", pos.Game.Name), p)
}
