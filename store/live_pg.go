package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// pgChannel is the SQL for the name of the channel news of games goes on:
// one per schema, so that databases shared by schemas (tests) keep their
// news apart.
const pgChannel = `'rondel_games_' || current_schema()`

func (n GameNews) payload() string { return fmt.Sprintf("%d:%d", n.GameID, n.Moves) }

// parseNews reads a payload "id:moves"; ok is false for anything else.
func parseNews(p string) (GameNews, bool) {
	id, moves, found := strings.Cut(p, ":")
	if !found {
		return GameNews{}, false
	}
	g, err1 := strconv.ParseInt(id, 10, 64)
	m, err2 := strconv.Atoi(moves)
	if err1 != nil || err2 != nil {
		return GameNews{}, false
	}
	return GameNews{GameID: g, Moves: m}, true
}

// startListener starts the goroutine that keeps one connection LISTENing
// for news and hands it to this process's subscribers. Close stops it.
func (s *Store) startListener() {
	ctx, cancel := context.WithCancel(context.Background())
	s.news.mu.Lock()
	s.news.stop = cancel
	s.news.mu.Unlock()
	// The first subscriber waits (a little) until the connection listens,
	// so that a change made right after it subscribed is not missed.
	ready := make(chan struct{})
	var once sync.Once
	listening := func() { once.Do(func() { close(ready) }) }
	go func() {
		wait := time.Second
		for ctx.Err() == nil {
			err := s.listen(ctx, listening)
			if ctx.Err() != nil {
				return
			}
			// The connection broke (a restart of the server): pages miss
			// news until it is back, then learn of the next change.
			s.log.Warn("live news: listening connection lost, connecting again", "error", err, "in", wait)
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			wait = min(2*wait, time.Minute)
		}
	}()
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
	}
}

// listen holds one listening connection until it fails or ctx ends.
func (s *Store) listen(ctx context.Context, listening func()) error {
	conn, err := pgx.Connect(ctx, s.pgURL)
	if err != nil {
		return fmt.Errorf("store: live news: connecting: %w", err)
	}
	defer conn.Close(context.Background())
	var channel string
	if err := conn.QueryRow(ctx, `SELECT `+pgChannel).Scan(&channel); err != nil {
		return fmt.Errorf("store: live news: channel: %w", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return fmt.Errorf("store: live news: listen: %w", err)
	}
	listening()
	for {
		nt, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("store: live news: %w", err)
		}
		if n, ok := parseNews(nt.Payload); ok {
			s.news.publish(n)
		}
	}
}

// stopListener ends the listening connection, if any.
func (s *Store) stopListener() {
	s.news.mu.Lock()
	defer s.news.mu.Unlock()
	if s.news.stop != nil {
		s.news.stop()
	}
}
