package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"rondel/notify"
	"rondel/store"
	"rondel/store/config"
)

// gameTimes is what deriving needs to know of a bulk-written game.
type gameTimes struct {
	ID       int64
	Finished bool
	Created  time.Time
	Last     time.Time // the last move (or the start)
}

// derive makes every table that the running service keeps beside the logs
// agree with the bulk-written games, through the service's own code, as
// if each game had been created and played through it.
//
// First the store's derived data, by Rebuild (`rondel rebuild`): each
// game's summary and snapshot, the ladders and reliabilities; it also
// returns how long that took, which is part of the documented run. Then
// notify's state: every game gets its clock (the default deadline preset,
// as at creation); every game in play gets, at the time of its last move,
// its start and turn mails and a running deadline per seat to act (as the
// start hook makes them), and the mails count as delivered. The history
// of closed deadlines is not recreated; moves made through the server
// afterwards add it as usual. The sealed final states and results need no
// step: they are written with the games, as the move that ends a game
// writes them.
func derive(ctx context.Context, path string, games []gameTimes) (*store.RebuildReport, error) {
	clock := &stepClock{}
	errs := &errorLog{}
	st, err := store.Open(path, store.Options{Registry: registry(), Now: clock.now, Logger: slog.New(errs)})
	if err != nil {
		return nil, err
	}
	defer st.Close()
	if err := st.CheckSchema(ctx, false); err != nil {
		return nil, err
	}
	rep, err := st.Tools().Rebuild(ctx, nil)
	if err != nil {
		return nil, err
	}
	svc, err := notify.New(ctx, notify.Options{Store: st, Config: config.Default(), Logger: slog.New(errs)})
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		clock.set(g.Created)
		if err := svc.CatchUp(ctx, g.ID, false); err != nil {
			return nil, fmt.Errorf("game %d: %w", g.ID, err)
		}
		if !g.Finished {
			clock.set(g.Last)
			if err := svc.CatchUp(ctx, g.ID, true); err != nil {
				return nil, fmt.Errorf("game %d: %w", g.ID, err)
			}
		}
		if err := errs.first(); err != nil {
			return nil, fmt.Errorf("game %d: %w", g.ID, err)
		}
	}
	// Finished games had their start mails long ago; every mail queued
	// above was delivered when it was made.
	if err := st.Exec(`UPDATE game_clocks SET started_mailed = 1
		WHERE game_id IN (SELECT id FROM games WHERE status = ?)`, store.StatusFinished); err != nil {
		return nil, err
	}
	return rep, st.Exec(`UPDATE outbox SET status = ?, attempts = 1, sent_at = created_at WHERE status = ?`,
		store.OutboxSent, store.OutboxPending)
}

// stepClock is the store's clock while deriving: set to each game's time.
type stepClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *stepClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *stepClock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// errorLog is a slog handler that keeps the first error logged: notify's
// hooks log their failures rather than return them.
type errorLog struct {
	mu  sync.Mutex
	err error
}

func (h *errorLog) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelError }
func (h *errorLog) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.err == nil {
		msg := r.Message
		r.Attrs(func(a slog.Attr) bool { msg += " " + a.String(); return true })
		h.err = errors.New(msg)
	}
	return nil
}
func (h *errorLog) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *errorLog) WithGroup(string) slog.Handler      { return h }

func (h *errorLog) first() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err
}
