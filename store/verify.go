package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"rondel/game"
	"rondel/game/record"
)

// FinalState is the sealed end of a finished game: the hash of the state
// its log led to when it finished, and the build that computed it.
type FinalState struct {
	GameID    int64 `gorm:"primaryKey;autoIncrement:false"`
	Moves     int
	StateHash string
	// HashVersion is the record format whose hash rule made StateHash
	// (record.HashFor): 1 for seals made before states held no words.
	HashVersion int
	Engine      string
	SealedAt    time.Time
}

// TableName pins the table the migration creates.
func (FinalState) TableName() string { return "final_states" }

// sealFinal stores the hash of a game's final state, reached after moves.
func sealFinal(tx *gorm.DB, gameID int64, moves int, st game.State, now time.Time) error {
	h, err := record.Hash(st)
	if err != nil {
		return fmt.Errorf("store: hashing the final state of game %d: %w", gameID, err)
	}
	return wrapErr(tx.Create(&FinalState{GameID: gameID, Moves: moves, StateHash: h, HashVersion: record.Version,
		Engine: EngineVersion(), SealedAt: now}).Error, "seal final (game %d)", gameID)
}

// Problem is one way a stored game differs from its replay.
type Problem struct {
	GameID int64
	Name   string
	What   string
}

func (p Problem) String() string {
	if p.GameID == 0 {
		return p.What // not about one game (the ladders, reliabilities)
	}
	return fmt.Sprintf("game %d (%s): %s", p.GameID, p.Name, p.What)
}

// VerifyReport is the outcome of Verify.
type VerifyReport struct {
	Games    int       // games replayed
	Finished int       // of which finished
	Unsealed int       // finished games without a stored hash (sealed now if asked)
	Problems []Problem // every difference, by game
}

// Verify replays every game that has started and compares the replay with
// what is stored: a finished game must still end, with the stored result
// and the sealed final-state hash; a game in play must not have ended; a
// game that ended without a result (abandoned) must still replay. Every
// derived row must be what the logs give: each game's summary, snapshot
// and progress after each move, the reliabilities and the ladders
// (verify_derived.go).
// With seal, finished games that have no hash yet (finished before hashes
// were kept) get one from this replay.
func (t Tools) Verify(ctx context.Context, seal bool) (*VerifyReport, error) {
	s := t.s
	var games []Game
	if err := s.db.WithContext(ctx).Where(startedSQL).Order("id").Find(&games).Error; err != nil {
		return nil, fmt.Errorf("store: verify: %w", err)
	}
	rep := &VerifyReport{}
	for _, g := range games {
		if err := ctx.Err(); err != nil {
			return rep, fmt.Errorf("store: verify: %w", err)
		}
		rep.Games++
		if g.Status == StatusFinished {
			rep.Finished++
		}
		problem := func(format string, args ...any) {
			rep.Problems = append(rep.Problems, Problem{GameID: g.ID, Name: g.Name, What: fmt.Sprintf(format, args...)})
		}
		rec, err := buildRecord(s.db.WithContext(ctx), &g, -1)
		if err != nil {
			problem("its log cannot be read: %v", err)
			continue
		}
		snap, err := readSnapshot(s.db.WithContext(ctx), g.ID)
		if err != nil {
			return rep, err
		}
		st, atSnap, along, err := replayCapturing(s.reg, rec, snap)
		if err != nil {
			problem("no longer replays: %v", err)
			continue
		}
		if err := s.checkDerived(s.db.WithContext(ctx), &g, len(rec.Moves), st, atSnap, problem); err != nil {
			return rep, err
		}
		if err := checkProgress(s.db.WithContext(ctx), g.ID, along, problem); err != nil {
			return rep, err
		}
		if err := s.checkAccount(s.db.WithContext(ctx), &g, problem); err != nil {
			return rep, err
		}
		if g.Status != StatusFinished {
			if st.Finished() {
				problem("is in play, but its moves now end the game")
			}
			continue
		}
		sealed, err := s.checkFinished(ctx, &g, len(rec.Moves), st, problem)
		if err != nil {
			return rep, err
		}
		if !sealed {
			rep.Unsealed++
			if seal {
				if err := sealFinal(s.db.WithContext(ctx), g.ID, len(rec.Moves), st, s.Now()); err != nil {
					return rep, err
				}
			}
		}
	}
	across := func(format string, args ...any) {
		rep.Problems = append(rep.Problems, Problem{What: fmt.Sprintf(format, args...)})
	}
	if err := s.checkAcross(ctx, across); err != nil {
		return rep, err
	}
	return rep, s.checkEvents(ctx, across) // events_derived.go
}

// checkFinished compares a finished game's replay with its stored result
// and seal, and reports whether it has a seal.
func (s *Store) checkFinished(ctx context.Context, g *Game, moves int, st game.State, problem func(string, ...any)) (bool, error) {
	if g.Ending == EndAgreed {
		// Ended by agreement: the stored result is the engine's score of
		// the position its log reaches.
		e, ok := st.(game.Ender)
		switch {
		case !ok:
			problem("was ended by agreement, but its engine no longer scores an early end")
		case g.Result == nil:
			problem("was ended by agreement but has no stored result")
		default:
			var stored game.Result
			if json.Unmarshal([]byte(*g.Result), &stored) != nil || !record.SameResult(&stored, e.EndNow()) {
				b, _ := json.Marshal(e.EndNow())
				problem("the agreed result differs: stored %s, its position scores %s", *g.Result, b)
			}
		}
	} else if !st.Finished() {
		if g.Result == nil {
			// Ended without a result: abandoned (notify ends idle games).
			// Its log must still replay, which the caller checked.
			return true, nil
		}
		problem("is finished, but its moves no longer end the game")
		return true, nil
	}
	switch {
	case g.Ending == EndAgreed: // its result was checked above
	case g.Result == nil:
		problem("is finished but has no stored result")
	case !sameStoredResult(*g.Result, st):
		b, _ := json.Marshal(st.Result())
		problem("the result differs: stored %s, replay gives %s", *g.Result, b)
	}
	var fs FinalState
	err := s.db.WithContext(ctx).Take(&fs, "game_id = ?", g.ID).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("check finished: %w", err)
	}
	h, err := record.HashFor(fs.HashVersion, st)
	if err != nil {
		return true, fmt.Errorf("check finished: %w", err)
	}
	if fs.Moves != moves {
		problem("was sealed after %d moves but its log has %d", fs.Moves, moves)
	}
	if h != fs.StateHash {
		problem("the final state differs: sealed hash %.12s… (%s), replay gives %.12s…", fs.StateHash, fs.Engine, h)
	}
	return true, nil
}

// sameStoredResult compares a stored result with the result of st. A
// result stored before words were data holds its tie-break as an English
// sentence; it is compared with the result as record format 1 gave it.
func sameStoredResult(stored string, st game.State) bool {
	var a game.Result
	if json.Unmarshal([]byte(stored), &a) != nil {
		return false
	}
	version := record.Version
	if a.TieBreak.Raw != "" {
		version = 1
	}
	return record.SameResult(&a, record.ResultFor(version, st))
}

// FinalHash returns a finished game's sealed hash ("" if none).
func (s *Store) FinalHash(ctx context.Context, gameID int64) (string, error) {
	var fs FinalState
	err := s.db.WithContext(ctx).Take(&fs, "game_id = ?", gameID).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", nil
	}
	return fs.StateHash, wrapErr(err, "store: final hash (game %d)", gameID)
}
