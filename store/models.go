package store

import (
	"time"
)

// User is a person with an email address.
type User struct {
	ID          int64
	Email       string
	DisplayName string
	Language    string
	// LanguageChosen says the member chose Language (Settings, the
	// footer's switch); until then it is a guess that a sign-in from a
	// browser asking for another language replaces.
	LanguageChosen bool
	Notify         string // "each", "daily" or "none"
	MessageMail    string `gorm:"default:turn"` // how they hear of new messages: MessageMailTurn or MessageMailEach
	// NoMailPictures: their mails leave out the board's picture (Settings).
	NoMailPictures bool
	CreatedAt      time.Time
	// TimeZone is the member's time zone (notify's preferences), read
	// with the session that signs them in ("" when unknown); not a column.
	TimeZone string `gorm:"-"`
}

// Notification preferences.
const (
	NotifyEach  = "each"
	NotifyDaily = "daily"
	NotifyNone  = "none"
)

// Name is the display name, or the email when there is none.
func (u User) Name() string {
	if u.DisplayName != "" {
		return u.DisplayName
	}
	return u.Email
}

// Game statuses.
const (
	StatusInviting = "inviting"
	StatusActive   = "active"
	StatusFinished = "finished"
)

// Game is one played (or to be played) game.
type Game struct {
	ID         int64
	Kind       string `gorm:"column:game_id"` // the registry id of the kind of game (imperial, ...)
	Name       string
	Options    string // JSON of game.Options
	Seed       int64  // the uint64 seed's bit pattern
	Status     string
	Rated      bool
	Result     *string // JSON of game.Result once finished
	CreatedBy  *int64
	CreatedAt  time.Time
	StartedAt  *time.Time
	FinishedAt *time.Time
	Ending     string // how it ended other than by its rules (EndCancelled, ...), "" otherwise
	OpenSeats  int    // seats any member may still take while it is inviting
}

// How a game ended other than by its rules.
const (
	EndCancelled = "cancelled" // by its creator, before it started
	EndExpired   = "expired"   // its invitations ran out and nobody acted
	EndAgreed    = "agreed"    // early, by all its players' agreement (unrated)
)

// Started reports whether the game ever started: every seat was taken,
// so it has a setup a replay starts from. A game cancelled or expired
// while it waited for players never did.
func (g *Game) Started() bool {
	return g.Status != StatusInviting && g.Ending != EndCancelled && g.Ending != EndExpired
}

// startedSQL selects the games that ever started (Game.Started).
const startedSQL = `status <> 'inviting' AND ending NOT IN ('cancelled', 'expired')`

// unstartedSQL selects the games that never started.
const unstartedSQL = `(status = 'inviting' OR ending IN ('cancelled', 'expired'))`

// Seat is one player's place in a game.
type Seat struct {
	ID         int64
	GameID     int64
	Seat       int
	UserID     int64
	Name       string
	AcceptedAt *time.Time
}

// Who made a move.
const (
	ByPlayer        = "player"
	ByCaretaker     = "caretaker"
	ByStandingOrder = "standing-order"
)

// Move is one row of a game's append-only log.
type Move struct {
	ID     int64
	GameID int64
	Seq    int
	Seat   int
	Move   string // JSON
	Events string // JSON []game.Event
	At     time.Time
	By     string
	UserID *int64
	Note   string
	// TakeBack marks a row that takes back the move right before it
	// (Move is "null"); see takeback.go.
	TakeBack bool
}

// LoginToken is a magic sign-in link, stored hashed.
type LoginToken struct {
	ID        int64
	TokenHash string
	Email     string
	IP        string
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
	Unsent    bool // its mail could not be sent: it never works
}

// Session is a signed-in browser, stored hashed.
type Session struct {
	ID        int64
	TokenHash string
	UserID    int64
	CreatedAt time.Time
	ExpiresAt time.Time
	RevokedAt *time.Time
}

// Invitation asks a user to take a seat; its link signs them in.
type Invitation struct {
	ID        int64
	GameID    int64
	UserID    int64
	TokenHash string
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
	ToldAt    *time.Time // the creator was told it ran out unused
}

// LocalMail is a message kept in the local outbox (no SMTP configured).
type LocalMail struct {
	ID        int64
	ToAddr    string
	Subject   string
	Body      string
	Link      string
	CreatedAt time.Time
}

// TableName methods pin the table names the migrations create.
func (User) TableName() string       { return "users" }
func (Game) TableName() string       { return "games" }
func (Seat) TableName() string       { return "seats" }
func (Move) TableName() string       { return "moves" }
func (LoginToken) TableName() string { return "login_tokens" }
func (Session) TableName() string    { return "sessions" }
func (Invitation) TableName() string { return "invitations" }
func (LocalMail) TableName() string  { return "local_mail" }
