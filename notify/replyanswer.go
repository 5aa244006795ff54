package notify

import (
	"context"
	"fmt"

	"rondel/game/words"
	"rondel/store"
)

// kindReply is the outbox kind of an answer to a reply ("reply-<id>" of
// the message that came in; "reply-check" for the confirmation link).
const kindReply = "reply"

// replyAnswer is what the answer to one reply says.
type replyAnswer struct {
	link    DecisionLink
	pos     *store.Position // the position the answer speaks of
	kind    string
	seq     int
	subject string       // mail.reply.subject.*; "" for "answer"
	paras   []words.Text // what happened to the reply
	quote   string       // the words posted at the table
	lines   []words.Text // for each line not played, why
	after   []words.Text
	// since: the moves after it up to pos are listed as played (-1: none).
	since int
	// decision: the seat's decision now follows (asked, board, links).
	decision bool
}

// answerCheck answers a reply that could not be checked as the member's:
// nothing is played, the member gets the link to confirm on the page. One
// such answer per position and member, so a forger cannot fill a
// member's mailbox.
func (s *Service) answerCheck(ctx context.Context, a replyAnswer, why string) error {
	a.kind, a.seq, a.subject = kindReply+"-check", a.pos.Seq, "mail.reply.subject.check"
	a.paras = []words.Text{words.New("mail.reply.not_checked").Sub("why", words.New(why))}
	a.decision = true
	return s.answer(ctx, a)
}

// answer queues the answer mail to the seat's member (at their address in
// the store) and sends it.
func (s *Service) answer(ctx context.Context, a replyAnswer) error {
	err := s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		v, err := s.loadView(tx, a.link.Game)
		if err != nil {
			return err
		}
		u, err := tx.User(a.link.User)
		if err != nil {
			return err
		}
		sp := speaker(u.Language, seatNames(v.seats))
		l := letter{sp: sp, Greeting: greeting(sp, *u)}
		for _, p := range a.paras {
			l.Paras = append(l.Paras, sp.Say(p))
		}
		if a.quote != "" {
			l.Paras = append(l.Paras, a.quote)
		}
		if a.since >= 0 {
			done, err := s.happened(tx, sp, v, a.since, a.pos.Seq)
			if err != nil {
				return err
			}
			l.Lists = append(l.Lists, list{sp.T("mail.reply.played_list"), done})
		}
		if len(a.lines) > 0 {
			var items []string
			for _, t := range a.lines {
				items = append(items, sp.Say(t))
			}
			l.Lists = append(l.Lists, list{sp.T("mail.reply.lines"), items})
		}
		for _, t := range a.after {
			l.After = append(l.After, sp.Say(t))
		}
		if a.decision {
			s.replyDecision(tx, &l, v, *u, a)
		} else {
			l.Main = action{sp.T("mail.action.game"), fmt.Sprintf("%s/games/%d", s.base, v.game.ID)}
		}
		subject := "mail.reply.subject.answer"
		if a.subject != "" {
			subject = a.subject
		}
		row, err := s.outboxRow(v.game.ID, a.seq, a.kind, *u, gameSubject(sp, v.game.Name, sp.T(subject)), l)
		if err != nil {
			return err
		}
		_, err = tx.Enqueue(row)
		return err
	})
	if err != nil {
		return fmt.Errorf("notify: answering a reply: %w", err)
	}
	s.kick(ctx)
	return nil
}

// replyDecision adds the seat's decision now to an answer: what is asked,
// the board, the link to the page and, for the next reply, a Reply-To of
// this position; or that there is nothing to decide.
func (s *Service) replyDecision(tx *store.NotifyTx, l *letter, v *gameView, u store.User, a replyAnswer) {
	sp, pos, seat := l.sp, a.pos, a.link.Seat
	var asked []string
	if pos.State != nil && pos.Game.Status == store.StatusActive && !pos.State.Finished() && pos.Seats[seat].UserID == u.ID {
		for _, d := range pos.State.ToAct() {
			if d.Seat == seat {
				asked = append(asked, sp.Say(d.Prompt))
			}
		}
	}
	if len(asked) == 0 {
		l.After = append(l.After, sp.T("mail.reply.no_decision"))
		l.Main = action{sp.T("mail.action.game"), fmt.Sprintf("%s/games/%d", s.base, v.game.ID)}
		return
	}
	l.Lists = append(l.Lists, list{sp.T("mail.turn.asked"), asked})
	since := a.since
	if since < 0 {
		since = pos.Seq
	}
	l.Picture = s.letterPicture(sp, u, v, pos.State, seat, pos.Seq, since, asked)
	link := DecisionLink{Game: v.game.ID, Seat: seat, Seq: pos.Seq, User: u.ID, Choice: -1}
	l.Main = action{sp.T("mail.action.decision"), s.DecisionURL(link)}
	if l.ReplyTo = s.replyAddress(link); l.ReplyTo != "" {
		l.After = append(l.After, sp.T("mail.turn.reply"))
	}
	if moves := pos.State.LegalMoves(seat); len(moves) > 0 && len(moves) <= maxChoices {
		for i, label := range choiceLabels(sp, moves) {
			link.Choice = i
			l.Choices = append(l.Choices, action{label, s.DecisionURL(link)})
		}
	}
}
