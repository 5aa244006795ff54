package notify

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"rondel/game"
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

var choosePrompt = regexp.MustCompile(`^Choose (.+?)'s space on the rondel`)

// headline says in a few words what a decision is: "Italy to move" for a
// rondel choice, else the engine's prompt.
func headline(d game.Decision) string {
	if m := choosePrompt.FindStringSubmatch(d.Prompt); m != nil {
		return m[1] + " to move"
	}
	p := strings.TrimSuffix(strings.TrimSpace(d.Prompt), ".")
	if len(p) > 80 {
		p = p[:77] + "..."
	}
	return p
}

// roundOf reads a game's round from its encoded state, when the engine
// keeps one at the top level ("round"); 0 when not.
func roundOf(st game.State) int {
	b, err := st.MarshalJSON()
	if err != nil {
		return 0
	}
	var top struct {
		Round int `json:"round"`
	}
	if json.Unmarshal(b, &top) != nil {
		return 0
	}
	return top.Round
}

// turnSubject is e.g. "Rondel · Tuesday club · Italy to move, round 7".
func turnSubject(gameName string, d game.Decision, st game.State, seq int) string {
	h := headline(d)
	sep := ", "
	if strings.HasSuffix(h, "?") {
		sep = " · "
	}
	s := fmt.Sprintf("Rondel · %s · %s%s", gameName, h, sep)
	if r := roundOf(st); r > 0 {
		return s + fmt.Sprintf("round %d", r)
	}
	return s + fmt.Sprintf("move %d", seq+1)
}

// mailTurn queues the mail telling a seat what it must decide now.
func (s *Service) mailTurn(tx *store.NotifyTx, v *gameView, seat int, st game.State, fresh []game.Decision, seq, since int, dl *store.Deadline) error {
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
	l, err := s.turnLetter(tx, v, seat, st, fresh, seq, since, dl)
	if err != nil {
		return err
	}
	row, err := s.outboxRow(v.game.ID, seq, kindTurn, u, turnSubject(v.game.Name, fresh[0], st, seq), l)
	if err != nil {
		return err
	}
	_, err = tx.Enqueue(row)
	return err
}

func (s *Service) turnLetter(tx *store.NotifyTx, v *gameView, seat int, st game.State, fresh []game.Decision, seq, since int, dl *store.Deadline) (letter, error) {
	u := v.users[seat]
	l := letter{Greeting: "Hello " + u.Name() + ","}
	l.Paras = append(l.Paras, fmt.Sprintf("It is your turn in %s.", v.game.Name))
	var asked []string
	for _, d := range fresh {
		asked = append(asked, d.Prompt)
	}
	l.Lists = append(l.Lists, list{"You are asked:", asked})
	happened, err := s.happened(tx, v, since, seq)
	if err != nil {
		return l, err
	}
	if len(happened) > 0 {
		l.Lists = append(l.Lists, list{"What happened since your last turn:", happened})
	}
	if ds, ok := st.(game.Describer); ok {
		if sit := strings.TrimSpace(ds.Situation(seat)); sit != "" {
			l.After = append(l.After, "Your situation: "+sit)
		}
	}
	l.After = append(l.After, "Deadline: "+when(dl.DueAt, tx.TimeZone(u.ID), v.now)+".")
	link := DecisionLink{Game: v.game.ID, Seat: seat, Seq: seq, User: u.ID, Choice: -1}
	l.Main = action{"Open your decision", s.DecisionURL(link)}
	l.Footer = append(l.Footer, action{"Standing orders and deadlines", fmt.Sprintf("%s/games/%d/notify", s.base, v.game.ID)})
	if moves := st.LegalMoves(seat); len(moves) > 0 && len(moves) <= maxChoices {
		for i, m := range moves {
			link.Choice = i
			l.Choices = append(l.Choices, action{m.Label, s.DecisionURL(link)})
		}
	}
	return l, nil
}

// happened describes the moves after since up to seq, the newest 25.
func (s *Service) happened(tx *store.NotifyTx, v *gameView, since, seq int) ([]string, error) {
	if since >= seq {
		return nil, nil
	}
	moves, err := tx.MovesSince(v.game.ID, max(since, seq-25))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range moves {
		out = append(out, describeMove(m, v.seats))
	}
	return out, nil
}

// describeMove is one line of the log: who, what, and by whom if not them.
func describeMove(m store.Move, seats []store.Seat) string {
	name := fmt.Sprintf("seat %d", m.Seat+1)
	if m.Seat >= 0 && m.Seat < len(seats) {
		name = seats[m.Seat].Name
	}
	var texts []string
	for _, e := range m.EventList() {
		t := strings.TrimSpace(e.Text)
		if t != "" && !strings.ContainsAny(t[len(t)-1:], ".!?:") {
			t += "."
		}
		texts = append(texts, t)
	}
	line := name + " moved."
	if len(texts) > 0 {
		line = strings.Join(texts, " ")
		if !strings.Contains(line, name) {
			line = name + ": " + line
		}
	}
	switch m.By {
	case store.ByCaretaker:
		line += " (by the caretaker: " + m.Note + ")"
	case store.ByStandingOrder:
		line += " (by standing order: " + m.Note + ")"
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
		l := letter{Greeting: "Hello " + u.Name() + ",", Paras: []string{v.game.Name + " is over."},
			Main: action{"See the final position", fmt.Sprintf("%s/games/%d", s.base, v.game.ID)}}
		if res != nil && seat < len(res.Places) {
			l.Paras = append(l.Paras, fmt.Sprintf("You finished in place %d with %d points.", res.Places[seat], res.Scores[seat]))
			var items []string
			for i, st := range v.seats {
				if i < len(res.Scores) {
					items = append(items, fmt.Sprintf("%d. %s: %d points", res.Places[i], st.Name, res.Scores[i]))
				}
			}
			l.Lists = append(l.Lists, list{"Scores:", items})
			if res.TieBreak != "" {
				l.Paras = append(l.Paras, "Ties: "+res.TieBreak)
			}
		}
		row, err := s.outboxRow(v.game.ID, seq, kindEnd, u, fmt.Sprintf("Rondel · %s · the game is over", v.game.Name), l)
		if err != nil {
			return err
		}
		if _, err := tx.Enqueue(row); err != nil {
			return err
		}
	}
	return nil
}
