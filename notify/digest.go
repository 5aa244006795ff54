package notify

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"rondel/store"
)

// Digests queues, once a day from the configured hour, one mail to each
// person who chose a daily digest, listing every game where they must
// act, the least time left first.
func (s *Service) Digests(ctx context.Context) error {
	now := s.now()
	if now.Hour() < s.cfg.DigestHour {
		return nil
	}
	pending, err := s.st.Pending(ctx)
	if err != nil {
		return err
	}
	open, err := s.st.OpenDeadlines(ctx)
	if err != nil {
		return err
	}
	due := map[[2]int64]time.Time{}
	for _, d := range open {
		due[[2]int64{d.GameID, int64(d.Seat)}] = d.DueAt
	}
	type item struct {
		p   store.Pending
		due time.Time
	}
	per := map[int64][]item{}
	users := map[int64]store.User{}
	for _, p := range pending {
		if p.User.Notify != store.NotifyDaily || s.st.IsUnsubscribed(ctx, p.User.ID, p.Game.ID) {
			continue
		}
		users[p.User.ID] = p.User
		per[p.User.ID] = append(per[p.User.ID], item{p, due[[2]int64{p.Game.ID, int64(p.Seat.Seat)}]})
	}
	day := int(now.Unix() / 86400)
	var errs []error
	for uid, items := range per {
		sort.SliceStable(items, func(i, j int) bool { return dueBefore(items[i].due, items[j].due) })
		u := users[uid]
		tz := s.st.TimeZone(ctx, uid)
		var lines []string
		for _, it := range items {
			link := s.DecisionURL(DecisionLink{Game: it.p.Game.ID, Seat: it.p.Seat.Seat, Seq: it.p.Seq, User: uid, Choice: -1})
			due := "no deadline"
			if !it.due.IsZero() {
				due = "deadline " + when(it.due, tz, now)
			}
			lines = append(lines, fmt.Sprintf("%s: %s — %s — %s", it.p.Game.Name, it.p.Decision.Prompt, due, link))
		}
		l := letter{Greeting: "Hello " + u.Name() + ",",
			Paras: []string{fmt.Sprintf("You have %d %s waiting, the least time left first.", len(items), plural(len(items), "decision"))},
			Lists: []list{{"Your decisions:", lines}},
			Main:  action{"Your games", s.base + "/"}}
		row, err := s.outboxRow(0, day, kindDigest, u, fmt.Sprintf("Rondel · your daily digest · %d %s waiting", len(items), plural(len(items), "decision")), l)
		if err == nil {
			_, err = s.st.Enqueue(ctx, row)
		}
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Abandoned ends games with no move for the configured number of days,
// and tells the players.
func (s *Service) Abandoned(ctx context.Context) error {
	if s.cfg.AbandonDays <= 0 {
		return nil
	}
	idle, err := s.st.GamesIdleSince(ctx, s.now().Add(-time.Duration(s.cfg.AbandonDays)*24*time.Hour))
	if err != nil {
		return err
	}
	var errs []error
	for _, g := range idle {
		errs = append(errs, s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
			ended, err := tx.EndGame(g.ID)
			if err != nil || !ended {
				return err
			}
			v, err := s.loadView(tx, g.ID)
			if err != nil {
				return err
			}
			now := tx.Now()
			v.clock.AbandonedAt = &now
			if err := tx.SaveGameClock(v.clock); err != nil {
				return err
			}
			open, err := tx.OpenDeadlines(g.ID)
			if err != nil {
				return err
			}
			for i := range open {
				if err := tx.CloseDeadline(&open[i], store.OutcomeFinished); err != nil {
					return err
				}
			}
			moves, err := tx.MovesSince(g.ID, 0)
			if err != nil {
				return err
			}
			return s.mailEveryone(tx, v, len(moves), kindAbandoned, fmt.Sprintf("Rondel · %s · ended as abandoned", v.game.Name),
				fmt.Sprintf("Nobody moved in %s for %d days, so it has ended as abandoned. It has no winner.", v.game.Name, s.cfg.AbandonDays))
		}))
	}
	return errors.Join(errs...)
}

// Absence limits, from the configuration.
var (
	ErrAbsenceTooLong = errors.New("an absence may last at most the configured number of days at once")
	ErrAbsenceYear    = errors.New("that absence would exceed the days allowed per year")
	ErrAbsenceDates   = errors.New("an absence must end after it starts, and in the future")
)

// DeclareAbsence records that a person is away from from until until:
// their running deadlines move by the time they are away, and the other
// players of their games are told.
func (s *Service) DeclareAbsence(ctx context.Context, userID int64, from, until time.Time) error {
	from, until = from.UTC(), until.UTC()
	now := s.now()
	if !until.After(from) || !until.After(now) {
		return ErrAbsenceDates
	}
	if until.Sub(from) > time.Duration(s.cfg.Absence.MaxDaysAtOnce)*24*time.Hour {
		return ErrAbsenceTooLong
	}
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		yearStart := time.Date(from.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
		yearEnd := yearStart.AddDate(1, 0, 0)
		had, err := tx.AbsencesBetween(userID, yearStart, yearEnd)
		if err != nil {
			return err
		}
		used := overlap(from, until, yearStart, yearEnd)
		for _, a := range had {
			used += overlap(a.FromAt, a.UntilAt, yearStart, yearEnd)
		}
		if used > time.Duration(s.cfg.Absence.MaxDaysPerYear)*24*time.Hour {
			return ErrAbsenceYear
		}
		a := &store.Absence{UserID: userID, FromAt: from, UntilAt: until}
		if err := tx.AddAbsence(a); err != nil {
			return err
		}
		seats, err := tx.SeatsOfUser(userID)
		if err != nil {
			return err
		}
		for _, st := range seats {
			if err := s.moveDeadline(tx, st, a); err != nil {
				return err
			}
		}
		return nil
	})
}

func overlap(a0, a1, b0, b1 time.Time) time.Duration {
	lo, hi := a0, a1
	if b0.After(lo) {
		lo = b0
	}
	if b1.Before(hi) {
		hi = b1
	}
	if hi.After(lo) {
		return hi.Sub(lo)
	}
	return 0
}

// moveDeadline recomputes a seat's running deadline after an absence and
// tells the other players.
func (s *Service) moveDeadline(tx *store.NotifyTx, st store.Seat, a *store.Absence) error {
	v, err := s.loadView(tx, st.GameID)
	if err != nil {
		return err
	}
	if dl, err := tx.OpenDeadline(st.GameID, st.Seat); err != nil {
		return err
	} else if dl != nil {
		sc, err := s.seatClock(tx, v, st.Seat)
		if err != nil {
			return err
		}
		cal, err := s.seatCalendar(tx, v, st.Seat, dl.AskedAt)
		if err != nil {
			return err
		}
		dl.DueAt = cal.add(dl.AskedAt, allowance(v.clock, sc))
		dl.Reminded = min(dl.Reminded, s.remindersPassed(dl.DueAt, tx.Now()))
		if err := tx.SaveDeadline(dl); err != nil {
			return err
		}
	}
	name := v.seats[st.Seat].Name
	text := fmt.Sprintf("%s is away from %s to %s. Their deadlines in %s stop while they are away.",
		name, a.FromAt.Format("Mon 2 Jan 2006 15:04 MST"), a.UntilAt.Format("Mon 2 Jan 2006 15:04 MST"), v.game.Name)
	others := *v
	others.users = nil
	for i, u := range v.users {
		if i != st.Seat {
			others.users = append(others.users, u)
		}
	}
	return s.mailEveryone(tx, &others, int(a.ID), kindAbsence, fmt.Sprintf("Rondel · %s · %s is away", v.game.Name, name), text)
}

// dueBefore orders deadlines soonest first, games without one last.
func dueBefore(a, b time.Time) bool {
	if a.IsZero() || b.IsZero() {
		return !a.IsZero() && b.IsZero()
	}
	return a.Before(b)
}
