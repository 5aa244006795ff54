package notify

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rondel/game"
	"rondel/store"
)

// A person's deadlines as an iCalendar feed (RFC 5545), read by calendar
// programs at a secret address (handlers serve it): one event per open
// decision with a deadline, starting at the deadline, with an alarm at
// each reminder still ahead.

// calendarEventLength is how long a deadline's event lasts: it starts at
// the deadline (the time a calendar shows first), and RFC 5545 wants an
// end after the start.
const calendarEventLength = 15 * time.Minute

// CalendarFeed returns the iCalendar text of u's open deadlines, said in
// u's language, times in UTC.
func (s *Service) CalendarFeed(ctx context.Context, u store.User) ([]byte, error) {
	dls, err := s.st.Calendar().OpenDeadlinesOf(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	now, tz := s.now(), s.st.TimeZone(ctx, u.ID)
	w := &icsWriter{}
	w.line("BEGIN", "VCALENDAR")
	w.line("VERSION", "2.0")
	w.text("PRODID", "-//Rondel//Deadlines//"+strings.ToUpper(u.Language))
	w.line("CALSCALE", "GREGORIAN")
	w.line("METHOD", "PUBLISH")
	w.text("X-WR-CALNAME", speaker(u.Language, nil).T("mail.calendar.name"))
	w.line("REFRESH-INTERVAL;VALUE=DURATION", "PT1H") // RFC 7986
	w.line("X-PUBLISHED-TTL", "PT1H")
	games := map[int64]*store.Position{}
	for _, d := range dls {
		pos, ok := games[d.GameID]
		if !ok {
			if pos, err = s.st.Current(ctx, d.GameID); err != nil {
				return nil, err
			}
			games[d.GameID] = pos
		}
		asked := decisionsOf(pos.State, d.Seat)
		if len(asked) == 0 {
			continue // the seat's decision is taken; its clock closes with the next move
		}
		s.calendarEvent(w, u, d, pos.Game.Name, pos.Seats, asked, tz, now)
	}
	if err := s.eventDeadlines(ctx, w, u, now); err != nil { // club events' rounds (events.go)
		return nil, err
	}
	w.line("END", "VCALENDAR")
	return w.b.Bytes(), nil
}

// decisionsOf lists what seat is asked in st, in a stable order.
func decisionsOf(st game.State, seat int) []game.Decision {
	if st == nil || st.Finished() {
		return nil
	}
	var out []game.Decision
	for _, d := range st.ToAct() {
		if d.Seat == seat {
			out = append(out, d)
		}
	}
	sortDecisions(out)
	return out
}

// calendarEvent writes the event of one deadline. Its UID is the
// deadline's, so a calendar updates the same event when the deadline
// moves (an absence) and drops it when the decision is made.
func (s *Service) calendarEvent(w *icsWriter, u store.User, d store.Deadline, gameName string, seats []store.Seat, asked []game.Decision, tz string, now time.Time) {
	sp := speaker(u.Language, seatNames(seats))
	summary := sp.T("mail.calendar.summary", "what", headline(sp, asked[0]), "game", gameName)
	var prompts []string
	for _, a := range asked {
		prompts = append(prompts, strings.TrimSpace(sp.Say(a.Prompt)))
	}
	link := fmt.Sprintf("%s/games/%d", s.base, d.GameID)
	w.line("BEGIN", "VEVENT")
	w.text("UID", fmt.Sprintf("rondel-deadline-%d@%s", d.ID, s.host))
	w.utc("DTSTAMP", now)
	w.utc("DTSTART", d.DueAt)
	w.utc("DTEND", d.DueAt.Add(calendarEventLength))
	w.text("SUMMARY", summary)
	w.text("DESCRIPTION", strings.Join([]string{
		sp.T("mail.notice.asked", "player", sp.SeatName(d.Seat), "asked", strings.Join(prompts, " ")),
		sp.T("mail.notice.deadline", "when", moment(sp, d.DueAt, tz)), link}, "\n"))
	w.line("URL;VALUE=URI", link)
	w.line("TRANSP", "TRANSPARENT")
	for _, off := range s.reminders {
		if !d.DueAt.Add(-off).After(now) {
			continue // its time has passed: a calendar would ring at once
		}
		w.line("BEGIN", "VALARM")
		w.line("ACTION", "DISPLAY")
		w.line("TRIGGER;RELATED=START", icsDuration(-off))
		w.text("DESCRIPTION", sp.T("mail.calendar.alarm", "left", span(off), "game", gameName))
		w.line("END", "VALARM")
	}
	w.line("END", "VEVENT")
}
