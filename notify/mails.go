package notify

import (
	"fmt"
	"strings"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
)

// clockFor makes a game clock from a configured preset.
func (s *Service) clockFor(gameID int64, preset string, skipWeekends bool) *store.GameClock {
	p, ok := s.cfg.Preset(preset)
	if !ok {
		p, _ = s.cfg.Preset(s.cfg.Deadline)
	}
	secs := func(h float64) int64 { return int64(config.Hours(h).Seconds()) }
	return &store.GameClock{GameID: gameID, Preset: p.Name, PerMoveSecs: secs(p.PerMoveHours), BankSecs: secs(p.BankHours),
		BonusSecs: secs(p.BonusHours), CapSecs: secs(p.CapHours), SkipWeekends: skipWeekends,
		Policy: s.cfg.Timeout.Policy, SubstituteSecs: secs(s.cfg.Timeout.SubstituteHours), DropAfter: s.cfg.Timeout.DropAfter}
}

// maxChoices is how many legal moves a mail still lists as one-click links.
const maxChoices = 8

// turnSubject is e.g. "Rondel · Tuesday club · Italy to move, round 7".
func turnSubject(sp *words.Speaker, gameName string, d game.Decision, round, seq int) string {
	h := headline(sp, d)
	id, n := "mail.turn.move", seq+1
	if r := round; r > 0 {
		id, n = "mail.turn.round", r
	}
	if isQuestion(h) {
		id += "_after_question"
	}
	return gameSubject(sp, gameName, sp.T(id, "what", h, "n", n))
}

// mailTurnAt queues the turn mail of the turn that began at turn, said
// at the position seq (a held-back mail is said when it is sent): one
// mail per turn, keyed by the turn.
func (s *Service) mailTurnAt(tx *store.NotifyTx, v *gameView, seat int, st game.State, fresh []game.Decision, seq, turn, since int, dl *store.Deadline) error {
	u := v.users[seat]
	ok, err := s.wantsMail(tx, u, v.game.ID, true)
	if err != nil || !ok {
		return err
	}
	sc, err := s.seatClock(tx, v, seat)
	if err != nil || sc.Dropped {
		return err
	}
	orders, err := tx.StandingOrders(v.game.ID, seat)
	if err != nil {
		return err
	}
	if _, _, _, ok := autoAnswer(st, seat, orders, false); ok {
		return nil // a standing order answers at once: nothing to ask
	}
	sp := speakerFor(u, v)
	l, err := s.turnLetter(tx, sp, v, seat, st, fresh, seq, since, dl)
	if err != nil {
		return err
	}
	row, err := s.outboxRow(v.game.ID, turn, kindTurn, u, turnSubject(sp, v.game.Name, fresh[0], s.rounds.of(st), seq), l)
	if err != nil {
		return err
	}
	_, err = tx.Enqueue(row)
	return err
}

func (s *Service) turnLetter(tx *store.NotifyTx, sp *words.Speaker, v *gameView, seat int, st game.State, fresh []game.Decision, seq, since int, dl *store.Deadline) (letter, error) {
	u := v.users[seat]
	l := letter{sp: sp, Greeting: greeting(sp, u)}
	l.Paras = append(l.Paras, sp.T("mail.turn.intro", "game", v.game.Name))
	var asked []string
	for _, d := range fresh {
		asked = append(asked, sp.Say(d.Prompt))
	}
	l.Lists = append(l.Lists, list{sp.T("mail.turn.asked"), asked})
	l.Picture = s.letterPicture(sp, u, v, st, seat, seq, since, asked)
	happened, err := s.happened(tx, sp, v, since, seq)
	if err != nil {
		return l, err
	}
	if len(happened) > 0 {
		l.Lists = append(l.Lists, list{sp.T("mail.turn.happened"), happened})
	}
	news, err := s.newMessages(tx, sp, v.game.ID, u.ID)
	if err != nil {
		return l, err
	}
	if news != nil {
		l.Lists = append(l.Lists, *news)
	}
	if ds, ok := st.(game.Describer); ok {
		if sit := strings.TrimSpace(sp.Sentences(ds.Situation(seat))); sit != "" {
			l.After = append(l.After, sp.T("mail.turn.situation", "situation", sit))
		}
	}
	l.After = append(l.After, sp.T("mail.turn.deadline", "when", when(sp, dl.DueAt, tx.TimeZone(u.ID), v.now)))
	link := DecisionLink{Game: v.game.ID, Seat: seat, Seq: seq, User: u.ID, Choice: -1}
	l.Main = action{sp.T("mail.action.decision"), s.DecisionURL(link)}
	if l.ReplyTo = s.replyAddress(link); l.ReplyTo != "" {
		l.After = append(l.After, sp.T("mail.turn.reply"))
	}
	l.Footer = append(l.Footer, action{sp.T("mail.footer.orders"), fmt.Sprintf("%s/games/%d/notify", s.base, v.game.ID)})
	if moves := st.LegalMoves(seat); len(moves) > 0 && len(moves) <= maxChoices {
		for i, label := range choiceLabels(sp, moves) {
			link.Choice = i
			l.Choices = append(l.Choices, action{label, s.DecisionURL(link)})
		}
	}
	return l, nil
}

// choiceLabels says the moves' labels; where two moves have the same
// label ("take 1" from either pile), each is said with its group.
func choiceLabels(sp *words.Speaker, moves []game.LegalMove) []string {
	out := make([]string, len(moves))
	count := map[string]int{}
	for i, m := range moves {
		out[i] = sp.Say(m.Label)
		count[out[i]]++
	}
	for i, m := range moves {
		if count[out[i]] > 1 && !m.Group.IsZero() {
			out[i] = sp.T("mail.choice", "group", m.Group, "label", out[i])
		}
	}
	return out
}

// happened describes the moves after since up to seq, the newest 25.
func (s *Service) happened(tx *store.NotifyTx, sp *words.Speaker, v *gameView, since, seq int) ([]string, error) {
	if since >= seq {
		return nil, nil
	}
	moves, err := tx.MovesSince(v.game.ID, max(since, seq-25))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range moves {
		if m.Seq > seq {
			break // rendered after the commit: later moves are not this mail's
		}
		out = append(out, describeMove(sp, m))
	}
	return out, nil
}

// describeMove is one line of the log: who, what, and by whom if not them.
// sp names the seats as they are named now.
func describeMove(sp *words.Speaker, m store.Move) string {
	name := sp.SeatName(m.Seat)
	if m.TakeBack {
		return sp.T("mail.takeback.line", "player", name, "n", m.Seq-1)
	}
	var said []words.Text
	for _, e := range m.EventList() {
		t := strings.TrimSpace(sp.Say(e.Msg))
		if t == "" {
			continue
		}
		if !endsSentence(t) {
			t = sp.T("mail.move.sentence", "words", t)
		}
		said = append(said, words.Raw(t))
	}
	line := sp.T("mail.move.moved", "player", name)
	if len(said) > 0 {
		line = sp.Sentences(said)
		if !strings.Contains(line, name) {
			line = sp.T("mail.move.who", "player", name, "what", line)
		}
	}
	note := words.Decode(m.Note)
	switch {
	case m.By == store.ByCaretaker && note.IsZero():
		line = sp.T("mail.move.by_caretaker", "what", line)
	case m.By == store.ByCaretaker:
		line = sp.T("mail.move.by_caretaker_why", "what", line, "why", note)
	case m.By == store.ByStandingOrder:
		line = sp.T("mail.move.by_order", "what", line, "order", note)
	}
	return line
}

// mailEnd tells everyone the scores and their place.
func (s *Service) mailEnd(tx *store.NotifyTx, v *gameView, res *game.Result, seq int) error {
	for seat, u := range v.users {
		ok, err := s.wantsMail(tx, u, v.game.ID, false)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		sp := speakerFor(u, v)
		l := letter{sp: sp, Greeting: greeting(sp, u), Paras: []string{sp.T("mail.end.over", "game", v.game.Name)},
			Main: action{sp.T("mail.action.final"), fmt.Sprintf("%s/games/%d", s.base, v.game.ID)}}
		if res != nil && seat < len(res.Places) {
			l.Paras = append(l.Paras, sp.T("mail.end.place", "place", res.Places[seat], "count", res.Scores[seat]))
			var items []string
			for i := range v.seats {
				if i < len(res.Scores) && i < len(res.Places) {
					items = append(items, sp.T("mail.end.score", "place", res.Places[i], "player", words.Seat(i), "count", res.Scores[i]))
				}
			}
			l.Lists = append(l.Lists, list{sp.T("mail.end.scores"), items})
			if !res.TieBreak.IsZero() {
				l.Paras = append(l.Paras, sp.T("mail.end.ties", "how", res.TieBreak))
			}
		}
		row, err := s.outboxRow(v.game.ID, seq, kindEnd, u, gameSubject(sp, v.game.Name, sp.T("mail.end.subject")), l)
		if err != nil {
			return err
		}
		if _, err := tx.Enqueue(row); err != nil {
			return err
		}
	}
	return nil
}
