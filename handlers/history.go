package handlers

import (
	"context"
	"html/template"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// A game's history: its moves a page at a time, newest first, grouped by
// round and, within a round, by whose turn it was (a nation, in its
// colour), each move linking to the board after it.

// historyPageSize is how many moves one page of the history shows.
const historyPageSize = 50

type historyPage struct {
	Game   *store.Game
	Kind   string
	Rounds template.HTML // one page's rounds, newest first, written (roundsHTML); "" for none
	At     int
	Last   int
	Board  template.HTML // after move At; empty before the game starts
	Prev   int
	Next   int
	Before int // the page's own `before`: links from it keep the page
	// Older and Newer are the `before` of the next pages (0: none).
	Older int
	Newer int
	// From and To are the first and last move the page shows.
	From, To int
}

// roundView is one round of a page (Round 0: a game without rounds).
type roundView struct {
	Round int
	Turns []turnView
}

// turnView is the moves of one turn: a side's (Side "" when the game has
// none), newest first.
type turnView struct {
	Side  string
	Style template.CSS // the side's colour as the group's edge; "" for none
	Chip  template.HTML
	Moves []moveView
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
	p.Before = before
	if done, err := notModified(c, s.positionTag(c, "history", pos, p.At, before)); done || err != nil {
		return err
	}
	key := newSharedKey("history", pos, sp)
	key.before = before
	part, err := shared(s, key, func() (*historyPart, int64, error) { return s.historyPart(ctx, sp, pos, before) })
	if err != nil {
		return err
	}
	p.Rounds = roundsHTML(s.reader(c), part.rounds, p.At, before)
	p.From, p.To, p.Older = part.from, part.to, part.older
	if before <= p.Last {
		p.Newer = min(p.Last, before+historyPageSize-1) + 1
	}
	you := store.SeatOf(pos.Seats, currentUser(c).ID)
	kept := false
	if p.At == pos.Seq { // the board of the game as it stands: kept with its page's parts
		if p.Board, kept, err = s.keptBoard(ctx, sp, pos, you); err != nil {
			return err
		}
	}
	if pos.State != nil && !kept {
		key := newBoardKey(pos.Game.ID, p.At, you, sp, pos.Seats)
		key.page = true
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

// historyPart is a page of the history as every seat sees it, kept per
// position and page (pagecache.go).
type historyPart struct {
	rounds          []roundView
	from, to, older int
}

// historyPart makes the page of moves before move before, and its size.
func (s *Server) historyPart(ctx context.Context, sp *words.Speaker, pos *store.Position, before int) (*historyPart, int64, error) {
	rows, err := s.store.MovesPage(ctx, pos.Game.ID, before, historyPageSize)
	if err != nil {
		return nil, 0, err
	}
	h := &historyPart{}
	size := 512
	if len(rows) > 0 {
		h.to, h.from = rows[0].Seq, rows[len(rows)-1].Seq
		progress, err := s.store.MovesProgress(ctx, pos.Game.ID, h.from, h.to)
		if err != nil {
			return nil, 0, err
		}
		h.rounds = groupMoves(sp, pos.State, moveViews(sp, rows, pos.Seats), progress, h.from)
		for _, r := range h.rounds {
			for _, t := range r.Turns {
				size += 128 + len(t.Side) + len(t.Chip) + len(t.Style)
				for _, m := range t.Moves {
					size += 128 + len(m.Who) + len(m.By)
					for _, e := range m.Events {
						size += 16 + len(e)
					}
				}
			}
		}
	}
	if len(rows) > 0 && rows[len(rows)-1].Seq > 1 {
		h.older = rows[len(rows)-1].Seq
	}
	return h, int64(size), nil
}

// groupMoves groups a page's moves (newest first) by round and turn.
// progress[i] is where the game stood at move from+i; st names the sides
// (any state of the game will do: its sides do not change).
func groupMoves(sp *words.Speaker, st game.State, moves []moveView, progress []game.Progress, from int) []roundView {
	sides := map[string]game.Side{}
	if sd, ok := st.(game.Sider); ok {
		for _, side := range sd.Sides() {
			sides[side.ID] = side
		}
	}
	// A turn's heading by side id, made once a page (its name said, its
	// colour checked): a page has fifty moves and a few sides.
	heads := map[string]turnView{}
	head := func(id string) turnView {
		if t, ok := heads[id]; ok {
			return t
		}
		side := sides[id]
		t := turnView{Chip: chip(side.Colour)}
		if !side.Name.IsZero() {
			t.Side = sp.Say(side.Name)
		}
		if hexColour.MatchString(side.Colour) {
			// Checked to be a colour: safe as a style.
			t.Style = template.CSS("border-left-color: " + side.Colour)
		}
		heads[id] = t
		return t
	}
	var out []roundView
	for _, m := range moves {
		var pr game.Progress
		if i := m.Seq - from; i >= 0 && i < len(progress) {
			pr = progress[i]
		}
		if len(out) == 0 || out[len(out)-1].Round != pr.Round {
			out = append(out, roundView{Round: pr.Round})
		}
		r := &out[len(out)-1]
		h := head(pr.Side)
		if n := len(r.Turns); n == 0 || r.Turns[n-1].Side != h.Side {
			r.Turns = append(r.Turns, h)
		}
		t := &r.Turns[len(r.Turns)-1]
		t.Moves = append(t.Moves, m)
	}
	return out
}
