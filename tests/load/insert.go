package main

import (
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"rondel/game/record"
	"time"

	_ "github.com/mattn/go-sqlite3" // the driver the store uses

	"rondel/store"
)

// bulk writes the rows the store would have written while the games were
// played, with the columns it expects (store/models.go, moveRow in
// store/moves.go, sealFinal in store/verify.go), in big transactions of
// prepared statements. Times are bound as time.Time in UTC, as GORM does.
type bulk struct {
	db      *sql.DB
	tx      *sql.Tx
	stmts   map[string]*sql.Stmt
	pending int // rows in the open transaction
	engine  string
	Moves   int // rows written to moves
}

// Rows per transaction: big enough to amortise the commit, small enough
// to keep the WAL file modest.
const rowsPerTx = 100_000

var bulkSQL = map[string]string{
	"user":    `INSERT INTO users (id, email, display_name, language, notify, created_at) VALUES (?, ?, ?, 'en', ?, ?)`,
	"session": `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
	"game": `INSERT INTO games (id, game_id, name, options, seed, status, rated, result, created_by, created_at, started_at, finished_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	"seat":       `INSERT INTO seats (game_id, seat, user_id, name, accepted_at) VALUES (?, ?, ?, ?, ?)`,
	"invitation": `INSERT INTO invitations (game_id, user_id, token_hash, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?)`,
	"move":       `INSERT INTO moves (game_id, seq, seat, move, events, at, by, user_id, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	"final":      `INSERT INTO final_states (game_id, moves, state_hash, hash_version, engine, sealed_at) VALUES (?, ?, ?, ?, ?, ?)`,
}

// openBulk opens the migrated database for bulk writing: one connection,
// no fsync (a crash while seeding only loses a database being built).
func openBulk(path string) (*bulk, error) {
	db, err := sql.Open("sqlite3", store.DSN(path, 30*time.Second))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec("PRAGMA synchronous = OFF"); err != nil {
		db.Close()
		return nil, err
	}
	return &bulk{db: db, engine: store.EngineVersion()}, nil
}

func (b *bulk) begin() error {
	tx, err := b.db.Begin()
	if err != nil {
		return err
	}
	b.tx, b.stmts, b.pending = tx, map[string]*sql.Stmt{}, 0
	for name, q := range bulkSQL {
		if b.stmts[name], err = tx.Prepare(q); err != nil {
			tx.Rollback()
			return fmt.Errorf("preparing %s: %w", name, err)
		}
	}
	return nil
}

func (b *bulk) exec(name string, args ...any) error {
	if b.tx == nil {
		if err := b.begin(); err != nil {
			return err
		}
	}
	if _, err := b.stmts[name].Exec(args...); err != nil {
		return fmt.Errorf("insert %s: %w", name, err)
	}
	b.pending++
	return nil
}

// flush commits when the transaction is big enough (or always, with force).
func (b *bulk) flush(force bool) error {
	if b.tx == nil || (!force && b.pending < rowsPerTx) {
		return nil
	}
	err := b.tx.Commit()
	b.tx = nil
	return err
}

func (b *bulk) Close() error {
	if b.tx != nil {
		b.tx.Rollback()
	}
	return b.db.Close()
}

// sessionToken is a cookie secret as the store's SignIn().CreateSession makes it.
func sessionToken() string {
	raw := make([]byte, 32)
	rand.Read(raw) // never fails on Linux
	return base64.RawURLEncoding.EncodeToString(raw)
}

// addUsers writes the members and one live session each; it returns the
// sessions' cookie values by user.
func (b *bulk) addUsers(users []userPlan, now time.Time) (map[int64]string, error) {
	tokens := map[int64]string{}
	expires := time.Now().UTC().Add(365 * 24 * time.Hour)
	if now.After(expires) {
		expires = now.Add(365 * 24 * time.Hour)
	}
	for _, u := range users {
		if err := b.exec("user", u.ID, u.Email, u.Name, u.Notify, u.Created.UTC()); err != nil {
			return nil, err
		}
		tokens[u.ID] = sessionToken()
		if err := b.exec("session", store.HashToken(tokens[u.ID]), u.ID, now.UTC(), expires); err != nil {
			return nil, err
		}
	}
	return tokens, b.flush(true)
}

// addGame writes a played game: the game row, seats accepted (with the
// invitations they used), its log and, when finished, the sealed final
// state, as AppendMove and sealFinal would have.
func (b *bulk) addGame(pg *playedGame) error {
	p := pg.Plan
	optJSON, err := json.Marshal(p.Options)
	if err != nil {
		return err
	}
	status := store.StatusActive
	var result any
	var finished any
	if pg.Finished {
		status, result, finished = store.StatusFinished, string(pg.Result), pg.End.UTC()
	}
	if err := b.exec("game", p.ID, p.Kind, p.Name, string(optJSON), int64(p.Seed), status, p.Rated, result,
		p.Users[0], pg.Created.UTC(), pg.Started.UTC(), finished); err != nil {
		return err
	}
	for seat, uid := range p.Users {
		if err := b.exec("seat", p.ID, seat, uid, pg.Names[seat], pg.Accepted[seat].UTC()); err != nil {
			return err
		}
		if seat == 0 {
			continue // the creator's seat needs no invitation
		}
		if err := b.exec("invitation", p.ID, uid, store.HashToken(sessionToken()), pg.Created.UTC(),
			pg.Created.Add(14*24*time.Hour).UTC(), pg.Accepted[seat].UTC()); err != nil {
			return err
		}
	}
	for i, m := range pg.Moves {
		var user any
		if m.By == store.ByPlayer {
			user = p.Users[m.Seat]
		}
		if err := b.exec("move", p.ID, i+1, m.Seat, string(m.Move), string(m.Events), m.At.UTC(), m.By, user, m.Note); err != nil {
			return err
		}
	}
	b.Moves += len(pg.Moves)
	if pg.Finished {
		if err := b.exec("final", p.ID, len(pg.Moves), pg.FinalHash, record.Version, b.engine, pg.End.UTC()); err != nil {
			return err
		}
	}
	return b.flush(false)
}
