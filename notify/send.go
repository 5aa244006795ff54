package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"rondel/game/words"
	"rondel/store"
)

// sendLease is how long a sender holds the mail it is sending: longer than
// one SMTP conversation may take (its timeout is 30 s a step), short
// enough that a mail whose sender died goes out again within minutes.
const sendLease = 2 * time.Minute

// ErrNotSent is returned by Send when the mail could not be delivered at
// once (store.ErrNotSent: handlers match it without importing notify).
var ErrNotSent = store.ErrNotSent

type notSent struct{ cause error }

func (e *notSent) Error() string        { return ErrNotSent.Error() + ": " + e.cause.Error() }
func (e *notSent) Is(target error) bool { return target == ErrNotSent }
func (e *notSent) Unwrap() error        { return e.cause }

// Send queues one of the service's own mails (a sign-in link, an
// invitation) in the durable outbox, like every game mail, and sends it at
// once, because somebody is waiting for it. It implements store.Mailer.
// A failure leaves it queued for the usual retries (unless m.Once) and
// returns an error matching ErrNotSent; the mail's fate is then the
// queue's: given up after the last attempt, or at once on a permanent
// refusal, with m.TellUserID (or the admins) told.
func (s *Service) Send(ctx context.Context, m store.Mail) error {
	token, _ := store.NewSecret()
	h, _ := json.Marshal(map[string]string{"X-Rondel-Link": m.Link,
		"Message-ID": fmt.Sprintf("<rondel.%s.%s@%s>", m.Kind, token[:20], s.host)})
	body := m.Body
	if m.Link != "" && !strings.Contains(body, m.Link) {
		body += "\n\n" + m.Link + "\n"
	}
	kind := m.Kind
	if kind == "" {
		kind = "mail"
	}
	if m.Key != "" {
		kind += "-" + m.Key
	}
	row := &store.OutboxMail{GameID: m.GameID, UserID: m.UserID, Kind: kind, ToAddr: m.To, Subject: m.Subject,
		TextBody: body, Headers: string(h), TellUserID: m.TellUserID, ExpiresAt: m.Expires}
	if m.Once {
		row.TellUserID = tellNobody
	}
	if fresh, err := s.st.Outbox().Enqueue(ctx, row); err != nil || !fresh {
		return err // !fresh: the same mail was queued before
	}
	claimed, cause, err := s.sendOne(ctx, func() (*store.OutboxMail, error) { return s.st.Outbox().ClaimMail(ctx, row.ID, sendLease) }, m.Once, nil)
	if err != nil || claimed == nil {
		return err // nil claimed: another sender has it
	}
	if cause != nil {
		return &notSent{cause}
	}
	return nil
}

// tellNobody in OutboxMail.TellUserID: a failure is not reported by mail
// (the person waiting for it was told on the page).
const tellNobody = -1

// deliverOnce sends one claimed mail and records the outcome. It returns
// the delivery failure (nil when sent) and only a store error as err;
// with once, a failure is final at the first attempt. sess, when not nil,
// carries a mail to an SMTP server over the run's session.
func (s *Service) deliverOnce(ctx context.Context, m store.OutboxMail, once bool, sess mailSession) (cause error, err error) {
	local, isLocal := s.transport.(LocalTransport)
	switch {
	case isNotice(m): // a turn notice, to a chat's webhook (notices.go)
		cause = s.postNotice(ctx, m)
	case isLocal:
		// The local outbox writes and marks in one transaction: exactly once.
		return nil, local.Outbox.Deliver(ctx, m, mailHeaders(m)["X-Rondel-Link"])
	default:
		if sess != nil {
			cause = sess.DeliverInline(ctx, m, s.mailInlines(ctx, m))
		} else if it, ok := s.transport.(inlineTransport); ok {
			cause = it.DeliverInline(ctx, m, s.mailInlines(ctx, m))
		} else {
			cause = s.transport.Deliver(ctx, m)
		}
	}
	if cause == nil {
		return nil, s.st.Outbox().MarkSent(ctx, m.ID)
	}
	attempts := m.Attempts + 1
	permanent := IsPermanent(cause)
	giveUp := once || permanent || attempts >= s.cfg.Sender.MaxAttempts
	backoff := time.Duration(s.cfg.Sender.BackoffSeconds) * time.Second << min(attempts-1, 20)
	var later *RetryLater // a chat asked to wait longer than the backoff
	if errors.As(cause, &later) {
		backoff = max(backoff, later.After)
	}
	if err := s.st.Outbox().MarkFailed(ctx, m.ID, cause, s.now().Add(backoff), giveUp); err != nil {
		return cause, err
	}
	if !giveUp {
		s.log.Warn("notify: mail not sent, will retry", "id", m.ID, "to", m.ToAddr, "attempts", attempts, "err", cause)
		return cause, nil
	}
	s.log.Error("notify: giving up a mail", "id", m.ID, "to", m.ToAddr, "attempts", attempts, "permanent", permanent, "err", cause)
	return cause, s.tellUndelivered(ctx, m, cause, permanent)
}

func mailHeaders(m store.OutboxMail) map[string]string {
	var h map[string]string
	_ = json.Unmarshal([]byte(m.Headers), &h)
	return h
}

// kindUndelivered marks the mails that report a failed mail: they are never
// reported themselves, so a broken mail server cannot start a loop.
const kindUndelivered = "undelivered"

// tellUndelivered queues a mail about a mail that was given up: to who
// asked for it to be told (an invitation's creator), else to the admins.
func (s *Service) tellUndelivered(ctx context.Context, m store.OutboxMail, cause error, permanent bool) error {
	if m.TellUserID == tellNobody || strings.HasPrefix(m.Kind, kindUndelivered) {
		return nil
	}
	what := words.New("mail.undelivered.refused").Lit("error", cause.Error())
	if !permanent {
		what = words.New("mail.undelivered.attempts").Count(m.Attempts+1).Lit("error", cause.Error())
	}
	what = words.New("mail.undelivered.what").Lit("subject", m.Subject).Lit("to", m.ToAddr).Sub("why", what)
	if m.TellUserID > 0 {
		u, err := s.st.User(ctx, m.TellUserID)
		if err != nil {
			return err
		}
		sp := speaker(u.Language, nil)
		l := letter{sp: sp, Greeting: greeting(sp, *u), Paras: []string{sp.Say(what), sp.T("mail.undelivered.advice")}}
		if m.GameID > 0 {
			l.Main = action{sp.T("mail.action.game"), fmt.Sprintf("%s/games/%d", s.base, m.GameID)}
		}
		subject := sp.T("mail.subject.plain", "what", sp.T("mail.undelivered.subject_yours"))
		row, err := s.outboxRow(m.GameID, int(m.ID), kindUndelivered, *u, subject, l)
		if err != nil {
			return err
		}
		_, err = s.st.Outbox().Enqueue(ctx, row)
		return err
	}
	for _, addr := range s.admins {
		sp := speaker(s.languageOf(ctx, addr), nil)
		l := letter{sp: sp, Greeting: sp.T("mail.greeting_all"), Paras: []string{sp.Say(what), sp.T("mail.undelivered.admin")},
			Main: action{sp.T("mail.action.undelivered"), s.base + "/notify/mail"}}
		html, err := l.html()
		if err != nil {
			return err
		}
		hj, _ := json.Marshal(map[string]string{"X-Rondel-Link": l.Main.URL,
			"Message-ID": fmt.Sprintf("<rondel.undelivered.%d.%s@%s>", m.ID, strings.ReplaceAll(addr, "@", "."), s.host)})
		row := &store.OutboxMail{GameID: m.GameID, Seq: int(m.ID), Kind: kindUndelivered + "-" + addr, ToAddr: addr,
			Subject: sp.T("mail.subject.plain", "what", sp.T("mail.undelivered.subject")), TextBody: l.text(), HTMLBody: html, Headers: string(hj), TellUserID: tellNobody}
		if _, err := s.st.Outbox().Enqueue(ctx, row); err != nil {
			return err
		}
	}
	return nil
}

// languageOf is the language of the member with the address addr (an
// administrator's), English for an address no member has.
func (s *Service) languageOf(ctx context.Context, addr string) string {
	if u, err := s.st.UserByEmail(ctx, addr); err == nil && u != nil {
		return u.Language
	}
	return words.Languages[0]
}
