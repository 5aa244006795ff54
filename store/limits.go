package store

import (
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"rondel/game/words"
)

// Limits bound what one member can make the server send or store in a
// day (the last 24 hours): games created, invitation mails, addresses new
// to the club. Zero means no limit (the club's admins, the command line).
// They are checked and counted inside the transaction of the act itself,
// so a refused request writes nothing at all.
type Limits struct {
	GamesPerDay        int
	InvitationsPerDay  int
	NewAddressesPerDay int
}

// The kinds of counted acts (member_acts.kind).
const (
	actGame       = "game"
	actInvitation = "invitation"
	actAddress    = "address"
)

// memberAct is n acts of one kind by one member at one moment.
type memberAct struct {
	ID        int64
	UserID    int64
	Kind      string
	N         int `gorm:"column:n"`
	CreatedAt time.Time
}

func (memberAct) TableName() string { return "member_acts" }

// day is the window of the daily limits.
const day = 24 * time.Hour

// lockMember makes a member's counted acts wait for each other: on
// PostgreSQL the member's row is locked until tx ends, so two requests at
// once cannot both pass a limit that has room for one. SQLite's write
// transactions take turns already.
func (s *Store) lockMember(tx *gorm.DB, userID int64) error {
	if !s.pg || userID == 0 {
		return nil
	}
	var u User
	return wrapErr(tx.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate}).Select("id").Take(&u, userID).Error, "lock member (user %d)", userID)
}

// spend counts n acts of kind by userID against limit (none when limit
// is 0), refusing in plain words when they would pass it.
func (s *Store) spend(tx *gorm.DB, userID int64, kind string, n, limit int, now time.Time) error {
	if userID == 0 || n <= 0 || limit <= 0 {
		return nil
	}
	cutoff := now.Add(-day)
	var used int
	if err := tx.Model(&memberAct{}).Select("coalesce(sum(n), 0)").
		Where("user_id = ? AND kind = ? AND created_at > ?", userID, kind, cutoff).Scan(&used).Error; err != nil {
		return fmt.Errorf("store: counting %s acts: %w", kind, err)
	}
	if used+n > limit {
		return words.Fail(words.New("store.error.limit_"+kind).Count(limit).Num("left", max(limit-used, 0)))
	}
	if err := tx.Where("user_id = ? AND kind = ? AND created_at <= ?", userID, kind, cutoff).Delete(&memberAct{}).Error; err != nil {
		return fmt.Errorf("store: forgetting old %s acts: %w", kind, err)
	}
	if err := tx.Create(&memberAct{UserID: userID, Kind: kind, N: n, CreatedAt: now}).Error; err != nil {
		return fmt.Errorf("store: counting %s acts: %w", kind, err)
	}
	return nil
}
