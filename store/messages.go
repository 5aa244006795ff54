package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gorm.io/gorm"

	"rondel/game/words"
)

// Messages at the table: per game, to everyone or privately to one seat.
// A message never changes the game; it is kept beside the log, in order.

// MaxMessage is the longest message, in characters.
const MaxMessage = 2000

// How a member hears of new messages (users.message_mail).
const (
	MessageMailTurn = "turn" // listed in the next turn mail or digest
	MessageMailEach = "each" // a mail for each message
)

// Message is one message written at a game's table.
type Message struct {
	ID       int64
	GameID   int64
	UserID   *int64 // nil: imported, its writer has no account here
	Seat     int    // the writer's seat, -1: the creator without one
	Name     string // the writer's name when written ("" for a creator without a display name)
	ToSeat   *int   // nil: the whole table
	ToUserID *int64 // who held ToSeat when it was written
	Body     string
	At       time.Time
}

// TableName pins the table the migration creates.
func (Message) TableName() string { return "messages" }

// Private says whether the message is for one seat only.
func (m Message) Private() bool { return m.ToSeat != nil }

// VisibleTo says whether member userID may read m: everyone reads what is
// said to the table, a private message only its writer and its reader.
func (m Message) VisibleTo(userID int64) bool {
	if m.ToSeat == nil {
		return true
	}
	return userID != 0 && ((m.UserID != nil && *m.UserID == userID) || (m.ToUserID != nil && *m.ToUserID == userID))
}

// CleanMessage makes a message's text fit to keep: line breaks become
// "\n", other control and direction-changing characters are dropped,
// spaces at either end are trimmed. It refuses an empty or too long text.
func CleanMessage(text string) (string, error) {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	var b strings.Builder
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1, isBidiControl(r):
			continue
		case r == '\n' || r == '\t':
		case unicode.IsControl(r):
			continue
		}
		b.WriteRune(r)
	}
	out := strings.TrimSpace(b.String())
	if out == "" {
		return "", words.Fail(words.New("store.error.message_empty"))
	}
	if n := utf8.RuneCountInString(out); n > MaxMessage {
		return "", words.Fail(words.New("store.error.message_long").Count(MaxMessage).Num("given", n))
	}
	return out, nil
}

// ErrNotAtTable is a message by someone who neither plays nor created the game.
var ErrNotAtTable = errors.New("only the game's players and its creator write at its table")

// PostMessage writes member userID's message in a game: to the table when
// toSeat is nil, else privately to that seat (not their own). Only the
// players and the game's creator write; notify's observer queues the
// mails of those who want one for each message, in the same transaction.
// A writer has at most perHour messages in one game in the last hour (0:
// no limit), which also bounds the mails of those who want one for each.
func (s *Store) PostMessage(ctx context.Context, gameID, userID int64, toSeat *int, text string, perHour int) (*Message, error) {
	body, err := CleanMessage(text)
	if err != nil {
		return nil, err
	}
	var out Message
	now := s.Now()
	done, err := s.changeTx(ctx, now, func(tx *gorm.DB, cs *changeSet) error {
		var g Game
		if err := lockGame(tx, gameID, &g); err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return ErrNotFound
			}
			return err
		}
		if err := s.messageRoom(tx, gameID, userID, perHour); err != nil {
			return err
		}
		touch(tx, gameID) // its open pages show the message
		var seats []Seat
		if err := tx.Where("game_id = ?", gameID).Order("seat").Find(&seats).Error; err != nil {
			return err
		}
		m := Message{GameID: gameID, UserID: &userID, Seat: SeatOf(seats, userID), Body: body, At: now}
		switch {
		case m.Seat >= 0:
			m.Name = seats[m.Seat].Name
		case g.CreatedBy != nil && *g.CreatedBy == userID:
			var u User
			if err := tx.Take(&u, userID).Error; err != nil {
				return err
			}
			m.Name = u.DisplayName // never the address: others read it; "" reads as "the creator"
		default:
			return ErrNotAtTable
		}
		if toSeat != nil {
			if *toSeat < 0 || *toSeat >= len(seats) || *toSeat == m.Seat {
				return words.Fail(words.New("store.error.message_to"))
			}
			to := *toSeat
			m.ToSeat, m.ToUserID = &to, &seats[to].UserID
		}
		if err := tx.Create(&m).Error; err != nil {
			return err
		}
		out = m
		n, _, err := lastMove(tx, gameID)
		if err != nil {
			return err
		}
		return cs.emit(Change{Kind: ChangeMessagePosted, Cause: Cause{Kind: CausePlayer}, Game: g, Seat: m.Seat,
			UserID: userID, Seq: n, Message: &m})
	})
	if err != nil {
		return nil, err
	}
	s.afterCommit(ctx, done)
	return &out, nil
}

// messageRoom refuses a message past the writer's hourly limit in a game
// (the writer's row locked first on PostgreSQL, so two at once cannot
// both take the last place).
func (s *Store) messageRoom(tx *gorm.DB, gameID, userID int64, perHour int) error {
	if perHour <= 0 {
		return nil
	}
	if err := s.lockMember(tx, userID); err != nil {
		return err
	}
	var n int64
	if err := tx.Model(&Message{}).Where("game_id = ? AND user_id = ? AND at > ?", gameID, userID, s.Now().Add(-time.Hour)).
		Count(&n).Error; err != nil {
		return fmt.Errorf("store: counting messages: %w", err)
	}
	if n >= int64(perHour) {
		return words.Fail(words.New("store.error.limit_message").Count(perHour))
	}
	return nil
}

// MessagesPage returns up to n of the messages member userID may read in
// a game, the newest before message id before (0: the newest), in the
// order they were written, and whether older ones remain.
func (s *Store) MessagesPage(ctx context.Context, gameID, userID, before int64, n int) (ms []Message, older bool, err error) {
	// Every game page reads these: plain column lists, not GORM's scan.
	if before <= 0 {
		before = math.MaxInt64 // every id is below it
	}
	ms, err = queryRows(s.db.WithContext(ctx), scanMessage, `SELECT `+messageCols+` FROM messages
		WHERE game_id = ? AND (to_seat IS NULL OR user_id = ? OR to_user_id = ?) AND id < ? ORDER BY id DESC LIMIT ?`,
		gameID, userID, userID, before, n+1)
	if err != nil {
		return nil, false, fmt.Errorf("store: reading messages: %w", err)
	}
	if older = len(ms) > n; older {
		ms = ms[:n]
	}
	slices.Reverse(ms)
	return ms, older, nil
}

// CountMessages is how many of a game's messages member userID may read.
func (s *Store) CountMessages(ctx context.Context, gameID, userID int64) (int, error) {
	var n int // on the plain path (scanOne): every game page counts them
	err := scanOne(s.db.WithContext(ctx), `SELECT COUNT(*) FROM messages WHERE game_id = ? AND (to_seat IS NULL OR user_id = ? OR to_user_id = ?)`,
		[]any{gameID, userID, userID}, &n)
	return n, wrapErr(err, "store: count messages (game %d)", gameID)
}

// Messages returns what member userID may read of a game's messages, in
// the order they were written (userID 0: the table's only).
func (s *Store) Messages(ctx context.Context, gameID, userID int64) ([]Message, error) {
	return visibleMessages(s.db.WithContext(ctx), gameID, userID, 0)
}

func visibleMessages(tx *gorm.DB, gameID, userID, after int64) ([]Message, error) {
	var out []Message
	err := tx.Where("game_id = ? AND id > ? AND (to_seat IS NULL OR user_id = ? OR to_user_id = ?)", gameID, after, userID, userID).
		Order("id").Find(&out).Error
	return out, wrapErr(err, "visible messages (game %d)", gameID)
}

// unread returns the messages of a game member userID may read, did not
// write and was not told about by mail yet: those after the member's mark
// (message_marks, read in the same statement; none: all).
func unread(tx *gorm.DB, gameID, userID int64) ([]Message, error) {
	all, err := queryRows(tx, scanMessage, `SELECT `+messageCols+` FROM messages
		WHERE game_id = ? AND id > COALESCE((SELECT told_id FROM message_marks WHERE game_id = ? AND user_id = ?), 0)
		AND (to_seat IS NULL OR user_id = ? OR to_user_id = ?) ORDER BY id`, gameID, gameID, userID, userID, userID)
	if err != nil {
		return nil, fmt.Errorf("unread (game %d): %w", gameID, err)
	}
	out := all[:0]
	for _, m := range all {
		if m.UserID == nil || *m.UserID != userID {
			out = append(out, m)
		}
	}
	return out, nil
}

// markTold notes that member userID was told of a game's messages up to id.
func markTold(tx *gorm.DB, gameID, userID, id int64) error {
	return wrapErr(tx.Exec(`INSERT INTO message_marks (game_id, user_id, told_id) VALUES (?, ?, ?)
		ON CONFLICT (game_id, user_id) DO UPDATE SET told_id = CASE WHEN excluded.told_id > message_marks.told_id THEN excluded.told_id ELSE message_marks.told_id END`, gameID, userID, id).Error, "mark told (game %d)", gameID)
}

// Unread is the messages of a game member userID was not told of by mail.
func (t *NotifyTx) Unread(gameID, userID int64) ([]Message, error) {
	return unread(t.tx, gameID, userID)
}

// MarkTold notes that member userID was told of a game's messages up to id.
func (t *NotifyTx) MarkTold(gameID, userID, id int64) error {
	return markTold(t.tx, gameID, userID, id)
}

// Unread is the messages of a game member userID was not told of by mail
// (for the digest, which is written outside a move).
func (s *Store) Unread(ctx context.Context, gameID, userID int64) ([]Message, error) {
	return unread(s.db.WithContext(ctx), gameID, userID)
}

// MarkTold notes that member userID was told of a game's messages up to id.
func (s *Store) MarkTold(ctx context.Context, gameID, userID, id int64) error {
	return markTold(s.db.WithContext(ctx), gameID, userID, id)
}

// SetMessageMail sets how member userID hears of new messages.
func (s *Store) SetMessageMail(ctx context.Context, userID int64, choice string) error {
	if choice != MessageMailTurn && choice != MessageMailEach {
		return words.Fail(words.New("store.error.notify_choice").Lit("choice", choice))
	}
	return wrapErr(s.db.WithContext(ctx).Model(&User{}).Where("id = ?", userID).Update("message_mail", choice).Error, "store: set message mail (user %d)", userID)
}

// SetMailPictures sets whether member userID's mails show the board's
// picture.
func (s *Store) SetMailPictures(ctx context.Context, userID int64, on bool) error {
	return wrapErr(s.db.WithContext(ctx).Model(&User{}).Where("id = ?", userID).Update("no_mail_pictures", !on).Error, "store: set mail pictures (user %d)", userID)
}
