package notify

import (
	"context"
	"errors"
)

// Events does the due work of club events (store.DueEvents, read by
// index): starts an event whose sign-up closed, decides a round past its
// deadline, draws the next round of one whose games all ended. The games
// it starts get their start mails at once (each player one mail with the
// table and the link); games a round drawn inside a move's transaction
// started are found by SyncGames.
func (s *Service) Events(ctx context.Context) error {
	ids, err := s.st.DueEvents(ctx, s.now())
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		games, err := s.st.RunEvent(ctx, id)
		errs = append(errs, err)
		for _, g := range games {
			s.GameCreated(ctx, g)
			errs = append(errs, s.syncGame(ctx, g))
		}
	}
	return errors.Join(errs...)
}
