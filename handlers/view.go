package handlers

import (
	"html/template"
	"sort"
	"time"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// The game page's parts, in the reader's words: handlers say every Text
// an engine gives with the reader's speaker (seats named by their current
// players), so templates only place words.

// seatView is one player as the game page shows them.
type seatView struct {
	Seat     int
	Name     string
	Accepted bool
	ToAct    bool
	Resigned bool // the caretaker plays it: never "to act"
	You      bool
	Prompt   string
	Left     string // the caretaker plays the seat: why, in words ("" while its player plays)
}

// moveView is one logged move in words.
type moveView struct {
	Seq    int
	Who    string
	By     string // who made it if not the player ("by the caretaker"), else ""
	At     time.Time
	Events []string
	// Cancelled: a later entry took this move back; TakeBack: this entry
	// is that take-back.
	Cancelled, TakeBack bool
}

type resultRow struct {
	Place int
	Name  string
	Score int
	You   bool
}

type resultView struct {
	Rows     []resultRow
	TieBreak string
}

// gameView is everything the game page shows.
type gameView struct {
	Game       *store.Game
	Kind       string
	Seq        int
	Since      time.Time
	Waiting    string
	Seats      []seatView
	You        int // your seat, -1 if you have none
	NeedAccept bool
	Board      template.HTML
	Overview   template.HTML // the game's Summary, escaped
	Glance     []glanceTable // the position strip above the board (glance.go)
	Situation  string
	Form       *moveForm
	Happened   []moveView
	// HappenedHTML is Happened as the page writes it (kept_html.go).
	HappenedHTML template.HTML
	Recent       []moveView
	Result       *resultView
	Notice       string
	Done         string        // a confirmation of what the viewer just did
	Archive      template.HTML // downloads, rating changes, import note (records_archive.go)
	Talk         *talkView     // the messages at the table (messages.go)
	TakeBack     bool          // the viewer may take back the last move
	// Kept is the strip, result, account and recent moves as HTML, made
	// once per view (pagecache.go); nil: the page executes them itself.
	Kept *keptHTML
	// Z is the board, overview, account, strip and result compressed, in
	// place of their HTML (kept_zparts.go): the page is written as gzip.
	Z      *zView
	Manage *manageView // cancel, invitations, join, resign, end early (manage_view.go)
	// Base is the page's address; its move forms post to Base + "/move".
	Base string
	// Opened from a mailed decision link (notify_decision.go): whom the
	// link lets play, and the answer it chose, to confirm.
	Via    string
	Chosen *chosenMove
	// Live is the game's stream of news (live.go) on its own page while
	// it can change; the page's script listens to it.
	Live string
	// Share is the game's page at a signed address, whose link preview
	// in a chat shows the board (board_link.go); "" for none.
	Share string
}

// chosenMove is the one-click answer of a mail, offered for confirmation.
type chosenMove struct {
	Note  string
	Label string
	Value string
}

func boardOf(st game.State, viewer int, sp *words.Speaker) template.HTML {
	if d, ok := st.(game.Drawer); ok {
		// Engines draw from their own data only (see game.Drawer): trusted.
		return template.HTML(d.BoardSVG(viewer, sp))
	}
	return ""
}

// byWords says who made a move for its player, "" for the player.
func byWords(sp *words.Speaker, by string) string {
	switch by {
	case store.ByPlayer, "":
		return ""
	case store.ByCaretaker, store.ByStandingOrder:
		return sp.T("pages.by." + by)
	}
	return by
}

func moveViews(sp *words.Speaker, rows []store.Move, seats []store.Seat) []moveView {
	var out []moveView
	if len(rows) > 0 {
		out = make([]moveView, 0, len(rows)) // a history page's fifty, not grown
	}
	backs := map[int]bool{} // the rows taken back, in whatever order rows come
	for _, m := range rows {
		if m.TakeBack {
			backs[m.Seq-1] = true
		}
	}
	for _, m := range rows {
		mv := moveView{Seq: m.Seq, At: m.At, By: byWords(sp, m.By), TakeBack: m.TakeBack, Cancelled: backs[m.Seq]}
		evs := m.EventList()
		if n := len(evs); m.TakeBack || n > 0 {
			mv.Events = make([]string, 0, n+1)
		}
		if m.TakeBack {
			mv.Events = append(mv.Events, sp.T("pages.game.took_back", "n", m.Seq-1))
		}
		for _, e := range evs {
			if s := sp.Say(e.Msg); s != "" {
				mv.Events = append(mv.Events, s)
			}
		}
		if m.Seat >= 0 && m.Seat < len(seats) {
			mv.Who = seats[m.Seat].Name
		}
		out = append(out, mv)
	}
	return out
}

func resultOf(sp *words.Speaker, r *game.Result, seats []store.Seat, you int) *resultView {
	if r == nil {
		return nil
	}
	rv := &resultView{}
	if !r.TieBreak.IsZero() {
		rv.TieBreak = sp.Say(r.TieBreak)
	}
	for i, st := range seats {
		row := resultRow{Name: st.Name, You: i == you}
		if i < len(r.Scores) {
			row.Score = r.Scores[i]
		}
		if i < len(r.Places) {
			row.Place = r.Places[i]
		}
		rv.Rows = append(rv.Rows, row)
	}
	sort.SliceStable(rv.Rows, func(i, j int) bool { return rv.Rows[i].Place < rv.Rows[j].Place })
	return rv
}

func seatViews(sp *words.Speaker, pos *store.Position, you int, resigned map[int]bool) []seatView {
	prompts := map[int]string{}
	if pos.State != nil && pos.Game.Status == store.StatusActive { // an agreed end leaves decisions open in the state
		for _, d := range pos.State.ToAct() {
			if _, ok := prompts[d.Seat]; !ok {
				prompts[d.Seat] = sp.Say(d.Prompt)
			}
		}
	}
	var out []seatView
	for _, st := range pos.Seats {
		p, ok := prompts[st.Seat]
		r := resigned[st.Seat]
		out = append(out, seatView{Seat: st.Seat, Name: st.Name, Accepted: st.AcceptedAt != nil, ToAct: ok && !r, Resigned: r, You: st.Seat == you, Prompt: p})
	}
	return out
}
