package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/words"
	"rondel/store"
)

// playedMove is one row of a game's log as the store writes it.
type playedMove struct {
	Seat   int
	Move   json.RawMessage
	Events []byte // JSON []game.Event
	At     time.Time
	By     string
	Note   string
}

// playedGame is a game after self-play, with its timeline.
type playedGame struct {
	Plan      *gamePlan
	Names     []string // by seat
	Moves     []playedMove
	Finished  bool
	Result    []byte // JSON game.Result when finished
	FinalHash string // record.Hash of the final state when finished
	Created   time.Time
	Started   time.Time
	Accepted  []time.Time // by seat
	End       time.Time   // finished: when; in play: the last move (or the start)
}

// playGame plays a plan by random legal moves (now and then the
// caretaker's move, as after a timeout) and lays its moves out in time.
func playGame(reg *game.Registry, p *gamePlan, names []string, now time.Time) (*playedGame, error) {
	g, err := reg.Get(p.Kind)
	if err != nil {
		return nil, err
	}
	st, err := g.New(game.Setup{Players: names, Options: p.Options, Seed: p.Seed})
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", p.ID, err)
	}
	r := rand.New(rand.NewPCG(p.Seed, uint64(p.ID)))
	out := &playedGame{Plan: p, Names: names}
	limit := maxMovesPlayed
	if p.Short {
		limit = p.MaxMoves
	}
	var buf game.MoveBuf // every position's legal moves, one list after another
	for !st.Finished() && len(out.Moves) < limit {
		m, next, err := randomMove(st, r, &buf)
		if err != nil {
			return nil, fmt.Errorf("game %d (%s, seed %d) move %d: %w", p.ID, p.Kind, p.Seed, len(out.Moves)+1, err)
		}
		out.Moves = append(out.Moves, m)
		st = next
	}
	switch {
	case p.Finished && st.Finished():
		out.Finished = true
		if out.Result, err = json.Marshal(st.Result()); err != nil {
			return nil, err
		}
		if out.FinalHash, err = record.Hash(st); err != nil {
			return nil, err
		}
	case st.Finished():
		// In play: stop at a random point before the end.
		out.Moves = out.Moves[:r.IntN(len(out.Moves))]
	case !p.Finished && !p.Short:
		out.Moves = out.Moves[:r.IntN(len(out.Moves)+1)] // not over after maxMovesPlayed
	}
	out.timeline(r, now)
	return out, nil
}

// randomMove picks one open decision and one of its legal moves, listed
// into buf (the move picked is copied: it is kept).
func randomMove(st game.State, r *rand.Rand, buf *game.MoveBuf) (playedMove, game.State, error) {
	todo := st.ToAct()
	if len(todo) == 0 {
		return playedMove{}, nil, fmt.Errorf("the game is not over but nobody is to act")
	}
	d := todo[r.IntN(len(todo))]
	m := playedMove{Seat: d.Seat, By: store.ByPlayer}
	if r.Float64() < caretakerShare {
		if mv, why, err := st.Caretaker(d.Seat); err == nil {
			m.Move, m.By, m.Note = mv, store.ByCaretaker, words.Encode(words.New("mail.note.timeout").Sub("why", why))
		}
	}
	if m.Move == nil {
		legal := game.ListMoves(st, buf, d.Seat)
		if len(legal) == 0 {
			return m, nil, fmt.Errorf("seat %d must decide (%s) but has no legal move", d.Seat, d.Kind)
		}
		m.Move = bytes.Clone(legal[r.IntN(len(legal))].Move)
	}
	next, events, err := st.Apply(d.Seat, m.Move)
	if err != nil {
		return m, nil, fmt.Errorf("the engine refused %s by seat %d: %w", m.Move, d.Seat, err)
	}
	if events == nil {
		events = []game.Event{}
	}
	if m.Events, err = json.Marshal(events); err != nil {
		return m, nil, err
	}
	return m, next, nil
}

// timeline spreads a game over the club's history: a finished game ends
// before now, a game in play moved within the last hours; the time between
// moves is random around a few hours (a move a day per player).
func (pg *playedGame) timeline(r *rand.Rand, now time.Time) {
	gap := time.Duration((2 + r.Float64()*10) * float64(time.Hour))
	span := min(time.Duration(len(pg.Moves))*gap, history/2)
	if pg.Finished {
		earliest := now.Add(-history + span + 3*24*time.Hour)
		pg.End = earliest.Add(time.Duration(r.Float64() * float64(now.Add(-time.Hour).Sub(earliest))))
	} else {
		pg.End = now.Add(-time.Minute - time.Duration(r.Float64()*float64(recentMove)))
	}
	pg.End = pg.End.Truncate(time.Second)
	pg.Started = pg.End.Add(-span).Truncate(time.Second)
	pg.Created = pg.Started.Add(-time.Hour - time.Duration(r.Float64()*float64(72*time.Hour))).Truncate(time.Second)
	pg.Accepted = make([]time.Time, len(pg.Names))
	for i := range pg.Accepted {
		pg.Accepted[i] = pg.Created.Add(time.Duration(r.Float64() * float64(pg.Started.Sub(pg.Created)))).Truncate(time.Second)
	}
	pg.Accepted[0] = pg.Created                            // the creator takes the first seat
	pg.Accepted[1+r.IntN(len(pg.Accepted)-1)] = pg.Started // the last to accept starts the game
	if len(pg.Moves) == 0 {
		return
	}
	// Random gaps scaled to the span, the last move at the end.
	w := make([]float64, len(pg.Moves))
	total := 0.0
	for i := range w {
		w[i] = r.ExpFloat64()
		total += w[i]
	}
	acc := 0.0
	for i := range pg.Moves {
		acc += w[i]
		pg.Moves[i].At = pg.Started.Add(time.Duration(acc / total * float64(span))).Truncate(time.Millisecond)
	}
	pg.Moves[len(pg.Moves)-1].At = pg.End
}
