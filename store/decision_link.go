package store

import "rondel/game"

// The decision links of turn mails: notify signs and checks them, handlers
// act on a checked one; both know them by these types.

// A decision link is bound to a game, a seat, the person holding it, the
// move number it was made at and one legal move (or -1: all of them). It is
// signed with the database's key, so it cannot be forged or changed. It
// works while the seat's turn it was made in goes on (CheckLink); a chosen
// move only at the very position it was made at.
type DecisionLink struct {
	Game   int64
	Seat   int
	Seq    int
	User   int64
	Choice int // index into LegalMoves(Seat) at Seq, or -1 to choose
}

// LinkState is what a decision link can still do.
type LinkState int

const (
	// LinkOpen: the turn the link was mailed for goes on; it may decide.
	LinkOpen LinkState = iota
	// LinkTurnOver: the seat's turn ended (someone else decides now, or
	// a later turn of the seat has begun: a newer mail has its link).
	LinkTurnOver
	// LinkOtherHolder: the seat has changed hands since.
	LinkOtherHolder
	// LinkGameOver: the game is no longer in play.
	LinkGameOver
)

// LinkCheck is a decision link checked against the game as it stands.
type LinkCheck struct {
	Link  DecisionLink
	State LinkState
	Pos   *Position
	// Asked are the seat's open decisions (LinkOpen only).
	Asked []game.Decision
	// Choice is the move the link chose, when it still means that move:
	// only at the very position it was mailed at; -1 otherwise.
	Choice int
}
