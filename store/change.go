package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"rondel/game"
	"rondel/game/words"
)

// Every change to a game is a Change value, made by one store method that
// locks the game, writes the log and the derived data in one transaction
// and hands the change to the one Observer (notify's): inside the
// transaction for what must be written with it (queued mail, webhook
// notices, deadlines), after the commit for what follows it (sending,
// standing orders that now answer). Nothing else gives a change
// consequences.

// ChangeKind names a kind of change to a game.
type ChangeKind string

// The kinds of change.
const (
	ChangeGameCreated       ChangeKind = "game-created"       // CreateGame
	ChangeGameStarted       ChangeKind = "game-started"       // its last seat was taken (or it was imported in play)
	ChangeMovePlayed        ChangeKind = "move-played"        // AppendMove
	ChangeTakenBack         ChangeKind = "taken-back"         // TakeBack
	ChangeMessagePosted     ChangeKind = "message-posted"     // PostMessage
	ChangeOrdersChanged     ChangeKind = "orders-changed"     // a seat's standing orders
	ChangeCancelled         ChangeKind = "cancelled"          // CancelGame
	ChangeResigned          ChangeKind = "resigned"           // Resign
	ChangeSubstituteSeated  ChangeKind = "substitute-seated"  // TakeSeat
	ChangeEndProposed       ChangeKind = "end-proposed"       // AgreeToEnd, others still to agree
	ChangeEndAgreed         ChangeKind = "end-agreed"         // AgreeToEnd, the last vote: the game ended
	ChangeAbandoned         ChangeKind = "abandoned"          // EndGame, EndIdleGame
	ChangeExpired           ChangeKind = "expired"            // ExpireGame: it waited for players too long
	ChangeInvitationExpired ChangeKind = "invitation-expired" // TellExpiredInvitation
)

// CauseKind says who or what made a change.
type CauseKind string

// The causes of a change.
const (
	CausePlayer        CauseKind = "player"         // a person on a page or through a mail's link
	CauseMail          CauseKind = "mail"           // a person's reply to a mail
	CauseCaretaker     CauseKind = "caretaker"      // the caretaker plays a seat nobody plays (resigned, dropped)
	CauseStandingOrder CauseKind = "standing-order" // a standing order answered
	CauseTimeout       CauseKind = "timeout"        // a deadline passed: the caretaker moved, a job ended a game
	CauseTimeoutRest   CauseKind = "timeout-rest"   // the caretaker goes on with a turn that timed out (counted once)
	CauseImport        CauseKind = "import"         // another site's log
)

// Cause is who or what made a change, and why when the service did.
type Cause struct {
	Kind CauseKind
	// Why is the caretaker's reason or the standing order that answered.
	Why words.Text
}

// ByPerson reports whether a person made the change themselves.
func (c Cause) ByPerson() bool { return c.Kind == CausePlayer || c.Kind == CauseMail || c.Kind == "" }

// causeOfBy is the cause a move's By implies when its Submit names none.
func causeOfBy(by string) Cause {
	switch by {
	case ByCaretaker:
		return Cause{Kind: CauseCaretaker}
	case ByStandingOrder:
		return Cause{Kind: CauseStandingOrder}
	}
	return Cause{Kind: CausePlayer}
}

// Change is one change to a game, as its observer learns it.
type Change struct {
	Kind  ChangeKind
	Cause Cause
	// Game is the game's row: for a move as it was before the move, else
	// as the change left it.
	Game   Game
	Seat   int   // the seat it concerns; -1: none
	UserID int64 // who made it; 0: nobody (the service)
	Seq    int   // the game's move count after the change
	At     time.Time
	// Move: a move played or taken back.
	Move *MoveDone
	// Message: a message posted.
	Message *Message
	// Invitation: an invitation that ran out unused.
	Invitation *ExpiredInvitation
	// OldName and NewName: a substitute took a seat.
	OldName, NewName string
	// Carried: what the observer's InTx handed to its AfterCommit
	// (NotifyTx.Carry); nil when it handed nothing.
	Carried any
	// Clock: a game created with a chosen clock preset (an event's);
	// empty: the club's default.
	Clock string
}

// MoveDone is what an observer learns of a move or take-back.
type MoveDone struct {
	Game Game
	// Seats are the game's seats as the move's transaction read them (a
	// move changes none); nil where the change did not read them.
	Seats  []Seat
	Before game.State
	After  game.State
	Seat   int
	Seq    int // the new move's number
	By     string
	Note   string
	Events []game.Event
	Now    time.Time
	Cause  Cause
	// TakeBack: the entry takes back the seat's last move (After is the
	// state before that move; Seq is the take-back's own number).
	TakeBack bool
}

// Observer learns every change to a game, twice: InTx inside the change's
// transaction (what it writes through tx commits or rolls back with the
// change; an error refuses the change), AfterCommit once it is committed
// (it must not take long: queue the work).
type Observer interface {
	InTx(ctx context.Context, tx *NotifyTx, c Change) error
	AfterCommit(ctx context.Context, c Change)
}

// SetObserver installs the observer (notify's); nil removes it.
func (s *Store) SetObserver(o Observer) { s.observer = o }

// ObserverFuncs is an Observer of two functions, either nil.
type ObserverFuncs struct {
	In    func(ctx context.Context, tx *NotifyTx, c Change) error
	After func(ctx context.Context, c Change)
}

// InTx calls In.
func (o ObserverFuncs) InTx(ctx context.Context, tx *NotifyTx, c Change) error {
	if o.In == nil {
		return nil
	}
	return wrapErr(o.In(ctx, tx, c), "store: observe %s (game %d)", c.Kind, c.Game.ID)
}

// AfterCommit calls After.
func (o ObserverFuncs) AfterCommit(ctx context.Context, c Change) {
	if o.After != nil {
		o.After(ctx, c)
	}
}

// changeSet gathers the changes one transaction makes.
type changeSet struct {
	s    *Store
	ctx  context.Context
	tx   *NotifyTx
	done []Change
}

// emit hands c to the observer inside the transaction.
func (cs *changeSet) emit(c Change) error {
	if c.At.IsZero() {
		c.At = cs.tx.now
	}
	if cs.s.observer != nil {
		cs.tx.carry = nil
		if err := cs.s.observer.InTx(cs.ctx, cs.tx, c); err != nil {
			return err
		}
		c.Carried, cs.tx.carry = cs.tx.carry, nil
	}
	cs.done = append(cs.done, c)
	return nil
}

// changeTx runs f in one immediate transaction (gameTx) with the changes
// it emits told to the observer inside it; it returns them once
// committed, for afterCommit (called by the method, after it updated the
// cache of states, so that what follows reads the new position).
func (s *Store) changeTx(ctx context.Context, now time.Time, f func(tx *gorm.DB, cs *changeSet) error) ([]Change, error) {
	var cs *changeSet
	err := s.gameTx(ctx, func(tx *gorm.DB) error {
		cs = &changeSet{s: s, ctx: ctx, tx: &NotifyTx{tx: tx, now: now, s: s}}
		return f(tx, cs)
	})
	if cs != nil {
		for _, id := range cs.tx.renamed {
			s.cache.forget(id)
		}
	}
	if err != nil {
		return nil, err
	}
	return cs.done, nil
}

// afterCommit tells the observer of committed changes.
func (s *Store) afterCommit(ctx context.Context, done []Change) {
	if s.observer == nil {
		return
	}
	for _, c := range done {
		s.observer.AfterCommit(ctx, c)
	}
}
