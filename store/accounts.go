package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"rondel/game"
	"rondel/game/record"
)

// A finished game's account (game.Account): the plots and statistics of
// its page, made from its log once, when it ends, and kept beside it.

// accountOf tells g in numbers from its log as tx reads it: the JSON of
// its account, nil for a game whose kind keeps none (or that this build
// does not host).
func (s *Store) accountOf(tx *gorm.DB, g *Game) ([]byte, error) {
	if g.Ending == EndCancelled || g.Ending == EndExpired {
		return nil, nil // it never started: nothing was played to tell
	}
	if _, err := s.reg.Get(g.Kind); err != nil {
		return nil, nil
	}
	rec, err := buildRecord(tx, g, -1)
	if err != nil {
		return nil, err
	}
	acc, err := record.Account(s.reg, rec)
	if err != nil || acc == nil {
		return nil, wrapErr(err, "account of")
	}
	data, err := json.Marshal(acc)
	return data, wrapErr(err, "encode account")
}

// writeAccount stores g's account in place of any before, or removes it
// when g is not finished or keeps none, and drops g's kept page parts.
func (s *Store) writeAccount(tx *gorm.DB, g *Game) error {
	// Its pages' kept parts (page_parts.go) showed the game as it was.
	if err := tx.Exec(`DELETE FROM page_parts WHERE game_id = ?`, g.ID).Error; err != nil {
		return wrapErr(err, "drop page parts")
	}
	if err := tx.Exec(`DELETE FROM page_zparts WHERE game_id = ?`, g.ID).Error; err != nil {
		return wrapErr(err, "drop compressed page parts")
	}
	var data []byte
	if g.Status == StatusFinished {
		var err error
		if data, err = s.accountOf(tx, g); err != nil {
			return fmt.Errorf("store: the account of game %d: %w", g.ID, err)
		}
	}
	if data == nil {
		return wrapErr(tx.Exec(`DELETE FROM game_accounts WHERE game_id = ?`, g.ID).Error, "write account")
	}
	return wrapErr(tx.Exec(`INSERT INTO game_accounts (game_id, account) VALUES (?, ?)
		ON CONFLICT (game_id) DO UPDATE SET account = excluded.account`, g.ID, string(data)).Error, "write account")
}

// readAccount returns the stored account of a game (found false if
// none). One plain query: GORM's Find cost a third of reading a finished
// game's account on its page (building the statement, scanning by
// reflection). It is the column's string, not copied to bytes:
// game.ReadAccountString reads it where it is.
func readAccount(tx *gorm.DB, gameID int64) (account string, found bool, err error) {
	err = scanOne(tx, `SELECT account FROM game_accounts WHERE game_id = ? LIMIT 1`, []any{gameID}, &account)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read account (game %d): %w", gameID, err)
	}
	return account, true, nil
}

// Account returns a finished game's account: the stored one, or for a
// game finished before accounts were kept (not rebuilt since) one made
// from its log now and not stored. Nil for a game not finished or whose
// kind keeps none.
func (s *Store) Account(ctx context.Context, g *Game) (*game.Account, error) {
	if g.Status != StatusFinished {
		return nil, nil
	}
	db := s.db.WithContext(ctx)
	stored, found, err := readAccount(db, g.ID)
	if err != nil {
		return nil, err
	}
	var acc *game.Account
	if found {
		acc, err = game.ReadAccountString(stored)
	} else {
		var made []byte
		if made, err = s.accountOf(db, g); err != nil || made == nil {
			return nil, err
		}
		acc, err = game.ReadAccount(made)
	}
	if err != nil {
		return nil, fmt.Errorf("store: the account of game %d: %w", g.ID, err)
	}
	return acc, nil
}

// checkAccount compares a game's stored account with one made from its
// log now.
func (s *Store) checkAccount(tx *gorm.DB, g *Game, problem func(string, ...any)) error {
	stored, found, err := readAccount(tx, g.ID)
	if err != nil {
		return err
	}
	var want []byte
	if g.Status == StatusFinished {
		if want, err = s.accountOf(tx, g); err != nil {
			problem("its account cannot be made: %v", err)
			return nil
		}
	}
	switch {
	case want == nil && found:
		problem("has an account, but is not finished")
	case want != nil && !found:
		problem("has no account of its course (rondel rebuild makes it)")
	case string(want) != stored:
		problem("its account of its course differs from its log")
	}
	return nil
}
