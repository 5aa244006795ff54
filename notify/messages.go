package notify

import (
	"fmt"
	"unicode/utf8"

	"rondel/game/words"
	"rondel/store"
)

// Messages at the table reach a member one of two ways (their setting):
// listed in their next turn mail or digest, or a mail for each message,
// queued with the message. Each message is told once (store's marks).

// quoteLen is how much of a message a list in a mail quotes.
const quoteLen = 280

// observeMessage runs in the transaction of every message: each member who
// may read it and chose a mail for each message gets one.
func (s *Service) observeMessage(tx *store.NotifyTx, g store.Game, m store.Message) error {
	seats, err := tx.Seats(g.ID)
	if err != nil {
		return err
	}
	ids := make([]int64, 0, len(seats)+1)
	for _, st := range seats {
		ids = append(ids, st.UserID)
	}
	if g.CreatedBy != nil && store.SeatOf(seats, *g.CreatedBy) < 0 {
		ids = append(ids, *g.CreatedBy)
	}
	v := &gameView{game: g, seats: seats, now: tx.Now()}
	for _, id := range ids {
		if (m.UserID != nil && *m.UserID == id) || !m.VisibleTo(id) {
			continue
		}
		u, err := tx.User(id)
		if err != nil {
			return err
		}
		if u.MessageMail != store.MessageMailEach {
			continue
		}
		ok, err := s.wantsMail(tx, *u, g.ID, false)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if err := s.mailMessage(tx, v, *u, m); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) mailMessage(tx *store.NotifyTx, v *gameView, u store.User, m store.Message) error {
	sp := speakerFor(u, v)
	what := sp.T("mail.message.subject", "player", m.Name)
	intro := sp.T("mail.message.table", "player", m.Name, "game", v.game.Name)
	if m.Private() {
		what = sp.T("mail.message.subject_private", "player", m.Name)
		intro = sp.T("mail.message.private", "player", m.Name, "game", v.game.Name)
	}
	l := letter{sp: sp, Greeting: greeting(sp, u), Paras: []string{intro, m.Body},
		Main: action{sp.T("mail.action.answer"), fmt.Sprintf("%s/games/%d#messages", s.base, v.game.ID)}}
	if l.ReplyTo = s.messageReplyAddress(v.game.ID, u.ID, m); l.ReplyTo != "" {
		l.After = append(l.After, sp.T("mail.message.reply_table"))
		if m.Private() {
			l.After[len(l.After)-1] = sp.T("mail.message.reply_private", "player", m.Name)
		}
	}
	row, err := s.outboxRow(v.game.ID, 0, fmt.Sprintf("%s-%d", kindMessage, m.ID), u, gameSubject(sp, v.game.Name, what), l)
	if err != nil {
		return err
	}
	if _, err := tx.Enqueue(row); err != nil {
		return err
	}
	return tx.MarkTold(v.game.ID, u.ID, m.ID)
}

// messageList is a mail's list of new messages ("2 new messages"), each
// with who wrote it and, when private, that it is for the reader alone.
func messageList(sp *words.Speaker, gameName string, ms []store.Message) list {
	items := make([]string, len(ms))
	for i, m := range ms {
		text := m.Body
		if utf8.RuneCountInString(text) > quoteLen {
			text = string([]rune(text)[:quoteLen]) + "…"
		}
		key := "mail.message.line"
		if m.Private() {
			key = "mail.message.line_private"
		}
		items[i] = sp.T(key, "player", m.Name, "text", text)
	}
	title := sp.T("mail.message.new", "count", len(ms))
	if gameName != "" {
		title = sp.T("mail.message.new_in", "game", gameName, "new", title)
	}
	return list{title, items}
}

// newMessages lists in a turn mail the messages its reader was not told
// of yet, and marks them told.
func (s *Service) newMessages(tx *store.NotifyTx, sp *words.Speaker, gameID, userID int64) (*list, error) {
	ms, err := tx.Unread(gameID, userID)
	if err != nil || len(ms) == 0 {
		return nil, err
	}
	if err := tx.MarkTold(gameID, userID, ms[len(ms)-1].ID); err != nil {
		return nil, err
	}
	l := messageList(sp, "", ms)
	return &l, nil
}
