package store

import (
	"database/sql"
	"strings"
	"time"

	"gorm.io/gorm"
)

// The rows notify reads in every move's transaction and turn mail
// (clocks, deadlines, absences, moves, mail intents), read with a plain column list and Scan as
// scan.go reads the pages' rows: GORM's building and reflection cost more
// than SQLite spends finding them.

const gameClockCols = `game_id, preset, per_move_secs, bank_secs, bonus_secs, cap_secs, skip_weekends, policy, substitute_secs, drop_after, started_mailed, abandoned_at`

func scanGameClock(rows *sql.Rows) (GameClock, error) {
	var c GameClock
	var abandoned sql.NullTime
	err := rows.Scan(&c.GameID, &c.Preset, &c.PerMoveSecs, &c.BankSecs, &c.BonusSecs, &c.CapSecs, &c.SkipWeekends, &c.Policy,
		&c.SubstituteSecs, &c.DropAfter, &c.StartedMailed, &abandoned)
	c.AbandonedAt = nullTime(abandoned)
	return c, wrapErr(err, "scan game clock")
}

const seatClockCols = `game_id, seat, bank_secs, timeouts, total_timeouts, dropped, substitute_until, substitute_token`

func scanSeatClock(rows *sql.Rows) (SeatClock, error) {
	var c SeatClock
	var until sql.NullTime
	err := rows.Scan(&c.GameID, &c.Seat, &c.BankSecs, &c.Timeouts, &c.TotalTimeouts, &c.Dropped, &until, &c.SubstituteToken)
	c.SubstituteUntil = nullTime(until)
	return c, wrapErr(err, "scan seat clock")
}

// deadlineValueCols are a deadline's columns after its id (deadlineValues).
const (
	deadlineValueCols = `game_id, seat, user_id, asked_seq, turn_seq, asked_at, due_at, reminded, closed_at, outcome, next_at, mail_at`
	deadlineCols      = `id, ` + deadlineValueCols
)

func scanDeadline(rows *sql.Rows) (Deadline, error) {
	var d Deadline
	var closed, next, mail sql.NullTime
	err := rows.Scan(&d.ID, &d.GameID, &d.Seat, &d.UserID, &d.AskedSeq, &d.TurnSeq, &d.AskedAt, &d.DueAt, &d.Reminded,
		&closed, &d.Outcome, &next, &mail)
	d.ClosedAt, d.NextAt, d.MailAt = nullTime(closed), nullTime(next), nullTime(mail)
	return d, wrapErr(err, "scan deadline")
}

const absenceCols = `id, user_id, from_at, until_at, created_at`

func scanAbsence(rows *sql.Rows) (Absence, error) {
	var a Absence
	err := rows.Scan(&a.ID, &a.UserID, &a.FromAt, &a.UntilAt, &a.CreatedAt)
	return a, wrapErr(err, "scan absence")
}

const moveCols = `id, ` + moveValueCols

func scanMove(rows *sql.Rows) (Move, error) {
	var m Move
	var user sql.NullInt64
	err := rows.Scan(&m.ID, &m.GameID, &m.Seq, &m.Seat, &m.Move, &m.Events, &m.At, &m.By, &user, &m.Note, &m.TakeBack)
	if user.Valid {
		m.UserID = &user.Int64
	}
	return m, wrapErr(err, "scan move")
}

const mailIntentCols = `id, ` + mailIntentValueCols

func scanMailIntent(rows *sql.Rows) (MailIntent, error) {
	var in MailIntent
	err := rows.Scan(&in.ID, &in.GameID, &in.Seat, &in.Seq, &in.TurnSeq, &in.Since, &in.DueAt, &in.MadeAt, &in.ClaimedUntil, &in.Claims, &in.LastError)
	return in, wrapErr(err, "scan mail intent")
}

// scanTime reads a row of one time.
func scanTime(rows *sql.Rows) (time.Time, error) {
	var t time.Time
	return t, wrapErr(rows.Scan(&t), "scan time")
}

// scanID reads a row of one id (an INSERT's RETURNING id).
func scanID(rows *sql.Rows) (int64, error) {
	var id int64
	return id, wrapErr(rows.Scan(&id), "scan id")
}

// insertReturningID writes one row (cols and as many values) and returns
// its new id; ok false when ON CONFLICT DO NOTHING (in suffix) left it out.
// It writes what GORM's Create wrote for the rows a move writes, without
// its building and reflection.
func insertReturningID(tx *gorm.DB, table, cols, suffix string, values ...any) (id int64, ok bool, err error) {
	marks := strings.Repeat("?, ", len(values))
	ids, err := queryRows(tx, scanID, `INSERT INTO `+table+` (`+cols+`) VALUES (`+marks[:len(marks)-2]+`)`+suffix+` RETURNING id`, values...)
	if err != nil || len(ids) == 0 {
		return 0, false, wrapErr(err, "insert into %s", table)
	}
	return ids[0], true, nil
}

const outboxValueCols = `game_id, seq, user_id, kind, to_addr, subject, text_body, html_body, headers, status, attempts, next_at, claimed_until, last_error, sent_at, created_at, expires_at, tell_user_id`

func outboxValues(m *OutboxMail) []any {
	return []any{m.GameID, m.Seq, m.UserID, m.Kind, m.ToAddr, m.Subject, m.TextBody, m.HTMLBody, m.Headers, m.Status, m.Attempts,
		m.NextAt, m.ClaimedUntil, m.LastError, m.SentAt, m.CreatedAt, m.ExpiresAt, m.TellUserID}
}

const mailIntentValueCols = `game_id, seat, seq, turn_seq, since, due_at, made_at, claimed_until, claims, last_error`

func mailIntentValues(in *MailIntent) []any {
	return []any{in.GameID, in.Seat, in.Seq, in.TurnSeq, in.Since, in.DueAt, in.MadeAt, in.ClaimedUntil, in.Claims, in.LastError}
}

const moveValueCols = `game_id, seq, seat, move, events, at, "by", user_id, note, take_back`

func moveValues(m *Move) []any {
	return []any{m.GameID, m.Seq, m.Seat, m.Move, m.Events, m.At, m.By, m.UserID, m.Note, m.TakeBack}
}

const standingOrderCols = `id, game_id, seat, kind, arg, created_at`

func scanStandingOrder(rows *sql.Rows) (StandingOrder, error) {
	var o StandingOrder
	err := rows.Scan(&o.ID, &o.GameID, &o.Seat, &o.Order, &o.Param, &o.CreatedAt)
	return o, wrapErr(err, "scan standing order")
}

const webhookCols = `id, game_id, url, hint, flavour, language, created_by, created_at, paused_at, last_ok_at, last_error, last_error_at`

func scanWebhook(rows *sql.Rows) (Webhook, error) {
	var h Webhook
	var paused, ok, failed sql.NullTime
	err := rows.Scan(&h.ID, &h.GameID, &h.URL, &h.Hint, &h.Flavour, &h.Language, &h.CreatedBy, &h.CreatedAt, &paused, &ok, &h.LastError, &failed)
	h.PausedAt, h.LastOKAt, h.LastErrorAt = nullTime(paused), nullTime(ok), nullTime(failed)
	return h, wrapErr(err, "scan webhook")
}
