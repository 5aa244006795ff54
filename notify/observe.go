package notify

import (
	"fmt"
	"time"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// cause is how the observer weighs a move's store.Cause: whether the
// caretaker timed a seat out, went on with its turn, answered for it
// (a standing order, a dropped seat) or a player took a move back.
type cause struct {
	kind   string     // causeTimeout, causeContinue, causeAuto
	reason words.Text // the caretaker's reason, or the standing order
}

const (
	causeTimeout  = "timeout"   // the deadline passed: the caretaker moved
	causeContinue = "continue"  // the caretaker finishes a timed-out turn
	causeAuto     = "auto"      // a standing order or a dropped seat
	causeTakeBack = "take-back" // a player took back their last move
)

// causeOf reads a move's cause: a person's move (on a page, by mail or
// imported) has none.
func causeOf(c store.Cause) cause {
	switch c.Kind {
	case store.CauseTimeout:
		return cause{kind: causeTimeout, reason: c.Why}
	case store.CauseTimeoutRest:
		return cause{kind: causeContinue, reason: c.Why}
	case store.CauseCaretaker, store.CauseStandingOrder:
		return cause{kind: causeAuto, reason: c.Why}
	}
	return cause{}
}

// gameView is one game as the observer and the jobs see it in a transaction.
type gameView struct {
	game  store.Game
	seats []store.Seat
	users []store.User // by seat
	clock *store.GameClock
	now   time.Time
	// intended: the transaction wrote a turn-mail intent (intendTurn).
	intended bool
	// clocks: the seat clocks read or written in this transaction
	// (seatClock, saveSeatClock).
	clocks map[int]seatClockRow
}

func (s *Service) loadView(tx *store.NotifyTx, gameID int64) (*gameView, error) {
	g, err := tx.GameRow(gameID)
	if err != nil {
		return nil, err
	}
	return s.viewOf(tx, g)
}

// viewOf is loadView of a game whose row the transaction holds locked.
func (s *Service) viewOf(tx *store.NotifyTx, g *store.Game) (*gameView, error) {
	seats, err := tx.Seats(g.ID)
	if err != nil {
		return nil, err
	}
	return s.viewWith(tx, g, seats)
}

// viewWith is viewOf of the game's seats read already in tx.
func (s *Service) viewWith(tx *store.NotifyTx, g *store.Game, seats []store.Seat) (*gameView, error) {
	gameID := g.ID
	var err error
	v := &gameView{game: *g, seats: seats, now: tx.Now()}
	if v.users, err = holders(tx, seats); err != nil {
		return nil, err
	}
	if v.clock, err = s.ensureClock(tx, gameID); err != nil {
		return nil, err
	}
	return v, nil
}

// holders reads the seats' holders in one query, by seat.
func holders(tx *store.NotifyTx, seats []store.Seat) ([]store.User, error) {
	ids := make([]int64, len(seats))
	for i, st := range seats {
		ids[i] = st.UserID
	}
	us, err := tx.Users(ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]store.User, len(us))
	for _, u := range us {
		byID[u.ID] = u
	}
	out := make([]store.User, len(seats))
	for i, id := range ids {
		u, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("notify: seat %d: holder %d not found", i, id)
		}
		out[i] = u
	}
	return out, nil
}

// observeMove runs inside every move's transaction: it keeps the deadlines
// and queues one mail per newly asked seat, the timeout and the end mails.
func (s *Service) observeMove(tx *store.NotifyTx, m store.MoveDone) error {
	var v *gameView
	var err error
	if m.TakeBack || m.After.Finished() {
		v, err = s.loadView(tx, m.Game.ID)
	} else {
		// The store locked the game's row and read it; a move that does
		// not end the game leaves it as it was (m.Game), and its seats.
		if m.Seats != nil {
			v, err = s.viewWith(tx, &m.Game, m.Seats)
		} else {
			v, err = s.viewOf(tx, &m.Game)
		}
	}
	if err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	c := causeOf(m.Cause)
	if m.TakeBack {
		return s.observeTakeBack(tx, v, m)
	}
	if c.kind == causeTimeout {
		if err := s.recordTimeout(tx, v, m, c.reason); err != nil {
			return err
		}
	} else if m.By == store.ByPlayer {
		if err := s.resetTimeouts(tx, v, m.Seat); err != nil {
			return err
		}
	}
	if err := s.reconcile(tx, v, m.Before.ToAct(), m.After, m.Seq, m.Seat, c); err != nil {
		return err
	}
	s.carryTurnMails(tx, v, m)
	if m.After.Finished() {
		return s.mailEnd(tx, v, m.After.Result(), m.Seq)
	}
	return nil
}

// bySeat groups decisions by seat, keyed by kind and subject.
func bySeat(ds []game.Decision) map[int]map[string]game.Decision {
	out := map[int]map[string]game.Decision{}
	for _, d := range ds {
		if out[d.Seat] == nil {
			out[d.Seat] = map[string]game.Decision{}
		}
		out[d.Seat][d.Kind+"\x00"+d.Subject] = d
	}
	return out
}

// newDecisions lists the decisions in after that were not open before.
func newDecisions(before, after map[string]game.Decision) []game.Decision {
	var out []game.Decision
	for k, d := range after {
		if _, had := before[k]; !had {
			out = append(out, d)
		}
	}
	sortDecisions(out)
	return out
}

func sortDecisions(ds []game.Decision) {
	for i := range ds {
		for j := i + 1; j < len(ds); j++ {
			if ds[j].Kind+ds[j].Subject < ds[i].Kind+ds[i].Subject {
				ds[i], ds[j] = ds[j], ds[i]
			}
		}
	}
}

// reconcile compares who must decide before and after a move (mover -1:
// the game just started) and starts or stops each seat's clock. A seat
// whose turn begins gets one turn mail; the further steps of its turn (a
// maneuver, an investor turn) get none. See turnBegins and mailOrHold.
func (s *Service) reconcile(tx *store.NotifyTx, v *gameView, before []game.Decision, after game.State, seq, mover int, c cause) error {
	b, a := bySeat(before), bySeat(after.ToAct())
	// One query, not one per seat: the running deadlines and where each
	// seat was last asked.
	running, lastAsked, err := tx.SeatDeadlines(v.game.ID)
	if err != nil {
		return err
	}
	open := map[int]*store.Deadline{}
	for i := range running {
		open[running[i].Seat] = &running[i]
	}
	for seat := range v.seats {
		dl := open[seat]
		fresh := newDecisions(b[seat], a[seat])
		switch {
		case after.Finished():
			if dl != nil {
				if err := tx.CloseDeadline(dl, store.OutcomeFinished); err != nil {
					return err
				}
			}
		case len(a[seat]) == 0:
			if dl != nil {
				if err := s.closeDeadline(tx, v, dl, seat == mover, c); err != nil {
					return err
				}
			}
		case len(fresh) > 0 || seat == mover || dl == nil:
			since := lastAsked[seat]
			begins := turnBegins(len(b[seat]) > 0, seat == mover, c)
			carry := dl
			if begins {
				carry = nil
			}
			if dl != nil {
				if err := s.closeDeadline(tx, v, dl, seat == mover, c); err != nil {
					return err
				}
			}
			nd, err := s.openDeadline(tx, v, seat, seq, carry)
			if err != nil {
				return err
			}
			if !begins {
				if nd.MailAt != nil && seat == mover && c.kind == "" {
					// Still at it on the web: the quiet delay starts again.
					if err := s.holdMail(tx, nd); err != nil {
						return err
					}
				}
				continue
			}
			asked := a[seat]
			// After a take-back the player is on the page: no turn mail
			// (those the move mailed get a short one), but the chat hears
			// whose turn it is again.
			if c.kind != causeTakeBack {
				if err := s.mailOrHold(tx, v, seat, seq, since, nd); err != nil {
					return err
				}
			}
			if err := s.noticeTurn(tx, v, seat, after, sortedDecisions(asked), seq, nd); err != nil {
				return err
			}
		}
	}
	return nil
}

// turnBegins says whether a seat asked to decide after a move begins a
// turn. A turn goes on while the seat stays asked and moves in person:
// the next unit of a maneuver, the investment after the rondel. It begins
// when the seat was not asked before, or when the caretaker or a standing
// order moved for it (the person has seen nothing of what follows).
func turnBegins(askedBefore, moved bool, c cause) bool {
	if !askedBefore {
		return true
	}
	// A take-back within the seat's own turn continues that turn.
	return moved && c.kind != "" && c.kind != causeTakeBack
}

func sortedDecisions(m map[string]game.Decision) []game.Decision {
	var out []game.Decision
	for _, d := range m {
		out = append(out, d)
	}
	sortDecisions(out)
	return out
}

// seatCalendar is the time that counts for a seat: weekends if the game
// skips them, minus the holder's absences.
func (s *Service) seatCalendar(tx *store.NotifyTx, v *gameView, seat int, from time.Time) (calendar, error) {
	abs, err := tx.Absences(v.seats[seat].UserID, from)
	if err != nil {
		return calendar{}, err
	}
	var ps []pause
	for _, a := range abs {
		ps = append(ps, pause{a.FromAt, a.UntilAt})
	}
	return newCalendar(v.clock.SkipWeekends, ps), nil
}

// allowance is the time a seat gets for a decision.
func allowance(gc *store.GameClock, sc *store.SeatClock) time.Duration {
	if gc.PerMoveSecs > 0 {
		return time.Duration(gc.PerMoveSecs) * time.Second
	}
	return time.Duration(max(sc.BankSecs, gc.BonusSecs, 3600)) * time.Second
}

// openDeadline starts a seat's clock for the decision asked at seq. carry
// is the deadline of the same turn it follows (a further step), whose
// turn and held-back mail it keeps; nil: a turn begins.
func (s *Service) openDeadline(tx *store.NotifyTx, v *gameView, seat, seq int, carry *store.Deadline) (*store.Deadline, error) {
	sc, err := s.seatClock(tx, v, seat)
	if err != nil {
		return nil, err
	}
	cal, err := s.seatCalendar(tx, v, seat, v.now)
	if err != nil {
		return nil, err
	}
	d := &store.Deadline{GameID: v.game.ID, Seat: seat, UserID: v.seats[seat].UserID, AskedSeq: seq, TurnSeq: seq, AskedAt: v.now, DueAt: cal.add(v.now, allowance(v.clock, sc))}
	if carry != nil && carry.UserID == d.UserID {
		d.TurnSeq, d.MailAt = carry.TurnSeq, carry.MailAt
	}
	d.Reminded = s.remindersPassed(d.DueAt, v.now)
	d.NextAt = s.nextAt(d)
	return d, tx.AddDeadline(d)
}

// remindersPassed counts the reminders (longest first) whose time is not
// after now: they are skipped, or already sent.
func (s *Service) remindersPassed(due, now time.Time) int {
	n := 0
	for _, off := range s.reminders {
		if due.Add(-off).After(now) {
			break
		}
		n++
	}
	return n
}

// closeDeadline stops a seat's clock. When the seat itself moved, its time
// bank pays for the time used and earns the bonus.
func (s *Service) closeDeadline(tx *store.NotifyTx, v *gameView, d *store.Deadline, moved bool, c cause) error {
	outcome := store.OutcomeMoved
	if c.kind == causeTimeout && moved {
		outcome = store.OutcomeTimeout
	}
	if moved && v.clock.PerMoveSecs == 0 && c.kind != causeContinue && c.kind != causeTakeBack {
		sc, err := s.seatClock(tx, v, d.Seat)
		if err != nil {
			return err
		}
		if outcome == store.OutcomeTimeout {
			sc.BankSecs = 0
		} else {
			cal, err := s.seatCalendar(tx, v, d.Seat, d.AskedAt)
			if err != nil {
				return err
			}
			used := int64(cal.counted(d.AskedAt, v.now) / time.Second)
			sc.BankSecs = min(max(sc.BankSecs-used, 0)+v.clock.BonusSecs, v.clock.CapSecs)
		}
		if err := s.saveSeatClock(tx, v, sc); err != nil {
			return err
		}
	}
	return tx.CloseDeadline(d, outcome)
}

// resetTimeouts: a person moved, so their run of timeouts ends.
func (s *Service) resetTimeouts(tx *store.NotifyTx, v *gameView, seat int) error {
	sc, err := s.seatClock(tx, v, seat)
	if err != nil || sc.Timeouts == 0 {
		return err
	}
	sc.Timeouts = 0
	return s.saveSeatClock(tx, v, sc)
}

// recordTimeout counts a timeout, drops the seat to the caretaker after
// too many in a row, and tells everyone.
func (s *Service) recordTimeout(tx *store.NotifyTx, v *gameView, m store.MoveDone, reason words.Text) error {
	sc, err := s.seatClock(tx, v, m.Seat)
	if err != nil {
		return err
	}
	sc.Timeouts++
	sc.TotalTimeouts++
	sc.SubstituteUntil, sc.SubstituteToken = nil, ""
	dropped := false
	if v.clock.DropAfter > 0 && sc.Timeouts >= v.clock.DropAfter && !sc.Dropped {
		sc.Dropped, dropped = true, true
	}
	if err := s.saveSeatClock(tx, v, sc); err != nil {
		return err
	}
	text := words.New("mail.timeout.moved").Seat("player", m.Seat).Sub("why", reason)
	if dropped {
		text = words.New("mail.timeout.dropped").Sub("moved", text).Seat("player", m.Seat).Count(sc.Timeouts)
	}
	return s.mailEveryone(tx, v, m.Seq, kindTimeout, words.New("mail.timeout.subject").Seat("player", m.Seat), text)
}

// mailEveryone queues one mail to every seat's holder: the same words for
// everyone, each said in their own language.
func (s *Service) mailEveryone(tx *store.NotifyTx, v *gameView, seq int, kind string, what words.Text, paras ...words.Text) error {
	return s.mailEach(tx, v, seq, kind, func(_ store.User, sp *words.Speaker) (string, []string) {
		out := make([]string, len(paras))
		for i, p := range paras {
			out[i] = sp.Say(p)
		}
		return sp.Say(what), out
	})
}

// mailEach queues one mail to every seat's holder who wants it, in their
// language (sp) and with times in their time zone: say gives the words of
// the subject after the game's name, and the paragraphs.
func (s *Service) mailEach(tx *store.NotifyTx, v *gameView, seq int, kind string, say func(u store.User, sp *words.Speaker) (what string, paras []string)) error {
	for _, u := range v.users {
		ok, err := s.wantsMail(tx, u, v.game.ID, false)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		sp := speakerFor(u, v)
		what, paras := say(u, sp)
		l := letter{sp: sp, Greeting: greeting(sp, u), Paras: paras,
			Main: action{sp.T("mail.action.game"), fmt.Sprintf("%s/games/%d", s.base, v.game.ID)}}
		row, err := s.outboxRow(v.game.ID, seq, kind, u, gameSubject(sp, v.game.Name, what), l)
		if err != nil {
			return err
		}
		if _, err := tx.Enqueue(row); err != nil {
			return err
		}
	}
	return nil
}

// wantsMail says whether a person gets a mail: not when they unsubscribed
// from the game or from everything, and turn mails only for "each".
func (s *Service) wantsMail(tx *store.NotifyTx, u store.User, gameID int64, turn bool) (bool, error) {
	if u.Notify == store.NotifyNone || (turn && u.Notify != store.NotifyEach) {
		return false, nil
	}
	off, err := tx.Unsubscribed(u.ID, gameID)
	return !off, err
}

// ensureClock gives a game its clock from the configured default preset.
func (s *Service) ensureClock(tx *store.NotifyTx, gameID int64) (*store.GameClock, error) {
	gc, err := tx.GameClock(gameID)
	if err != nil || gc != nil {
		return gc, err
	}
	gc = s.clockFor(gameID, s.cfg.Deadline, s.cfg.SkipWeekends)
	return gc, tx.SaveGameClock(gc)
}
