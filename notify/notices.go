package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"rondel/game"
	"rondel/store"
)

// Turn notices: whenever a seat is newly asked to decide (the moment its
// turn mail is queued), every webhook that takes the game's notices (its
// own and the club's) gets one notice, queued in the move's transaction
// as an outbox row like a mail and delivered by the same sender: claimed
// with a lease, retried with backoff, given up and shown at /notify/mail.
// A notice says who is asked what and links to the game: never a decision
// link, never a secret.

const (
	// kindNotice starts the kind of every notice row: the sender posts
	// those to their webhook instead of mailing them.
	kindNotice = "notice-"
	// kindHookPaused is the mail telling who set a webhook that it was
	// paused after a refusal.
	kindHookPaused = "hook-paused"
	// headerHook names a notice's webhook (by id) in its row's headers.
	headerHook = "X-Rondel-Hook"
)

func isNotice(m store.OutboxMail) bool { return strings.HasPrefix(m.Kind, kindNotice) }

// noticeTurn queues the notices of a seat newly asked fresh in st.
func (s *Service) noticeTurn(tx *store.NotifyTx, v *gameView, seat int, st game.State, fresh []game.Decision, seq int, dl *store.Deadline) error {
	hooks, err := tx.Webhooks(v.game.ID)
	if err != nil || len(hooks) == 0 {
		return err
	}
	if quiet, err := s.answersItself(tx, v, seat, st); err != nil || quiet {
		return err
	}
	gameURL := fmt.Sprintf("%s/games/%d", s.base, v.game.ID)
	for _, h := range hooks {
		sp := speaker(h.Language, seatNames(v.seats))
		var asked []string
		for _, d := range fresh {
			asked = append(asked, strings.TrimSpace(sp.Say(d.Prompt)))
		}
		subject := turnSubject(sp, v.game.Name, fresh[0], s.rounds.of(st), seq)
		text := strings.Join([]string{subject,
			sp.T("mail.notice.asked", "player", sp.SeatName(seat), "asked", strings.Join(asked, " ")),
			sp.T("mail.notice.deadline", "when", when(sp, dl.DueAt, tx.TimeZone(h.CreatedBy), v.now)),
			gameURL}, "\n")
		row := noticeRow(h, v.game.ID, seq, fmt.Sprintf("%s%d-%d", kindNotice, h.ID, seat), subject, text, gameURL)
		noticePicture(row, h, st, seq)
		if _, err := tx.Enqueue(row); err != nil {
			return err
		}
	}
	return nil
}

// answersItself reports whether nobody is asked in person: a dropped
// seat (the caretaker plays it) or a standing order answering at once.
func (s *Service) answersItself(tx *store.NotifyTx, v *gameView, seat int, st game.State) (bool, error) {
	sc, err := s.seatClock(tx, v, seat)
	if err != nil || sc.Dropped {
		return err == nil, err
	}
	orders, err := tx.StandingOrders(v.game.ID, seat)
	if err != nil {
		return false, err
	}
	_, _, _, ok := autoAnswer(st, seat, orders, false)
	return ok, nil
}

// noticeRow is the outbox row of one notice. Its address column says
// which webhook by its hint (the admin page shows it); the secret address
// is looked up when the notice is sent.
func noticeRow(h store.Webhook, gameID int64, seq int, kind, subject, text, link string) *store.OutboxMail {
	hj, _ := json.Marshal(map[string]string{headerHook: strconv.FormatInt(h.ID, 10), "X-Rondel-Link": link})
	return &store.OutboxMail{GameID: gameID, Seq: seq, Kind: kind, ToAddr: "webhook " + h.Hint,
		Subject: subject, TextBody: text, Headers: string(hj), TellUserID: tellNobody}
}

// TestWebhook queues a test notice to a webhook and sends it without
// waiting for the sender's next run; gameName is "" for the club's.
func (s *Service) TestWebhook(ctx context.Context, h store.Webhook, gameName string) error {
	sp := speaker(h.Language, nil)
	link, what := s.base+"/", sp.T("mail.notice.test_club")
	if h.GameID > 0 {
		link, what = fmt.Sprintf("%s/games/%d", s.base, h.GameID), sp.T("mail.notice.test", "game", gameName)
	}
	subject := sp.T("mail.subject.plain", "what", sp.T("mail.notice.test_subject"))
	seq := int(s.now().Unix()) // one test a second at most
	row := noticeRow(h, h.GameID, seq, fmt.Sprintf("%stest-%d", kindNotice, h.ID), subject, subject+"\n"+what+"\n"+link, link)
	if _, err := s.st.Outbox().Enqueue(ctx, row); err != nil {
		return err
	}
	s.kick(ctx)
	return nil
}

// postNotice delivers a claimed notice to its webhook and notes the
// outcome on the webhook; a refusal the chat will repeat pauses the
// webhook, and who set it is told by mail.
func (s *Service) postNotice(ctx context.Context, m store.OutboxMail) error {
	id, _ := strconv.ParseInt(mailHeaders(m)[headerHook], 10, 64)
	h, err := s.st.Webhooks().ByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return &PermanentError{Err: errors.New(store.HookRemoved)}
	}
	if err != nil {
		return err
	}
	if h.PausedAt != nil && !strings.HasPrefix(m.Kind, kindNotice+"test-") {
		return &PermanentError{Err: errors.New("the webhook is paused after a refusal")}
	}
	cause := s.postHook(ctx, *h, m)
	why := ""
	if cause != nil {
		why = cause.Error()
	}
	paused, err := s.st.Webhooks().Note(ctx, h.ID, why, cause != nil, IsPermanent(cause))
	if err == nil && paused {
		err = s.tellPaused(ctx, *h, m, why)
	}
	if err != nil {
		s.log.Error("notify: noting a webhook's answer", "webhook", h.ID, "err", err)
	}
	return cause
}

// tellPaused mails who set a webhook (a game's creator, an admin) that
// it was paused, in their language.
func (s *Service) tellPaused(ctx context.Context, h store.Webhook, m store.OutboxMail, why string) error {
	if h.CreatedBy <= 0 {
		return nil
	}
	u, err := s.st.User(ctx, h.CreatedBy)
	if err != nil {
		return nil // who set it is gone: the admin page still shows it
	}
	sp := speaker(u.Language, nil)
	page, subject := s.base+"/notify/webhooks", sp.T("mail.subject.plain", "what", sp.T("mail.notice.paused_subject"))
	if h.GameID > 0 {
		page = fmt.Sprintf("%s/games/%d/notify", s.base, h.GameID)
		if g, err := s.st.GameRow(ctx, h.GameID); err == nil {
			subject = gameSubject(sp, g.Name, sp.T("mail.notice.paused_subject"))
		}
	}
	l := letter{sp: sp, Greeting: greeting(sp, *u),
		Paras: []string{sp.T("mail.notice.paused", "hint", h.Hint, "error", why), sp.T("mail.notice.paused_advice")},
		Main:  action{sp.T("mail.notice.paused_action"), page}}
	row, err := s.outboxRow(h.GameID, int(m.ID), kindHookPaused, *u, subject, l)
	if err != nil {
		return err
	}
	_, err = s.st.Outbox().Enqueue(ctx, row)
	return err
}
