package notify

import (
	"context"
	"errors"
	"sort"
	"time"

	"rondel/game/words"
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
	day := int(now.Unix() / 86400)
	// Only those whose digest of today is not queued yet: one indexed
	// query, so the day's later runs cost next to nothing.
	users, err := s.st.UsersAwaitingMail(ctx, store.NotifyDaily, kindDigest, day)
	if err != nil {
		return err
	}
	var errs []error
	for _, uid := range users {
		errs = append(errs, s.digest(ctx, uid, day, now))
	}
	return errors.Join(errs...)
}

// digest queues one person's digest of the day: their decisions and
// deadlines come in one query.
func (s *Service) digest(ctx context.Context, uid int64, day int, now time.Time) error {
	pending, err := s.st.PendingOf(ctx, uid)
	if err != nil {
		return err
	}
	var items []store.Pending
	for _, p := range pending {
		if !s.st.IsUnsubscribed(ctx, uid, p.Game.ID) {
			items = append(items, p)
		}
	}
	if len(items) == 0 {
		return nil
	}
	due := func(p store.Pending) time.Time {
		if p.Due == nil {
			return time.Time{}
		}
		return *p.Due
	}
	sort.SliceStable(items, func(i, j int) bool { return dueBefore(due(items[i]), due(items[j])) })
	u := items[0].User
	tz := s.st.TimeZone(ctx, uid)
	sp := speaker(u.Language, nil)
	names := map[int64][]string{} // each game's seat names, for its prompts
	var lines []string
	for _, it := range items {
		gid := it.Game.ID
		if _, ok := names[gid]; !ok {
			seats, err := s.st.Seats(ctx, gid)
			if err != nil {
				return err
			}
			names[gid] = seatNames(seats)
		}
		link := s.DecisionURL(DecisionLink{Game: gid, Seat: it.Seat.Seat, Seq: it.Seq, User: uid, Choice: -1})
		deadline := sp.T("mail.digest.no_deadline")
		if it.Due != nil {
			deadline = sp.T("mail.digest.deadline", "when", when(sp, *it.Due, tz, now))
		}
		lines = append(lines, sp.T("mail.digest.line", "game", it.Game.Name,
			"prompt", sp.WithNames(names[gid]).Say(it.Decision.Prompt), "due", deadline, "link", link))
	}
	l := letter{sp: sp, Greeting: greeting(sp, u),
		Paras: []string{sp.T("mail.digest.intro", "count", len(items))},
		Lists: []list{{sp.T("mail.digest.list"), lines}},
		Main:  action{sp.T("mail.action.games"), s.base + "/"}}
	// The board of the most pressing decision (the first listed), as the
	// position stands; the digest runs in a job, off any request.
	if first := items[0]; !u.NoMailPictures {
		if pos, err := s.st.Current(ctx, first.Game.ID); err == nil && pos.State != nil {
			asked := []string{sp.WithNames(names[first.Game.ID]).Say(first.Decision.Prompt)}
			l.Picture = s.gamePicture(sp, u, first.Game, pos.State, first.Seat.Seat, pos.Seq, pos.Seq, asked)
		}
	}
	told, err := s.digestMessages(ctx, sp, uid, items, &l)
	if err != nil {
		return err
	}
	subject := sp.T("mail.subject.plain", "what", sp.T("mail.digest.subject", "count", len(items)))
	row, err := s.outboxRow(0, day, kindDigest, u, subject, l)
	if err != nil {
		return err
	}
	fresh, err := s.st.Outbox().Enqueue(ctx, row)
	if err != nil || !fresh {
		return err
	}
	for gid, id := range told {
		if err := s.st.MarkTold(ctx, gid, uid, id); err != nil {
			return err
		}
	}
	return nil
}

// digestMessages adds to a digest, for each of its games, the messages its
// reader was not told of, and returns the last of each game's to mark
// told once the digest is queued.
func (s *Service) digestMessages(ctx context.Context, sp *words.Speaker, uid int64, items []store.Pending, l *letter) (map[int64]int64, error) {
	told := map[int64]int64{}
	for _, it := range items {
		if _, done := told[it.Game.ID]; done {
			continue
		}
		ms, err := s.st.Unread(ctx, it.Game.ID, uid)
		if err != nil {
			return nil, err
		}
		told[it.Game.ID] = 0
		if len(ms) == 0 {
			continue
		}
		told[it.Game.ID] = ms[len(ms)-1].ID
		l.Lists = append(l.Lists, messageList(sp, it.Game.Name, ms))
	}
	for gid, id := range told {
		if id == 0 {
			delete(told, gid)
		}
	}
	return told, nil
}

// Abandoned ends games with no move for the configured number of days,
// and tells the players.
func (s *Service) Abandoned(ctx context.Context) error {
	if s.cfg.AbandonDays <= 0 {
		return nil
	}
	cutoff := s.now().Add(-time.Duration(s.cfg.AbandonDays) * 24 * time.Hour)
	idle, err := s.st.GamesIdleSince(ctx, cutoff)
	if err != nil {
		return err
	}
	var errs []error
	for _, g := range idle {
		_, err := s.st.EndIdleGame(ctx, g.ID, cutoff) // a move since the list was read keeps it
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// mailAbandoned stops the clocks of a game ended as abandoned and tells
// the players.
func (s *Service) mailAbandoned(tx *store.NotifyTx, c store.Change) error {
	v, err := s.loadView(tx, c.Game.ID)
	if err != nil {
		return err
	}
	now := tx.Now()
	v.clock.AbandonedAt = &now
	if err := tx.SaveGameClock(v.clock); err != nil {
		return err
	}
	if err := closeAllDeadlines(tx, c.Game.ID); err != nil {
		return err
	}
	return s.mailEveryone(tx, v, c.Seq, kindAbandoned, words.New("mail.abandoned.subject"),
		words.New("mail.abandoned.ended").Lit("game", v.game.Name).Count(s.cfg.AbandonDays))
}

// Absence limits, from the configuration. DeclareAbsence's refusals match
// them with errors.Is and, with errors.As, are a *words.Error that names
// the configured number of days.
var (
	ErrAbsenceTooLong = words.Fail(words.New("mail.error.absence_long"))
	ErrAbsenceYear    = words.Fail(words.New("mail.error.absence_year"))
	ErrAbsenceDates   = words.Fail(words.New("mail.error.absence_dates"))
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
		return refuse(ErrAbsenceTooLong, words.New("mail.error.absence_days").Count(s.cfg.Absence.MaxDaysAtOnce))
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
			return refuse(ErrAbsenceYear, words.New("mail.error.absence_year_days").Count(s.cfg.Absence.MaxDaysPerYear))
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
		dl.NextAt = s.nextAt(dl)
		if err := tx.SaveDeadline(dl); err != nil {
			return err
		}
	}
	others := *v
	others.users = nil
	for i, u := range v.users {
		if i != st.Seat {
			others.users = append(others.users, u)
		}
	}
	return s.mailEach(tx, &others, int(a.ID), kindAbsence, func(u store.User, sp *words.Speaker) (string, []string) {
		tz := tx.TimeZone(u.ID)
		return sp.T("mail.absence.subject", "player", words.Seat(st.Seat)),
			[]string{sp.T("mail.absence.away", "player", words.Seat(st.Seat), "from", moment(sp, a.FromAt, tz),
				"until", moment(sp, a.UntilAt, tz), "game", v.game.Name)}
	})
}

// dueBefore orders deadlines soonest first, games without one last.
func dueBefore(a, b time.Time) bool {
	if a.IsZero() || b.IsZero() {
		return !a.IsZero() && b.IsZero()
	}
	return a.Before(b)
}
