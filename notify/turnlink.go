package notify

import (
	"context"

	"rondel/game"
	"rondel/store"
)

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
	Pos   *store.Position
	// Asked are the seat's open decisions (LinkOpen only).
	Asked []game.Decision
	// Choice is the move the link chose, when it still means that move:
	// only at the very position it was mailed at; -1 otherwise.
	Choice int
}

// CheckLink says whether a decision link still works. A link works for
// its seat's decisions while the turn it was mailed in goes on, however
// many steps that turn takes (a maneuver unit by unit, the investment
// after the rondel): the seat's running deadline keeps the move number at
// which its turn began. A one-click answer holds only at the position it
// was mailed at (the moves are numbered per position). tok must be
// genuine (ParseToken); a missing game is store.ErrNotFound.
func (s *Service) CheckLink(ctx context.Context, l DecisionLink) (*LinkCheck, error) {
	pos, err := s.st.Current(ctx, l.Game)
	if err != nil {
		return nil, err
	}
	c := &LinkCheck{Link: l, Pos: pos, Choice: -1}
	switch {
	case pos.State == nil || pos.Game.Status != store.StatusActive || pos.State.Finished():
		c.State = LinkGameOver
		return c, nil
	case l.Seat < 0 || l.Seat >= len(pos.Seats) || pos.Seats[l.Seat].UserID != l.User:
		c.State = LinkOtherHolder
		return c, nil
	}
	for _, d := range pos.State.ToAct() {
		if d.Seat == l.Seat {
			c.Asked = append(c.Asked, d)
		}
	}
	open, err := s.sameTurn(ctx, l, pos.Seq)
	if err != nil {
		return nil, err
	}
	if len(c.Asked) == 0 || !open {
		c.State = LinkTurnOver
		c.Asked = nil
		return c, nil
	}
	if l.Choice >= 0 && l.Seq == pos.Seq && l.Choice < len(pos.State.LegalMoves(l.Seat)) {
		c.Choice = l.Choice
	}
	return c, nil
}

// sameTurn reports whether the seat's turn running now is the one the
// link was mailed in (it began at or before the link's move number).
// Without a running deadline (a game notify has not caught up with) only
// the position the link was made at counts.
func (s *Service) sameTurn(ctx context.Context, l DecisionLink, seq int) (bool, error) {
	if l.Seq > seq {
		return false, nil
	}
	dl, err := s.st.OpenDeadline(ctx, l.Game, l.Seat)
	if err != nil {
		return false, err
	}
	if dl == nil {
		return l.Seq == seq, nil
	}
	return dl.TurnSeq <= l.Seq, nil
}
