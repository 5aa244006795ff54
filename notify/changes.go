package notify

import (
	"context"

	"rondel/store"
)

// notify is the store's one Observer (store/change.go): every change to a
// game reaches it here, in the change's transaction and after its commit,
// whoever made the change. This file is the list of which change sends
// which mail to whom.

// InTx writes, inside the change's transaction, what must be written with
// it: the clocks it starts or stops, the chat notices, the mails of rare
// changes, and for the turn mails of a move only their intents, rendered
// by AfterCommit (intents.go): the hot path keeps only what must be
// decided with the move.
func (s *Service) InTx(_ context.Context, tx *store.NotifyTx, c store.Change) error {
	switch c.Kind {
	case store.ChangeGameCreated:
		// The game gets its clock (the preset it was made with, an event's,
		// or the configured default); no mail.
		if c.Cause.Kind == store.CauseImport {
			return nil
		}
		if c.Clock != "" {
			return tx.SaveGameClock(s.clockFor(c.Game.ID, c.Clock, s.cfg.SkipWeekends))
		}
		_, err := s.ensureClock(tx, c.Game.ID)
		return err
	case store.ChangeMovePlayed:
		// Each seat newly asked to decide: a turn mail and chat notice
		// (observe.go, mails.go); after a timeout: everyone hears of it;
		// at the end: everyone gets the result.
		return s.observeMove(tx, *c.Move)
	case store.ChangeTakenBack:
		// Whoever the move taken back mailed: a short mail (takeback.go).
		return s.observeMove(tx, *c.Move)
	case store.ChangeMessagePosted:
		// Each reader who wants a mail for each message: that mail.
		return s.observeMessage(tx, c.Game, *c.Message)
	case store.ChangeCancelled:
		// Everyone invited or seated: the creator cancelled it.
		return s.mailCancelled(tx, c)
	case store.ChangeResigned:
		// Everyone: the seat resigned (with a link for a substitute
		// where the game asks for one).
		return s.mailResigned(tx, c)
	case store.ChangeSubstituteSeated:
		// Everyone: who plays the seat now.
		return s.mailReplaced(tx, c)
	case store.ChangeEndProposed:
		// The players still to agree: a seat agrees to end the game.
		return s.mailEndVote(tx, c)
	case store.ChangeEndAgreed:
		// Everyone: the game ended by agreement.
		return s.mailEndAgreed(tx, c)
	case store.ChangeAbandoned:
		// Everyone: the game ended after no move for too long.
		return s.mailAbandoned(tx, c)
	case store.ChangeExpired:
		// Everyone invited: the game waited for players too long.
		return s.mailExpired(tx, c)
	case store.ChangeInvitationExpired:
		// The game's creator: an invitation ran out unused.
		return s.mailInvitationExpired(tx, c)
	}
	// ChangeGameStarted (its mails follow the commit) and
	// ChangeOrdersChanged write nothing in the transaction.
	return nil
}

// AfterCommit follows a committed change: a game that started gets its
// start and first turn mails, a move's turn mails are rendered from their
// intents, standing orders that now answer are played (through the store
// again), and new mail is sent at once.
func (s *Service) AfterCommit(ctx context.Context, c store.Change) {
	switch c.Kind {
	case store.ChangeGameStarted:
		if err := s.syncGame(ctx, c.Game.ID); err != nil {
			s.log.Error("notify: game start", "game", c.Game.ID, "err", err)
		}
	case store.ChangeMovePlayed, store.ChangeTakenBack, store.ChangeOrdersChanged:
		// The turn mails the move decided on (intents.go), before any
		// automatic move follows it; one that fails waits for the job.
		if c.Kind != store.ChangeOrdersChanged {
			if err := s.renderChange(ctx, c.Game.ID, c.Carried); err != nil {
				s.log.Error("notify: turn mails", "game", c.Game.ID, "err", err)
			}
		}
		// A move notify made itself (caretaker, standing order) is one
		// of a run its job goes on with: only a person's change starts
		// one here.
		if c.Cause.ByPerson() {
			if err := s.autoMoves(ctx, c.Game.ID); err != nil {
				s.log.Error("notify: automatic moves", "game", c.Game.ID, "err", err)
			}
		}
	}
	s.kick(ctx)
}
