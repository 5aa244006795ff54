package notify

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"rondel/store"
)

// Events does the due work of club events (store.DueEvents, read by
// index): starts an event whose sign-up closed, decides a round past its
// deadline, draws the next round of one whose games all ended. The games
// it starts get their start mails from the observer, like the games a
// round drawn inside a move's transaction starts (each player one mail
// with the table and the link). Then it tells the club's webhooks of
// rounds drawn and events finished.
func (s *Service) Events(ctx context.Context) error {
	ids, err := s.st.DueEvents(ctx, s.now())
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		// The games a round starts are changes (store.ChangeGameCreated,
		// ChangeGameStarted): their clocks and start mails come from the
		// observer (changes.go), in and after RunEvent's transaction.
		_, err := s.st.RunEvent(ctx, id)
		errs = append(errs, err)
	}
	errs = append(errs, s.announceEvents(ctx))
	if len(ids) > 0 {
		s.kick(ctx)
	}
	return errors.Join(errs...)
}

// announceEvents queues a notice to each of the club's webhooks for every
// round drawn and every event finished that they were not told of; the
// event's announced count moves in the same transaction, and a notice is
// unique by its kind, so none is told twice.
func (s *Service) announceEvents(ctx context.Context) error {
	events, err := s.st.EventsToAnnounce(ctx)
	if err != nil || len(events) == 0 {
		return err
	}
	var errs []error
	for _, e := range events {
		ents, err := s.st.Entrants(ctx, e.ID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
			hooks, err := tx.Webhooks(0)
			if err != nil {
				return err
			}
			link := fmt.Sprintf("%s/events/%d", s.base, e.ID)
			upto := e.Round
			if e.Status == store.EventFinished {
				upto = e.Round + 1
			}
			for _, h := range hooks {
				if h.GameID != 0 {
					continue
				}
				sp := speaker(h.Language, nil)
				var text string
				if e.Status == store.EventFinished {
					text = sp.T("event.notice.finished", "event", e.Name, "winner", eventWinner(e, ents))
				} else {
					text = sp.T("event.notice.round", "event", e.Name, "n", e.Round)
				}
				row := noticeRow(h, 0, int(e.ID), fmt.Sprintf("%s%d-event-%d", kindNotice, h.ID, upto), text, text+"\n"+link, link)
				if _, err := tx.Enqueue(row); err != nil {
					return err
				}
			}
			return tx.AnnounceEvent(e.ID, upto)
		}))
	}
	return errors.Join(errs...)
}

// eventWinner names the entrant ranked first (one: ranks never tie).
func eventWinner(e store.Event, ents []store.EventEntrant) string {
	st := e.StandingList()
	for _, en := range ents {
		if len(st) > 0 && en.UserID == st[0].ID {
			return en.Name
		}
	}
	return "—"
}

// eventDeadlines writes the round deadlines of the events u plays in to
// the calendar feed: one event each, at the deadline, updated in place
// as rounds move on (its UID is the event's and round's).
func (s *Service) eventDeadlines(ctx context.Context, w *icsWriter, u store.User, now time.Time) error {
	events, err := s.st.RunningEventsOf(ctx, u.ID)
	if err != nil {
		return err
	}
	sp := speaker(u.Language, nil)
	for _, e := range events {
		if e.RoundDeadline == nil {
			continue
		}
		link := fmt.Sprintf("%s/events/%d", s.base, e.ID)
		summary := sp.T("event.calendar.round_ends", "event", e.Name, "n", e.Round)
		w.line("BEGIN", "VEVENT")
		w.text("UID", fmt.Sprintf("rondel-event-%d-round-%d@%s", e.ID, e.Round, s.host))
		w.utc("DTSTAMP", now)
		w.utc("DTSTART", *e.RoundDeadline)
		w.utc("DTEND", e.RoundDeadline.Add(calendarEventLength))
		w.text("SUMMARY", summary)
		w.text("DESCRIPTION", strings.Join([]string{summary, link}, "\n"))
		w.line("URL;VALUE=URI", link)
		w.line("TRANSP", "TRANSPARENT")
		w.line("END", "VEVENT")
	}
	return nil
}
