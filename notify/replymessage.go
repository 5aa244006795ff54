package notify

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"rondel/game/words"
	"rondel/notify/reply"
	"rondel/store"
)

// A mail about a message carries a Reply-To too (docs/replies.md). Its
// token is of its own kind (its own MAC prefix, so it never reads as a
// turn's): it names the game, the member it was mailed to and, when the
// message was private, its author, whom the reply answers alone. A reply
// to it is never read as moves and does not depend on the position: its
// words are a message, after the same checks as a turn reply.

const messageTokenPrefix = "reply-message\x00"

// messageToken is what a message mail's Reply-To names.
type messageToken struct {
	Game, User int64
	Partner    int64 // the private message's author; 0: the table
}

func (s *Service) messageReplyToken(t messageToken) string {
	return s.encodeToken(messageTokenPrefix, t.Game, t.User, t.Partner)
}

func (s *Service) parseMessageToken(tok string) (messageToken, error) {
	n, err := s.decodeToken(tok, messageTokenPrefix, 3)
	if err != nil {
		return messageToken{}, err
	}
	return messageToken{Game: n[0], User: n[1], Partner: n[2]}, nil
}

// messageReplyAddress is the Reply-To of a mail about m to user; "" when
// replies are off or a private m has no seated author to answer alone.
func (s *Service) messageReplyAddress(gameID, user int64, m store.Message) string {
	if !s.replies.Enabled || s.clubLocal == "" {
		return ""
	}
	t := messageToken{Game: gameID, User: user}
	if m.Private() {
		if m.UserID == nil || m.Seat < 0 { // none to answer alone
			return ""
		}
		t.Partner = *m.UserID
	}
	return s.clubLocal + "+" + s.messageReplyToken(t) + "@" + s.clubDomain
}

// findMessageToken is the first genuine message token among a message's
// recipients.
func (s *Service) findMessageToken(h mail.Header) (messageToken, bool) {
	for _, tok := range s.tokens(h) {
		if t, err := s.parseMessageToken(tok); err == nil {
			return t, true
		}
	}
	return messageToken{}, false
}

// handleMessageReply posts a reply to a message mail, at the table or to
// the private message's author alone, after the checks of a turn reply.
func (s *Service) handleMessageReply(ctx context.Context, h mail.Header, from string, inboundID int64, raw []byte, t messageToken) (string, error) {
	pos, err := s.st.Current(ctx, t.Game)
	if errors.Is(err, store.ErrNotFound) {
		return "no such game: not answered", nil
	}
	if err != nil {
		return "", err
	}
	member, err := s.st.User(ctx, t.User)
	if errors.Is(err, store.ErrNotFound) {
		return "no such member: not answered", nil
	}
	if err != nil {
		return "", err
	}
	// No decision follows in these answers, so the seat is only a name.
	link := DecisionLink{Game: t.Game, Seat: store.SeatOf(pos.Seats, t.User), Seq: pos.Seq, User: t.User, Choice: -1}
	a := replyAnswer{link: link, pos: pos, kind: fmt.Sprintf("%s-%d", kindReply, inboundID), seq: pos.Seq, since: -1}
	check := func(why string) error {
		a.kind, a.subject = kindReply+"-check", "mail.reply.subject.check"
		a.paras = []words.Text{words.New("mail.reply.not_checked_message").Sub("why", words.New(why))}
		return s.answer(ctx, a)
	}
	if !strings.EqualFold(member.Email, from) {
		return "From is not the token's member: confirmation link", check("mail.reply.why_from")
	}
	_, fromDomain, _ := splitAddress(from)
	if ok, why := authenticated(h, s.replies.AuthservID, fromDomain); !ok {
		return "not authenticated (" + why + "): confirmation link", check("mail.reply.why_auth")
	}
	text, err := reply.Body(raw)
	if err != nil || strings.TrimSpace(text) == "" {
		a.paras = []words.Text{words.New("mail.reply.not_posted")}
		return "empty message reply", s.answer(ctx, a)
	}
	var to *int
	if t.Partner != 0 {
		seat := store.SeatOf(pos.Seats, t.Partner)
		if seat < 0 {
			// Never at the table what was meant for one alone.
			a.paras = []words.Text{words.New("mail.reply.not_posted")}
			a.lines = []words.Text{words.New("store.error.message_to")}
			return "private message's author has no seat: not posted", s.answer(ctx, a)
		}
		to = &seat
	}
	return s.postReplyTo(ctx, a, to, text)
}
