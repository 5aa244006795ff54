package notify

import (
	"sort"
	"time"
)

// pause is a stretch of time that does not count towards a deadline: a
// weekend when the game skips them, or a declared absence.
type pause struct{ from, until time.Time }

// calendar knows which time counts for one player in one game.
type calendar struct {
	skipWeekends bool
	away         []pause // sorted by from
}

func newCalendar(skipWeekends bool, away []pause) calendar {
	sort.Slice(away, func(i, j int) bool { return away[i].from.Before(away[j].from) })
	return calendar{skipWeekends: skipWeekends, away: away}
}

// pauseAt returns the end of the pause t lies in, if any. Pauses that
// touch or overlap are followed to their common end.
func (c calendar) pauseAt(t time.Time) (time.Time, bool) {
	end, in := t, false
	for changed := true; changed; {
		changed = false
		if c.skipWeekends {
			if wd := end.UTC().Weekday(); wd == time.Saturday || wd == time.Sunday {
				end = nextMonday(end)
				in, changed = true, true
			}
		}
		for _, p := range c.away {
			if !end.Before(p.from) && end.Before(p.until) {
				end = p.until
				in, changed = true, true
			}
		}
	}
	return end, in
}

// nextPause returns the start of the first pause after t (zero if none).
func (c calendar) nextPause(t time.Time) time.Time {
	var next time.Time
	if c.skipWeekends {
		next = nextSaturday(t)
	}
	for _, p := range c.away {
		if p.from.After(t) && (next.IsZero() || p.from.Before(next)) {
			next = p.from
		}
	}
	return next
}

// add returns the moment when d of counting time has passed after start.
func (c calendar) add(start time.Time, d time.Duration) time.Time {
	t := start
	for range 10000 { // far more pauses than any deadline can meet
		if end, in := c.pauseAt(t); in {
			t = end
			continue
		}
		next := c.nextPause(t)
		if next.IsZero() || !t.Add(d).After(next) {
			return t.Add(d)
		}
		d -= next.Sub(t)
		t = next
	}
	return t.Add(d)
}

// counted returns how much counting time lies between from and to.
func (c calendar) counted(from, to time.Time) time.Duration {
	var sum time.Duration
	t := from
	for range 10000 {
		if !t.Before(to) {
			return sum
		}
		if end, in := c.pauseAt(t); in {
			t = end
			continue
		}
		next := c.nextPause(t)
		if next.IsZero() || next.After(to) {
			return sum + to.Sub(t)
		}
		sum += next.Sub(t)
		t = next
	}
	return sum
}

func midnight(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// nextMonday is the Monday 00:00 UTC after t.
func nextMonday(t time.Time) time.Time {
	days := (8 - int(t.UTC().Weekday())) % 7
	if days == 0 {
		days = 7
	}
	return midnight(t).AddDate(0, 0, days)
}

// nextSaturday is the first Saturday 00:00 UTC after t.
func nextSaturday(t time.Time) time.Time {
	days := (6 - int(t.UTC().Weekday()) + 7) % 7
	if days == 0 {
		days = 7
	}
	return midnight(t).AddDate(0, 0, days)
}
