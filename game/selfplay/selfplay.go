// Package selfplay plays games by choosing uniformly among the legal moves,
// checking the engine's invariants and words after every move and that
// replaying the recorded moves gives the identical state. It tests any
// registered game.
package selfplay

import (
	"bytes"
	"fmt"
	"time"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/rng"
)

// Config says what to play.
type Config struct {
	Players  int
	Options  game.Options
	Seed     uint64 // game i uses seed Seed+i for the deal and the choices
	MaxMoves int    // a game stops unfinished after this many moves
	// ReplayCheck replays the record at the end and compares the final
	// state byte for byte.
	ReplayCheck bool
	// NoWordCheck skips checking the engine's words after every move
	// (for timing the engine alone); tests leave it false.
	NoWordCheck bool
}

// Outcome is one game played.
type Outcome struct {
	Seed     uint64         `json:"seed"`
	Moves    int            `json:"moves"`
	Finished bool           `json:"finished"`
	Winner   string         `json:"winner,omitempty"`
	MS       float64        `json:"ms"`
	Record   *record.Record `json:"-"`
	Final    game.State     `json:"-"`
}

// Play plays one game with seed.
func Play(reg *game.Registry, gameID string, cfg Config, seed uint64) (Outcome, error) {
	g, err := reg.Get(gameID)
	if err != nil {
		return Outcome{}, err
	}
	names := make([]string, cfg.Players)
	for i := range names {
		names[i] = fmt.Sprintf("player%d", i+1)
	}
	setup := game.Setup{Players: names, Options: cfg.Options, Seed: seed}
	start := time.Now()
	s, err := g.New(setup)
	if err != nil {
		return Outcome{}, err
	}
	rec := record.New(gameID, setup)
	src := rng.New(seed ^ 0x5eed5eed)
	// Illegal moves to try have their own source, so that checking words
	// never changes the game played.
	wsrc := rng.New(seed ^ 0x3077d5)
	if cfg.NoWordCheck {
		wsrc = nil
	}
	out := Outcome{Seed: seed}
	// One buffer lent for every legal-move list of the game (the moves
	// picked, the words and board acts checked): each list is used up
	// before the next, and a move applied is copied first.
	var buf game.MoveBuf
	if err := checkInfo(g.Info()); err != nil {
		return out, fmt.Errorf("the words of %s: %w", gameID, err)
	}
	if err := check(s); err != nil {
		return out, fmt.Errorf("seed %d, at the start: %w", seed, err)
	}
	if err := checkWords(s, nil, cfg.Players, wsrc, &buf); err != nil {
		return out, fmt.Errorf("seed %d, the words at the start: %w", seed, err)
	}
	if err := checkBoard(s, cfg.Players); err != nil {
		return out, fmt.Errorf("seed %d, at the start: %w", seed, err)
	}
	if wsrc != nil {
		if err := checkBoardActs(s, cfg.Players, &buf); err != nil {
			return out, fmt.Errorf("seed %d, at the start: %w", seed, err)
		}
	}
	for !s.Finished() && len(rec.Moves) < cfg.MaxMoves {
		seat, move, err := pick(s, src, &buf)
		if err != nil {
			return out, fmt.Errorf("seed %d, move %d: %w", seed, len(rec.Moves)+1, err)
		}
		next, events, err := s.Apply(seat, move)
		if err != nil {
			return out, fmt.Errorf("seed %d, move %d: a listed legal move %s of seat %d was refused: %w", seed, len(rec.Moves)+1, move, seat, err)
		}
		rec.Moves = append(rec.Moves, record.Move{Seat: seat, Move: move})
		if err := check(next); err != nil {
			return out, fmt.Errorf("seed %d, after move %d %s: %w", seed, len(rec.Moves), move, err)
		}
		if err := checkWords(next, events, cfg.Players, wsrc, &buf); err != nil {
			return out, fmt.Errorf("seed %d, the words after move %d %s: %w", seed, len(rec.Moves), move, err)
		}
		if wsrc != nil && len(rec.Moves)%boardEvery == 0 {
			if err := checkBoardActs(next, cfg.Players, &buf); err != nil {
				return out, fmt.Errorf("seed %d, after move %d %s: %w", seed, len(rec.Moves), move, err)
			}
		}
		s = next
	}
	if err := checkBoard(s, cfg.Players); err != nil {
		return out, fmt.Errorf("seed %d, at the end: %w", seed, err)
	}
	out.MS = float64(time.Since(start).Microseconds()) / 1000
	out.Moves, out.Finished, out.Record, out.Final = len(rec.Moves), s.Finished(), rec, s
	if res := s.Result(); res != nil {
		for seat, place := range res.Places {
			if place == 1 {
				out.Winner = names[seat]
				break
			}
		}
	}
	if cfg.ReplayCheck {
		if err := sameAfterReplay(reg, rec, s); err != nil {
			return out, fmt.Errorf("seed %d: %w", seed, err)
		}
	}
	return out, nil
}

// pick chooses a seat with an open decision and one of its legal moves,
// listed into buf; the move is copied (the record keeps it).
func pick(s game.State, src *rng.Source, buf *game.MoveBuf) (int, []byte, error) {
	todo := s.ToAct()
	if len(todo) == 0 {
		return 0, nil, fmt.Errorf("the game is not finished but nobody is to act")
	}
	d := todo[src.Intn(len(todo))]
	legal := game.ListMoves(s, buf, d.Seat)
	if len(legal) == 0 {
		return 0, nil, fmt.Errorf("seat %d must decide (%s) but has no legal move", d.Seat, d.Kind)
	}
	return d.Seat, bytes.Clone(legal[src.Intn(len(legal))].Move), nil
}

func check(s game.State) error {
	if c, ok := s.(game.Checker); ok {
		return c.CheckInvariants()
	}
	return nil
}

func sameAfterReplay(reg *game.Registry, rec *record.Record, want game.State) error {
	got, err := record.Replay(reg, rec)
	if err != nil {
		return fmt.Errorf("replaying the record: %w", err)
	}
	a, err := want.MarshalJSON()
	if err != nil {
		return err
	}
	b, err := got.MarshalJSON()
	if err != nil {
		return err
	}
	if !bytes.Equal(a, b) {
		return fmt.Errorf("replaying the recorded moves gave a different state")
	}
	return nil
}
