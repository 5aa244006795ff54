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
// run out are reported to the creator and, left so, end the game. The
// store makes each change (store/lifecycle.go); the mails here are queued
// in its transaction (changes.go).

// Mail kinds of managing games.
const (
	kindCancelled = "cancelled"
	kindResigned  = "resigned"
	kindEndVote   = "endvote"
	kindAgreed    = "agreed"
	kindExpired   = "expired"
	kindInvExpiry = "invitation-expired"
)

// mailCancelled tells the players who accepted or were invited that the
// creator cancelled a game that had not started.
func (s *Service) mailCancelled(tx *store.NotifyTx, c store.Change) error {
	v, err := s.loadView(tx, c.Game.ID)
	if err != nil {
		return err
	}
	who := v.users[0].Name()
	if u, err := tx.User(c.UserID); err == nil {
		who = u.Name()
	}
	return s.mailEveryone(tx, v, 0, kindCancelled, words.New("mail.club.cancelled.subject"),
		words.New("mail.club.cancelled.text").Lit("creator", who).Lit("game", c.Game.Name))
}

// mailResigned tells everyone a seat resigned. The caretaker plays it
// from now on; where the game asks for substitutes, everyone gets a link
// to pass on, and whoever takes it plays the seat from then.
func (s *Service) mailResigned(tx *store.NotifyTx, c store.Change) error {
	gameID, seat, seq := c.Game.ID, c.Seat, c.Seq
	v, err := s.loadView(tx, gameID)
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
	token, hash := store.NewSecret()
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
}

// mailEndAgreed stops every clock of a game its players agreed to end and
// tells everyone.
func (s *Service) mailEndAgreed(tx *store.NotifyTx, c store.Change) error {
	v, err := s.loadView(tx, c.Game.ID)
	if err != nil {
		return err
	}
	if err := closeAllDeadlines(tx, c.Game.ID); err != nil {
		return err
	}
	// An event's game still open at its round's deadline is ended the same
	// way by the clock: nobody agreed, so the mail says what did happen.
	key := "mail.club.agreed"
	if c.Cause.Kind == store.CauseTimeout {
		key = "mail.club.deadline_scored"
	}
	return s.mailEveryone(tx, v, c.Seq, kindAgreed, words.New(key+".subject"),
		words.New(key+".text").Lit("game", v.game.Name))
}

// mailEndVote tells the players still to agree that seat agrees to end
// the game: the first vote at a position is a proposal, a later one an
// agreement. Whoever agreed already (the voter too) and the seats nobody
// plays get no mail; the end itself is mailed to everyone once.
func (s *Service) mailEndVote(tx *store.NotifyTx, c store.Change) error {
	seq, seat := c.Seq, c.Seat
	v, err := s.loadView(tx, c.Game.ID)
	if err != nil {
		return err
	}
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
		errs = append(errs, s.st.TellExpiredInvitation(ctx, inv))
	}
	if s.cfg.AbandonDays <= 0 {
		return errors.Join(errs...)
	}
	stale, err := s.st.StaleInvitingGames(ctx, now.Add(-time.Duration(s.cfg.AbandonDays)*24*time.Hour))
	if err != nil {
		return errors.Join(append(errs, err)...)
	}
	for _, id := range stale {
		if _, err := s.st.ExpireGame(ctx, id); !errors.Is(err, store.ErrNotWaiting) { // it started or ended meanwhile
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// mailInvitationExpired tells a game's creator an invitation ran out.
func (s *Service) mailInvitationExpired(tx *store.NotifyTx, c store.Change) error {
	inv := c.Invitation
	if inv == nil || inv.Creator == nil {
		return nil
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
}

// mailExpired tells everyone a game that waited for players too long has
// ended.
func (s *Service) mailExpired(tx *store.NotifyTx, c store.Change) error {
	v, err := s.loadView(tx, c.Game.ID)
	if err != nil {
		return err
	}
	return s.mailEveryone(tx, v, 0, kindExpired, words.New("mail.club.expired.subject"),
		words.New("mail.club.expired.text").Lit("game", c.Game.Name).Count(s.cfg.AbandonDays))
}

// closeAllDeadlines stops every clock still running in a game that ended
// without a last move (agreed, abandoned): nobody is asked any more.
func closeAllDeadlines(tx *store.NotifyTx, gameID int64) error {
	open, err := tx.OpenDeadlines(gameID)
	if err != nil {
		return err
	}
	for i := range open {
		if err := tx.CloseDeadline(&open[i], store.OutcomeFinished); err != nil {
			return err
		}
	}
	return nil
}
