package notify

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"rondel/game/words"
	"rondel/notify/reply"
	"rondel/store"
)

// Playing by reply (docs/replies.md). A player answers a turn mail; the
// reply comes in by IMAP or LMTP (notify/inbound) and is handed to
// HandleReply as the raw message. It is taken once (by Message-ID), is
// no automatic mail, carries a genuine token of the decision in its
// recipient, comes from the seat's member and is vouched for by the club's
// mail server; then its lines are read against the legal moves and played
// through the store's one path, or it is a message at the table. The
// member gets an answer every time — at their own address, never at the
// message's From, so a forged mail makes Rondel write to nobody else.

// HandleReply takes one message that came in. It returns an error only
// when the message should be delivered again later (the database failed);
// a message refused for any reason is answered or dropped, and nil.
func (s *Service) HandleReply(ctx context.Context, raw []byte) error {
	if !s.replies.Enabled {
		return errors.New("notify: replies are not enabled")
	}
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		s.log.Info("notify: reply unreadable, dropped", "err", err)
		return nil
	}
	from := fromAddress(msg.Header)
	msgID := strings.TrimSpace(msg.Header.Get("Message-Id"))
	switch {
	case msgID == "": // the same bytes are the same message
		sum := sha256.Sum256(raw)
		msgID = "sha256:" + hex.EncodeToString(sum[:])
	case len(msgID) > 250: // kept short in the table
		sum := sha256.Sum256([]byte(msgID))
		msgID = "sha256:" + hex.EncodeToString(sum[:])
	}
	id, fresh, recent, err := s.st.TakeInbound(ctx, msgID, from, time.Hour)
	if err != nil {
		return err
	}
	if !fresh {
		s.log.Info("notify: reply seen before, dropped", "message_id", msgID)
		return nil
	}
	outcome := "rate limited"
	if recent < s.replies.PerSenderHour {
		if outcome, err = s.handleReply(ctx, msg.Header, from, id, raw); err != nil {
			// Taken back, so the delivery retried later is taken afresh;
			// a move already played makes the token stale (nothing twice).
			return errors.Join(err, s.st.ForgetInbound(ctx, id))
		}
	}
	s.log.Info("notify: reply", "message_id", msgID, "from", from, "outcome", outcome)
	return s.st.NoteInbound(ctx, id, outcome)
}

// handleReply does what a fresh message asks and says what it did.
func (s *Service) handleReply(ctx context.Context, h mail.Header, from string, inboundID int64, raw []byte) (string, error) {
	if why := automatic(h, from, s.ownAddresses()); why != "" {
		return "automatic (" + why + "): not answered", nil
	}
	l, ok := s.findToken(h)
	if !ok {
		if t, ok := s.findMessageToken(h); ok {
			return s.handleMessageReply(ctx, h, from, inboundID, raw, t)
		}
		return "no genuine token: not answered", nil
	}
	pos, err := s.st.Current(ctx, l.Game)
	if errors.Is(err, store.ErrNotFound) {
		return "no such game: not answered", nil
	}
	if err != nil {
		return "", err
	}
	member, err := s.st.User(ctx, l.User)
	if errors.Is(err, store.ErrNotFound) {
		return "no such member: not answered", nil
	}
	if err != nil {
		return "", err
	}
	a := replyAnswer{link: l, pos: pos, kind: fmt.Sprintf("%s-%d", kindReply, inboundID), seq: pos.Seq, since: -1}
	if !strings.EqualFold(member.Email, from) {
		return "From is not the seat's member: confirmation link", s.answerCheck(ctx, a, "mail.reply.why_from")
	}
	_, fromDomain, _ := splitAddress(from)
	if ok, why := authenticated(h, s.replies.AuthservID, fromDomain); !ok {
		return "not authenticated (" + why + "): confirmation link", s.answerCheck(ctx, a, "mail.reply.why_auth")
	}
	switch {
	case pos.State == nil || pos.Game.Status != store.StatusActive || pos.State.Finished():
		a.paras = []words.Text{words.New("mail.reply.game_over")}
		return "game over", s.answer(ctx, a)
	case l.Seat < 0 || l.Seat >= len(pos.Seats) || pos.Seats[l.Seat].UserID != l.User:
		a.paras = []words.Text{words.New("mail.reply.not_yours")}
		return "seat not the member's", s.answer(ctx, a)
	}
	if l.Seq != pos.Seq {
		// An old turn's reply is never read: the position it was written
		// for is gone, and its moves must not be taken for words to the
		// table against the new one.
		a.paras, a.decision = []words.Text{words.New("mail.reply.moved_on")}, true
		return "stale token: current decision sent", s.answer(ctx, a)
	}
	text, err := reply.Body(raw)
	if err != nil {
		text = ""
	}
	res := s.reader.Read(pos.State, l.Seat, text)
	switch {
	case res.Message && strings.TrimSpace(text) != "":
		return s.postReply(ctx, a, text)
	case res.Message:
		a.paras, a.decision = []words.Text{words.New("mail.reply.empty")}, true
		return "empty: current decision sent", s.answer(ctx, a)
	case len(res.Failures) > 0:
		a.paras, a.decision = []words.Text{words.New("mail.reply.not_played")}, true
		for _, f := range res.Failures {
			a.lines = append(a.lines, f.Texts()...)
		}
		return fmt.Sprintf("%d lines refused", len(res.Failures)), s.answer(ctx, a)
	}
	return s.playReply(ctx, a, res.Moves)
}

// ownAddresses are Rondel's own: mail from them is a loop.
func (s *Service) ownAddresses() []string {
	own := []string{s.replies.Address}
	if a, err := mail.ParseAddress(s.from); err == nil {
		own = append(own, a.Address)
	}
	if a, err := mail.ParseAddress(s.replies.Address); err == nil {
		own = append(own, a.Address)
	}
	return own
}

// playByMail plays one move of a reply through the store's one path, as
// the seat's member, with the cause "mail" (store.CauseMail): the log
// entry says it came by mail, and after the commit the observer plays the
// standing orders that now answer, as after a move from the web.
func (s *Service) playByMail(ctx context.Context, l DecisionLink, seq int, move json.RawMessage) (*store.Played, error) {
	return s.st.AppendMove(ctx, store.Submit{GameID: l.Game, Seat: l.Seat, Seq: seq, Move: move, UserID: l.User,
		Cause: store.Cause{Kind: store.CauseMail}, Note: words.Encode(words.New("mail.note.mail_reply"))})
}

// playReply plays a reply's moves in order and answers what was played
// (in the words of the history) and the next decision.
func (s *Service) playReply(ctx context.Context, a replyAnswer, moves []reply.Move) (string, error) {
	seq, played := a.pos.Seq, 0
	var stop error
	for _, m := range moves {
		p, err := s.playByMail(ctx, a.link, seq, m.Move)
		if err != nil {
			stop = err
			break
		}
		seq, played = p.Seq, played+1
	}
	var gone *store.GameChangedError
	var refused *store.IllegalMoveError
	var notTo *store.NotToActError
	switch {
	case stop == nil:
	case errors.As(stop, &gone), errors.As(stop, &refused), errors.As(stop, &notTo), errors.Is(stop, store.ErrNotActive),
		errors.Is(stop, store.ErrNotPlaying):
		if played > 0 {
			a.after = []words.Text{words.New("mail.reply.stopped").Num("count", played)}
		}
	default:
		if played == 0 {
			return "", stop
		}
		s.log.Error("notify: reply played in part", "game", a.link.Game, "err", stop)
		a.after = []words.Text{words.New("mail.reply.stopped").Num("count", played)}
	}
	pos, err := s.st.Current(ctx, a.link.Game)
	if err != nil {
		return "", err
	}
	a.since, a.pos, a.decision = a.pos.Seq, pos, true
	if played > 0 {
		a.paras = []words.Text{words.New("mail.reply.played")}
	} else {
		a.paras = []words.Text{words.New("mail.reply.moved_on")}
	}
	return fmt.Sprintf("played %d of %d moves", played, len(moves)), s.answer(ctx, a)
}

// postReply posts a reply that holds no command at the table.
func (s *Service) postReply(ctx context.Context, a replyAnswer, text string) (string, error) {
	return s.postReplyTo(ctx, a, nil, text)
}

// postReplyTo posts a reply's words at the table (to nil) or to one seat
// alone, as the member's message, and answers what became of them.
func (s *Service) postReplyTo(ctx context.Context, a replyAnswer, to *int, text string) (string, error) {
	_, err := s.st.PostMessage(ctx, a.link.Game, a.link.User, to, text, s.messagesPerHour)
	if err != nil {
		var we *words.Error
		if !errors.As(err, &we) && !errors.Is(err, store.ErrNotAtTable) {
			return "", err
		}
		a.paras = []words.Text{words.New("mail.reply.not_posted")}
		if we != nil {
			a.lines = []words.Text{we.Msg}
		}
		return "message refused: " + err.Error(), s.answer(ctx, a)
	}
	a.quote = text
	if to != nil {
		a.paras = []words.Text{words.New("mail.reply.posted_private").Seat("player", *to)}
		return "posted to one alone", s.answer(ctx, a)
	}
	a.paras = []words.Text{words.New("mail.reply.posted")}
	return "posted at the table", s.answer(ctx, a)
}
