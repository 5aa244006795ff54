package store

import (
	"context"
	"fmt"
	"sync"

	"gorm.io/gorm"
)

// Live news of games: an open game page learns that its game changed (a
// move, a take-back, a message, the end) from a stream the web interface
// serves. The news is sent only for changes that were committed. On SQLite
// (one instance) the store hands it to the subscribers in this process
// after the commit; on PostgreSQL (possibly several instances) the change's
// own transaction issues a NOTIFY, which PostgreSQL delivers on commit to
// every instance's one listening connection (live_pg.go). Either way a
// subscriber costs a channel in a map by game, nothing per idle game.

// GameNews is one piece of news: game GameID changed and has Moves moves.
type GameNews struct {
	GameID int64
	Moves  int
}

// touchedKey keys the set of games a transaction changed in its context.
type touchedKey struct{}

// touched collects the games a transaction changed (lockGame, touch),
// and the move counts it wrote into their summaries (noteMoves), which
// announce then need not read back.
type touched struct {
	ids   []int64
	moves map[int64]int
}

func (t *touched) add(id int64) {
	for _, x := range t.ids {
		if x == id {
			return
		}
	}
	t.ids = append(t.ids, id)
}

// noteMoves notes that tx wrote game id's summary with n moves.
func noteMoves(tx *gorm.DB, id int64, n int) {
	if t, ok := tx.Statement.Context.Value(touchedKey{}).(*touched); ok {
		if t.moves == nil {
			t.moves = map[int64]int{}
		}
		t.moves[id] = n
	}
}

// touch notes that tx changes game id: its subscribers hear of it when tx
// commits. A transaction not begun by gameTx carries no set: nothing.
func touch(tx *gorm.DB, id int64) {
	if t, ok := tx.Statement.Context.Value(touchedKey{}).(*touched); ok {
		t.add(id)
	}
}

// gameTx runs f in one transaction, as db.Transaction does, and sends news
// of the games f changed once it committed.
func (s *Store) gameTx(ctx context.Context, f func(tx *gorm.DB) error) error {
	t := &touched{}
	var news []GameNews
	err := s.db.WithContext(context.WithValue(ctx, touchedKey{}, t)).Transaction(func(tx *gorm.DB) error {
		if err := f(tx); err != nil {
			return err
		}
		var err error
		news, err = s.announce(tx, t)
		return err
	})
	if err == nil && !s.pg {
		for _, n := range news {
			s.news.publish(n)
		}
	}
	return wrapErr(err, "game tx")
}

// announce reads the move counts of the changed games; on PostgreSQL it
// issues the NOTIFY in the transaction, so the news leaves only on commit.
func (s *Store) announce(tx *gorm.DB, t *touched) ([]GameNews, error) {
	out := make([]GameNews, 0, len(t.ids))
	for _, id := range t.ids {
		n := GameNews{GameID: id}
		if moves, ok := t.moves[id]; ok {
			n.Moves = moves
		} else if err := scanOne(tx, `SELECT moves FROM game_summaries WHERE game_id = ?`, []any{id}, &n.Moves); err != nil && !isNoRows(err) {
			return nil, fmt.Errorf("announce: %w", err)
		}
		if s.pg {
			if err := tx.Exec(`SELECT pg_notify(`+pgChannel+`, ?)`, n.payload()).Error; err != nil {
				return nil, fmt.Errorf("announce: %w", err)
			}
		}
		out = append(out, n)
	}
	return out, nil
}

// broker hands news to the subscribers of each game in this process.
type broker struct {
	mu   sync.Mutex
	subs map[int64]map[chan GameNews]struct{}
	// start starts the PostgreSQL listener once, on the first subscription.
	start sync.Once
	stop  context.CancelFunc
}

func newBroker() *broker { return &broker{subs: map[int64]map[chan GameNews]struct{}{}} }

// publish gives n to the game's subscribers; one whose buffer is full
// already holds news that makes it look again, so it misses nothing.
func (b *broker) publish(n GameNews) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.subs[n.GameID] {
		select {
		case ch <- n:
		default:
		}
	}
}

// Subscribe returns a channel of news of game id and the function that
// ends the subscription. On PostgreSQL the first subscription starts the
// instance's listening connection (it runs until Close).
func (s *Store) Subscribe(gameID int64) (<-chan GameNews, func()) {
	if s.pg {
		s.news.start.Do(s.startListener)
	}
	ch := make(chan GameNews, 1)
	b := s.news
	b.mu.Lock()
	if b.subs[gameID] == nil {
		b.subs[gameID] = map[chan GameNews]struct{}{}
	}
	b.subs[gameID][ch] = struct{}{}
	b.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			b.mu.Lock()
			defer b.mu.Unlock()
			delete(b.subs[gameID], ch)
			if len(b.subs[gameID]) == 0 {
				delete(b.subs, gameID)
			}
		})
	}
}

// Subscribers counts the subscriptions in this process (for tests and
// the log).
func (s *Store) Subscribers() int {
	s.news.mu.Lock()
	defer s.news.mu.Unlock()
	n := 0
	for _, m := range s.news.subs {
		n += len(m)
	}
	return n
}
