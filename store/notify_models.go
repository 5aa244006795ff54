package store

import "time"

// Outbox statuses.
const (
	OutboxPending = "pending"
	OutboxSent    = "sent"
	OutboxFailed  = "failed"
)

// OutboxMail is one queued mail of the durable outbox. (GameID, Seq,
// UserID, Kind) names the logical notification and is unique.
type OutboxMail struct {
	ID           int64
	GameID       int64
	Seq          int
	UserID       int64
	Kind         string
	ToAddr       string
	Subject      string
	TextBody     string
	HTMLBody     string
	Headers      string // JSON object
	Status       string
	Attempts     int
	NextAt       time.Time
	ClaimedUntil time.Time
	LastError    string
	SentAt       *time.Time
	CreatedAt    time.Time
	// ExpiresAt: a mail not sent by then is given up (a sign-in link).
	ExpiresAt *time.Time
	// TellUserID is told when the mail finally fails (an invitation's
	// creator); 0: the club's admins.
	TellUserID int64
}

// GameClock is how a game keeps time.
type GameClock struct {
	GameID         int64 `gorm:"primaryKey;autoIncrement:false"`
	Preset         string
	PerMoveSecs    int64
	BankSecs       int64
	BonusSecs      int64
	CapSecs        int64
	SkipWeekends   bool
	Policy         string // "caretaker" or "substitute"
	SubstituteSecs int64
	DropAfter      int
	StartedMailed  bool
	AbandonedAt    *time.Time
}

// Timeout policies.
const (
	PolicyCaretaker  = "caretaker"
	PolicySubstitute = "substitute"
)

// Deadline is a seat's running clock while it has an open decision.
type Deadline struct {
	ID       int64
	GameID   int64
	Seat     int
	UserID   int64 // who held the seat (0 on rows from before it was kept)
	AskedSeq int
	// TurnSeq is the move number at which the seat's turn began: the
	// deadline is reopened at each step of a turn of several steps, the
	// turn carries on (a decision link of the turn keeps working).
	TurnSeq  int
	AskedAt  time.Time
	DueAt    time.Time
	Reminded int
	ClosedAt *time.Time
	Outcome  string
	// NextAt is when something is next due while the deadline runs: a
	// reminder, or the deadline itself. notify keeps it; its job reads
	// only the deadlines whose NextAt has come.
	NextAt *time.Time
	// MailAt is when the turn mail held back by the quiet delay is sent,
	// if the turn is still open then; nil: nothing held back.
	MailAt *time.Time
}

// Deadline outcomes.
const (
	OutcomeMoved    = "moved"
	OutcomeTimeout  = "timeout"
	OutcomeFinished = "finished"
)

// SeatClock is a seat's time bank and timeout record.
type SeatClock struct {
	GameID          int64 `gorm:"primaryKey;autoIncrement:false"`
	Seat            int   `gorm:"primaryKey;autoIncrement:false"`
	BankSecs        int64
	Timeouts        int
	TotalTimeouts   int
	Dropped         bool
	SubstituteUntil *time.Time
	SubstituteToken string
}

// StandingOrder is an order a player gave for a seat: one the game offers
// (game.OrderSpec's id) and its parameter's value ("" if it names none).
type StandingOrder struct {
	ID        int64
	GameID    int64
	Seat      int
	Order     string `gorm:"column:kind"`
	Param     string `gorm:"column:arg"`
	CreatedAt time.Time
}

// Absence is a stretch of time a player is away.
type Absence struct {
	ID        int64
	UserID    int64
	FromAt    time.Time
	UntilAt   time.Time
	CreatedAt time.Time
}

// NotifyPref holds a person's mail settings beyond User.Notify.
type NotifyPref struct {
	UserID   int64 `gorm:"primaryKey;autoIncrement:false"`
	TimeZone string
}

// Unsubscribe records that a person wants no mail about a game (GameID>0)
// or none at all (GameID 0).
type Unsubscribe struct {
	UserID    int64 `gorm:"primaryKey;autoIncrement:false"`
	GameID    int64 `gorm:"primaryKey;autoIncrement:false"`
	CreatedAt time.Time
}

func (OutboxMail) TableName() string    { return "outbox" }
func (GameClock) TableName() string     { return "game_clocks" }
func (Deadline) TableName() string      { return "deadlines" }
func (SeatClock) TableName() string     { return "seat_clocks" }
func (StandingOrder) TableName() string { return "standing_orders" }
func (Absence) TableName() string       { return "absences" }
func (NotifyPref) TableName() string    { return "notify_prefs" }
func (Unsubscribe) TableName() string   { return "unsubscribes" }
