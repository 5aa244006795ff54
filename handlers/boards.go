package handlers

import (
	"hash/fnv"
	"html/template"
	"strings"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// Boards as drawn, and the games' overviews, kept in memory (bounded in
// bytes, config cache.board_mb): drawing an Imperial board takes longer
// than the rest of its page, and the history viewer would otherwise
// replay a game to draw an old move. A board depends on the game, the
// move it shows, who looks, the reader's language and the players' names
// (a substitute renames a seat); an overview on all but who looks.

type boardKey struct {
	what   string // "board" or "overview"
	game   int64
	seq    int
	viewer int
	lang   string
	names  uint64
	// page: the board for a page, the position over its map asset
	// (maps.go); else the whole board in one SVG (board.svg).
	page bool
}

func newBoardKey(gameID int64, seq, viewer int, sp *words.Speaker, seats []store.Seat) boardKey {
	h := fnv.New64a()
	for _, st := range seats {
		h.Write([]byte(st.Name))
		h.Write([]byte{0})
	}
	return boardKey{what: "board", game: gameID, seq: seq, viewer: viewer, lang: sp.Lang(), names: h.Sum64()}
}

// kept returns what the cache holds under key, else makes it and, if the
// cache keeps it (lru.Cache.Admits: a first sight is not kept), keeps a
// copy of its exact size (a drawing's own buffer may be up to twice as
// large, and the cache counts what it holds).
func (s *Server) kept(key boardKey, make func() (template.HTML, error)) (template.HTML, error) {
	if b, ok := s.boards.Get(key); ok {
		return b, nil
	}
	b, err := make()
	if err != nil || !s.boards.Admits(key) {
		return b, err
	}
	b = template.HTML(strings.Clone(string(b)))
	s.boards.Put(key, b, int64(len(b)))
	return b, nil
}

// board returns the board for key, drawn in sp's words from the state
// state gives (called only when the board is not kept).
func (s *Server) board(key boardKey, sp *words.Speaker, state func() (game.State, error)) (template.HTML, error) {
	return s.kept(key, func() (template.HTML, error) {
		st, err := state()
		if err != nil || st == nil {
			return "", err
		}
		if key.page {
			return s.pageBoardOf(st, key.viewer, sp), nil
		}
		return boardOf(st, key.viewer, sp), nil
	})
}

// positionBoard is the board of a game as it stands, for the viewer: for
// a page (over its map asset) or whole.
func (s *Server) positionBoard(pos *store.Position, viewer int, sp *words.Speaker, page bool) template.HTML {
	if pos.State == nil {
		return ""
	}
	key, st := positionBoardKey(pos, viewer, sp, page)
	b, _ := s.board(key, sp, func() (game.State, error) { return st, nil })
	return b
}

// positionBoardKey is the key of positionBoard's board and the state it
// draws.
func positionBoardKey(pos *store.Position, viewer int, sp *words.Speaker, page bool) (boardKey, game.State) {
	key := newBoardKey(pos.Game.ID, pos.Seq, viewer, sp, pos.Seats)
	key.page = page
	st := pos.State
	if c, ok := st.(game.Concluder); ok && pos.Game.Ending == store.EndAgreed && !st.Finished() {
		// Ended by agreement: the board says so, not who was to act (its
		// own key: the last move's board was drawn before the agreement).
		st, key.what = c.Concluded(), "agreed"
	}
	return key, st
}

// overviewKey is the key of the game's overview.
func overviewKey(pos *store.Position, sp *words.Speaker) boardKey {
	key := newBoardKey(pos.Game.ID, pos.Seq, -1, sp, pos.Seats)
	key.what = "overview"
	return key
}

// overview is the game's Summary as HTML (summaryHTML), kept like boards.
func (s *Server) overview(pos *store.Position, sp *words.Speaker) template.HTML {
	key := overviewKey(pos, sp)
	h, _ := s.kept(key, func() (template.HTML, error) { return s.overviewHTML(pos, sp), nil })
	return h
}

// overviewHTML says the game's overview, not kept.
func (s *Server) overviewHTML(pos *store.Position, sp *words.Speaker) template.HTML {
	return summaryHTML(s.vocab(sp, pos.Game.Kind), pos.State.Summary())
}
