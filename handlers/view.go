package handlers

import (
	"html/template"
	"sort"
	"time"

	"rondel/game"
	"rondel/store"
)

// seatView is one player as the game page shows them.
type seatView struct {
	Seat     int
	Name     string
	Accepted bool
	ToAct    bool
	You      bool
	Prompt   string
}

// moveView is one logged move in words.
type moveView struct {
	Seq    int
	Who    string
	By     string // "" for the player
	At     time.Time
	Events []game.Event
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
	Situation  string
	Form       *moveForm
	Happened   []moveView
	Recent     []moveView
	Result     *resultView
	Notice     string
	Archive    template.HTML // downloads, rating changes, import note (records_archive.go)
}

func boardOf(st game.State, viewer int) template.HTML {
	if d, ok := st.(game.Drawer); ok {
		// Engines draw from their own data only (see game.Drawer): trusted.
		return template.HTML(d.BoardSVG(viewer))
	}
	return ""
}

func moveViews(rows []store.Move, seats []store.Seat) []moveView {
	var out []moveView
	for _, m := range rows {
		mv := moveView{Seq: m.Seq, At: m.At, Events: m.EventList()}
		if m.Seat >= 0 && m.Seat < len(seats) {
			mv.Who = seats[m.Seat].Name
		}
		if m.By != store.ByPlayer {
			mv.By = m.By
		}
		out = append(out, mv)
	}
	return out
}

func resultOf(r *game.Result, seats []store.Seat, you int) *resultView {
	if r == nil {
		return nil
	}
	rv := &resultView{TieBreak: r.TieBreak}
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

func seatViews(pos *store.Position, you int) []seatView {
	prompts := map[int]string{}
	if pos.State != nil {
		for _, d := range pos.State.ToAct() {
			if prompts[d.Seat] == "" {
				prompts[d.Seat] = d.Prompt
			}
		}
	}
	var out []seatView
	for _, st := range pos.Seats {
		p, ok := prompts[st.Seat]
		out = append(out, seatView{Seat: st.Seat, Name: st.Name, Accepted: st.AcceptedAt != nil, ToAct: ok, You: st.Seat == you, Prompt: p})
	}
	return out
}
