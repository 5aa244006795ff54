package handlers

import (
	"context"
	"hash/fnv"
	"html/template"
	"slices"
	"strings"
	"unsafe"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/lru"
)

// The parts of a game page that depend only on the position and on how
// it is seen: the board, the overview, the situation, the form of moves,
// the result, a finished game's account and the recent moves, in words.
// They are made once per (game, move, seat that looks, language, players'
// names, page address) and kept (bounded in bytes, config cache.page_mb),
// so every viewer of the same view, and every reload, reuses them: only
// what is the reader's own (seats, talk, deadlines, management, the
// layout's form token) is made per request. A move makes a new key; the
// old parts age out. A finished game's board, overview, account and last
// moves come from the database when kept there (kept_pages.go).

type partsKey struct {
	game   int64
	seq    int
	since  int64 // the last move's time: a move taken back and played again has the same count
	viewer int   // the seat that looks, -1 for none
	lang   string
	names  uint64 // the players' names (a substitute renames a seat)
	zone   string // the reader's time zone: the recent moves say their times in it
	status string
	ending string
	base   string // where the form posts (the game's page or a mail link's)
	zipped bool   // the parts compressed, for a page written as gzip
}

// sharedKey names a part that is the same for every seat: a finished
// game's account, a page of the history.
type sharedKey struct {
	what   string
	game   int64
	seq    int
	since  int64
	before int // the history page's first move not shown
	lang   string
	names  uint64
}

func newSharedKey(what string, pos *store.Position, sp *words.Speaker) sharedKey {
	return sharedKey{what: what, game: pos.Game.ID, seq: pos.Seq, since: pos.Since.UnixNano(), lang: sp.Lang(), names: namesHash(pos.Seats)}
}

// shared returns what is kept under key, else makes it and keeps it with
// the size make says.
func shared[T any](s *Server, key sharedKey, make func() (T, int64, error)) (T, error) {
	if v, ok := s.sharedParts.Get(key); ok {
		if t, ok := v.(T); ok {
			return t, nil
		}
	}
	t, size, err := make()
	if err != nil || !s.sharedParts.Admits(key) {
		return t, err
	}
	if h, ok := any(t).(template.HTML); ok {
		// Kept as a copy of its exact size: its builder's room (a third
		// more, for an account) would be held, uncounted, as long as it.
		t = any(template.HTML(strings.Clone(string(h)))).(T)
	}
	s.sharedParts.Put(key, t, size)
	return t, nil
}

// positionParts is what partsKey keeps. Read only once kept: requests
// share it.
type positionParts struct {
	Board     template.HTML
	Overview  template.HTML
	Glance    []glanceTable // the position strip (glance.go)
	Situation string
	Form      *moveForm // nil when the seat has nothing to decide
	Result    *resultView
	moves     []moveView // the last moves, oldest first
	last      *store.Move
	kept      keptHTML
	z         *zView // the parts compressed, in place of their HTML (kept_zparts.go)
	size      int64
	// stored: the board and overview (and a finished game's account) were
	// kept in the database (kept_pages.go), exact strings.
	stored bool
	// seatStored: the strip's and the result's HTML were kept in the
	// database too (a finished game's, or any game's compressed parts:
	// then in z), and Glance and Result are nil.
	seatStored bool
}

// keptHTML is the parts of the page as HTML, written once per view
// (kept_html.go), so a reload or another viewer of the view executes only
// the reader's own part of the page.
type keptHTML struct {
	Strip, Result, Account, Recent template.HTML
}

// keep writes the kept parts' HTML, and a finished game's account's once
// for every seat: the account's words and plots are made only to be
// written, and only their HTML is kept (it counts in the parts' size, as
// the parts hold it however long the shared cache keeps it).
func (s *Server) keep(ctx context.Context, r *reader, sp *words.Speaker, pos *store.Position, p *positionParts) error {
	if !p.seatStored {
		p.kept.Strip = stripHTML(r, p.Glance)
		p.kept.Result = resultHTML(r, p.Result)
	}
	p.kept.Recent = recentHTML(r, pos.Game.ID, p.recent())
	if pos.Game.Status != store.StatusFinished || p.stored {
		return nil
	}
	var err error
	p.kept.Account, err = shared(s, newSharedKey("account.html", pos, r.sp), func() (template.HTML, int64, error) {
		a, err := s.accountOf(ctx, sp, pos.Game)
		if err != nil {
			return "", 0, err
		}
		h := accountHTML(r, a)
		return h, int64(len(h)), nil
	})
	return err
}

func namesHash(seats []store.Seat) uint64 {
	h := fnv.New64a()
	for _, st := range seats {
		h.Write([]byte(st.Name))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// recentMoves is how many of the last moves the game page shows.
const recentMoves = 6

// parts returns the kept parts of pos as seat you sees them in sp's
// words, making them if they are not kept.
func (s *Server) parts(ctx context.Context, r *reader, sp *words.Speaker, pos *store.Position, you int, base string) (*positionParts, error) {
	key := partsKey{game: pos.Game.ID, seq: pos.Seq, since: pos.Since.UnixNano(), viewer: you, lang: sp.Lang(),
		names: namesHash(pos.Seats), zone: r.zone.String(), status: pos.Game.Status, ending: pos.Game.Ending, base: base,
		zipped: zipWanted(ctx)}
	if p, ok := s.pageParts.Get(key); ok {
		return p, nil
	}
	p, err := s.makeParts(ctx, sp, pos, you, base, key.zipped)
	if err != nil {
		return nil, err
	}
	if err := s.keep(ctx, r, sp, pos, p); err != nil {
		return nil, err
	}
	if s.pageParts.Admits(key) {
		s.exact(r, sp, pos, you, p)
		p.size = p.estimate()
		s.pageParts.Put(key, p, p.size)
	}
	return p, nil
}

// exact makes the large parts of p, about to be kept, exact strings: the
// copy the board or shared cache holds (the same bytes), else a copy of
// their own. A part made in a builder may hold up to twice its length
// (an account a third more), and the parts count their length: at the
// 10,000-game club the kept parts held 21 MB for the 12 MB the three
// caches count.
func (s *Server) exact(r *reader, sp *words.Speaker, pos *store.Position, you int, p *positionParts) {
	if p.seatStored { // parts of the row's column of all seats': not to hold it all
		p.kept.Strip = template.HTML(strings.Clone(string(p.kept.Strip)))
		p.kept.Result = template.HTML(strings.Clone(string(p.kept.Result)))
	}
	if p.stored {
		return
	}
	if p.Board != "" {
		key, _ := positionBoardKey(pos, you, sp, true)
		p.Board = exactIn(s.boards, key, p.Board)
	}
	if p.Overview != "" {
		p.Overview = exactIn(s.boards, overviewKey(pos, sp), p.Overview)
	}
	if a := p.kept.Account; a != "" {
		if v, ok := s.sharedParts.Peek(newSharedKey("account.html", pos, r.sp)); !ok || !sameString(v, a) {
			p.kept.Account = template.HTML(strings.Clone(string(a)))
		}
	}
}

// exactIn is h as c holds it under key, else an exact copy of h.
func exactIn(c *lru.Cache[boardKey, template.HTML], key boardKey, h template.HTML) template.HTML {
	if v, ok := c.Peek(key); ok && sameString(v, h) {
		return h
	}
	return template.HTML(strings.Clone(string(h)))
}

// sameString reports whether v is h itself: the same bytes in memory, not
// only equal ones.
func sameString(v any, h template.HTML) bool {
	k, ok := v.(template.HTML)
	return ok && len(k) == len(h) && unsafe.StringData(string(k)) == unsafe.StringData(string(h))
}

func (s *Server) makeParts(ctx context.Context, sp *words.Speaker, pos *store.Position, you int, base string, zipped bool) (*positionParts, error) {
	var z *zView
	if zipped {
		var err error
		if z, err = s.zViewOf(ctx, sp, pos, you); err != nil {
			return nil, err
		}
	}
	var fin *storedParts
	if z == nil {
		var err error
		if fin, err = s.storedPartsOf(ctx, sp, pos); err != nil {
			return nil, err
		}
	}
	if pos.Deferred() { // a finished game's, read from its kept parts or not at all
		if z != nil && z.finished {
			return &positionParts{z: z, moves: z.moves, stored: true, seatStored: true}, nil
		}
		if p, ok := fin.finishedParts(you); ok {
			return p, nil
		}
		if err := pos.LoadState(); err != nil {
			return nil, err
		}
	}
	p := &positionParts{}
	switch b, ok := fin.board(you); {
	case z != nil:
		// The board, overview, strip, result (and a finished game's
		// account) compressed, and the last moves.
		p.z, p.stored, p.seatStored = z, true, true
		p.moves, p.last = z.moves, z.last
	case ok:
		p.Glance, p.Result = glanceAndResult(pos, you, sp)
		p.Board, p.Overview, p.kept.Account, p.stored = b, template.HTML(fin.row.Overview), template.HTML(fin.row.Account), true
	default:
		p.Glance, p.Result = glanceAndResult(pos, you, sp)
		p.Board, p.Overview = s.positionBoard(pos, you, sp, true), s.overview(pos, sp)
	}
	if pos.Game.Status == store.StatusActive && you >= 0 {
		var prompts []string
		for _, d := range pos.State.ToAct() {
			if d.Seat == you {
				prompts = append(prompts, sp.Say(d.Prompt))
			}
		}
		if len(prompts) > 0 {
			if moves := pos.State.LegalMoves(you); len(moves) > 0 {
				p.Form = buildForm(sp, base, pos.Seq, prompts, moves, withheld(pos.State, you), "")
			}
		}
	}
	// The situation is said above the decision (decide), to the seat
	// that has one: to no one else, and never in a finished game.
	if d, ok := pos.State.(game.Describer); ok && p.Form != nil {
		p.Situation = sp.Sentences(d.Situation(you))
	}
	if moves, ok := fin.moves(); ok && p.stored {
		p.moves = moves // a finished game's: its last move is not asked for
		return p, nil
	}
	if z != nil {
		return p, nil // its last moves came with it
	}
	rows, err := s.store.RecentMoves(ctx, pos.Game.ID, max(0, pos.Seq-recentMoves))
	if err != nil {
		return nil, err
	}
	if n := len(rows); n > 0 {
		last := rows[n-1]
		p.last = &last
	}
	p.moves = moveViews(sp, rows, pos.Seats)
	return p, nil
}

// glanceAndResult is the position strip and the result (nil while the
// game is in play) of pos as viewer sees it.
func glanceAndResult(pos *store.Position, viewer int, sp *words.Speaker) ([]glanceTable, *resultView) {
	g := glanceOf(pos, viewer, sp)
	switch {
	case pos.State.Finished():
		return g, resultOf(sp, pos.State.Result(), pos.Seats, viewer)
	case pos.Game.Ending == store.EndAgreed:
		return g, resultOf(sp, pos.Game.GameResult(), pos.Seats, viewer) // scored at the agreed end
	}
	return g, nil
}

// recent is the last moves, newest first (a copy: the kept list is shared).
func (p *positionParts) recent() []moveView {
	out := slices.Clone(p.moves)
	slices.Reverse(out)
	return out
}

// since is the kept moves from move played on, oldest first, and whether
// the kept moves reach back that far.
func (p *positionParts) since(played int) ([]moveView, bool) {
	if len(p.moves) == 0 || p.moves[0].Seq > played {
		return nil, false
	}
	i := slices.IndexFunc(p.moves, func(m moveView) bool { return m.Seq >= played })
	if i < 0 {
		return nil, true
	}
	return p.moves[i:], true
}

// estimate counts the bytes the parts hold: their text, and a rough
// figure per record for the headers and small fields around it.
func (p *positionParts) estimate() int64 {
	n := 512 + len(p.Board) + len(p.Overview) + len(p.Situation) + glanceSize(p.Glance) + p.z.size() +
		len(p.kept.Strip) + len(p.kept.Result) + len(p.kept.Account) + len(p.kept.Recent)
	for _, m := range p.moves {
		n += 128 + len(m.Who) + len(m.By)
		for _, e := range m.Events {
			n += 16 + len(e)
		}
	}
	if f := p.Form; f != nil {
		n += formSize(f)
	}
	if r := p.Result; r != nil {
		n += 64 + len(r.TieBreak) + 64*len(r.Rows)
	}
	return int64(n)
}

// formSize counts a form's text, a rough figure per record around it.
func formSize(f *moveForm) int {
	n := 256 + len(f.BackURL) + len(f.GroupsHTML) + len(f.ActsHTML)
	for _, p := range f.Prompts {
		n += 16 + len(p)
	}
	choice := func(c moveChoice) int { return 96 + len(c.ID) + len(c.Value) + len(c.Label) + len(c.Why) }
	for _, gs := range [][]moveGroup{f.Groups, f.Pick} {
		for _, g := range gs {
			n += 96 + len(g.Name) + len(g.ID) + len(g.Link)
			for _, c := range g.Moves {
				n += choice(c)
			}
		}
	}
	for _, c := range f.Buttons {
		n += choice(c)
	}
	for _, a := range f.Acts {
		n += 112 + len(a.Value) + len(a.Label) + len(a.Group) + len(a.Pick) + len(a.Target) + len(a.Why)
	}
	return n
}

// glanceSize counts the position strip's text, roughly.
func glanceSize(ts []glanceTable) int {
	n := 0
	for _, t := range ts {
		n += 64 + len(t.Head)
		for _, c := range t.Columns {
			n += 16 + len(c)
		}
		for _, r := range t.Rows {
			n += 64 + len(r.Chip) + len(r.Name) + len(r.Short)
			for _, c := range r.Cells {
				n += 16 + len(c)
			}
		}
	}
	return n
}

// DropKept forgets every kept board and part of a page, as a server that
// has just started (its templates bound and maps drawn): the load
// benchmarks use it to measure first views.
func (s *Server) DropKept() {
	s.boards.Clear()
	s.pageParts.Clear()
	s.sharedParts.Clear()
}
