package notify

import (
	"context"

	"rondel/store"
)

// The decision link's types live in store (store/decision_link.go), so
// that handlers read a checked link without importing notify.
type (
	DecisionLink = store.DecisionLink
	LinkState    = store.LinkState
	LinkCheck    = store.LinkCheck
)

// What a decision link can still do (store.LinkState).
const (
	LinkOpen        = store.LinkOpen
	LinkTurnOver    = store.LinkTurnOver
	LinkOtherHolder = store.LinkOtherHolder
	LinkGameOver    = store.LinkGameOver
)

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
