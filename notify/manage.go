package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rondel/game/words"
	"rondel/store"
)

// Managing games (issue 13): a creator cancels a game that has not
// started, players resign or agree to end a game, and invitations that
// run out are reported to the creator and, left so, end the game. Each
// change and its mails are one transaction.

// Mail kinds of managing games.
const (
	kindCancelled = "cancelled"
	kindResigned  = "resigned"
	kindEndVote   = "endvote"
	kindAgreed    = "agreed"
	kindExpired   = "expired"
	kindInvExpiry = "invitation-expired"
)

// CancelGame ends a game that has not started, for its creator, and
// tells the players who accepted or were invited.
func (s *Service) CancelGame(ctx context.Context, gameID, creator int64) error {
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		g, err := tx.CancelGame(gameID, creator)
		if err != nil {
			return err
		}
		v, err := s.loadView(tx, gameID)
		if err != nil {
			return err
		}
		who := v.users[0].Name()
		if u, err := tx.User(creator); err == nil {
			who = u.Name()
		}
		return s.mailEveryone(tx, v, 0, kindCancelled, words.New("mail.club.cancelled.subject"),
			words.New("mail.club.cancelled.text").Lit("creator", who).Lit("game", g.Name))
	})
}

// Resign gives up userID's seat in a game in play. The caretaker plays it
// from now on; where the game asks for substitutes, everyone gets a link
// to pass on, and whoever takes it plays the seat from then.
func (s *Service) Resign(ctx context.Context, gameID, userID int64) error {
	token, hash := store.NewSecret()
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		seat, err := tx.Resign(gameID, userID)
		if err != nil {
			return err
		}
		v, err := s.loadView(tx, gameID)
		if err != nil {
			return err
		}
		seq, err := tx.MoveCount(gameID)
		if err != nil {
			return err
		}
		kind := fmt.Sprintf("%s-%d", kindResigned, seat)
		said := words.New("mail.club.resigned.text").Seat("player", seat)
		if v.clock.Policy != store.PolicySubstitute || v.clock.SubstituteSecs <= 0 {
			return s.mailEveryone(tx, v, seq, kind, words.New("mail.club.resigned.subject").Seat("player", seat), said)
		}
		sc, _, err := tx.SeatClock(gameID, seat)
		if err != nil {
			return err
		}
		until := tx.Now().Add(time.Duration(v.clock.SubstituteSecs) * time.Second)
		sc.SubstituteUntil, sc.SubstituteToken = &until, hash
		if err := tx.SaveSeatClock(sc); err != nil {
			return err
		}
		link := s.base + "/notify/substitute/" + token
		return s.mailEach(tx, v, seq, kind, func(u store.User, sp *words.Speaker) (string, []string) {
			return sp.Say(words.New("mail.club.resigned.subject").Seat("player", seat)),
				[]string{sp.Say(said), sp.T("mail.club.resigned.offer", "when", when(sp, until, tx.TimeZone(u.ID), tx.Now())),
					link}
		})
	})
}

// AgreeToEnd records that userID agrees to end a game at move seq (the
// position they saw); when the last player still playing agrees, the
// game ends, scored as the rule book scores its end, and unrated.
func (s *Service) AgreeToEnd(ctx context.Context, gameID, userID int64, seq int) (bool, error) {
	var ended bool
	err := s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		var err error
		if ended, err = tx.AgreeToEnd(gameID, userID, seq); err != nil {
			return err
		}
		v, err := s.loadView(tx, gameID)
		if err != nil {
			return err
		}
		seat := store.SeatOf(v.seats, userID)
		if !ended {
			return s.mailEndVote(tx, v, seq, seat)
		}
		open, err := tx.OpenDeadlines(gameID)
		if err != nil {
			return err
		}
		for i := range open {
			if err := tx.CloseDeadline(&open[i], store.OutcomeFinished); err != nil {
				return err
			}
		}
		return s.mailEveryone(tx, v, seq, kindAgreed, words.New("mail.club.agreed.subject"),
			words.New("mail.club.agreed.text").Lit("game", v.game.Name))
	})
	return ended, err
}

// mailEndVote tells the players still to agree that seat agrees to end
// the game: the first vote at a position is a proposal, a later one an
// agreement. Whoever agreed already (the voter too) and the seats nobody
// plays get no mail; the end itself is mailed to everyone once.
func (s *Service) mailEndVote(tx *store.NotifyTx, v *gameView, seq, seat int) error {
	agreed, left, err := tx.EndVoters(v.game.ID)
	if err != nil {
		return err
	}
	key := "mail.club.endvote"
	if len(agreed) > 1 {
		key = "mail.club.endagree"
	}
	still := *v
	still.users = nil
	for i, u := range v.users {
		if !agreed[i] && !left[i] {
			still.users = append(still.users, u)
		}
	}
	return s.mailEveryone(tx, &still, seq, fmt.Sprintf("%s-%d", kindEndVote, seat),
		words.New(key+".subject").Seat("player", seat), words.New(key+".text").Seat("player", seat))
}

// Invitations tells each game's creator about invitations that ran out
// unused (once each), and ends games that waited for players with no
// invitation working for the configured abandon_days.
func (s *Service) Invitations(ctx context.Context) error {
	now := s.now()
	gone, err := s.st.ExpiredInvitations(ctx, now, 100)
	if err != nil {
		return err
	}
	var errs []error
	for _, inv := range gone {
		errs = append(errs, s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
			fresh, err := tx.MarkInvitationTold(inv.ID)
			if err != nil || !fresh || inv.Creator == nil {
				return err
			}
			v, err := s.loadView(tx, inv.GameID)
			if err != nil {
				return err
			}
			sp := speakerFor(*inv.Creator, v)
			l := letter{sp: sp, Greeting: greeting(sp, *inv.Creator),
				Paras: []string{sp.T("mail.club.invitation_expired.text", "player", words.Lit(inv.SeatName), "game", words.Lit(v.game.Name))},
				Main:  action{sp.T("mail.action.game"), fmt.Sprintf("%s/games/%d", s.base, inv.GameID)}}
			row, err := s.outboxRow(inv.GameID, 0, fmt.Sprintf("%s-%d", kindInvExpiry, inv.ID), *inv.Creator,
				gameSubject(sp, v.game.Name, sp.T("mail.club.invitation_expired.subject")), l)
			if err != nil {
				return err
			}
			_, err = tx.Enqueue(row)
			return err
		}))
	}
	if s.cfg.AbandonDays <= 0 {
		return errors.Join(errs...)
	}
	stale, err := s.st.StaleInvitingGames(ctx, now.Add(-time.Duration(s.cfg.AbandonDays)*24*time.Hour))
	if err != nil {
		return errors.Join(append(errs, err)...)
	}
	for _, id := range stale {
		errs = append(errs, s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
			g, err := tx.ExpireGame(id)
			if errors.Is(err, store.ErrNotWaiting) {
				return nil // it started or ended meanwhile
			}
			if err != nil {
				return err
			}
			v, err := s.loadView(tx, id)
			if err != nil {
				return err
			}
			return s.mailEveryone(tx, v, 0, kindExpired, words.New("mail.club.expired.subject"),
				words.New("mail.club.expired.text").Lit("game", g.Name).Count(s.cfg.AbandonDays))
		}))
	}
	return errors.Join(errs...)
}
