package store

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"gorm.io/gorm"

	"rondel/game"
	"rondel/game/event"
)

// EventRecordFormat names the version of an event's exported record.
const EventRecordFormat = "rondel-event/1"

// EventRecord is an event's record: what the organiser chose, the
// entrants in seed order, every round's tables with their results, and
// the standings. It is self-contained (no game of this database needed),
// so an import gives an archived event that exports the same.
type EventRecord struct {
	Format     string           `json:"format"`
	Name       string           `json:"name"`
	Kind       string           `json:"game"`
	Options    game.Options     `json:"options"`
	Config     event.Config     `json:"config"`
	Rated      bool             `json:"rated"`
	Status     string           `json:"status"`
	RoundDays  int              `json:"round_days"`
	OnDeadline string           `json:"on_deadline"`
	Entrants   []RecordEntrant  `json:"entrants"`
	Rounds     []RecordRound    `json:"rounds"`
	Standings  []event.Standing `json:"standings"`
}

// RecordEntrant is one entrant of a record; ID is the member's id where
// the event was played.
type RecordEntrant struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Withdrawn bool   `json:"withdrawn,omitempty"`
}

// RecordRound is one round of a record.
type RecordRound struct {
	Number int           `json:"number"`
	Tables []RecordTable `json:"tables"`
}

// RecordTable is one table: players in seat order and, once its game
// ended with one, its result.
type RecordTable struct {
	Players []int64       `json:"players"`
	Result  *event.Result `json:"result,omitempty"`
}

// ExportEvent returns an event's record.
func (s *Store) ExportEvent(ctx context.Context, eventID int64) (*EventRecord, error) {
	db := s.db.WithContext(ctx)
	var e Event
	if err := db.Take(&e, eventID).Error; err != nil {
		return nil, fmt.Errorf("store: exporting event %d: %w", eventID, err)
	}
	rec := &EventRecord{Format: EventRecordFormat, Name: e.Name, Kind: e.Kind, Rated: e.Rated, Status: e.Status,
		RoundDays: e.RoundDays, OnDeadline: e.OnDeadline, Standings: e.StandingList()}
	if err := json.Unmarshal([]byte(e.Options), &rec.Options); err != nil {
		return nil, wrapErr(err, "store: export event")
	}
	var err error
	if rec.Config, err = e.EventConfig(); err != nil {
		return nil, wrapErr(err, "store: export event")
	}
	ents, err := entrantsOf(db, eventID)
	if err != nil {
		return nil, wrapErr(err, "store: export event")
	}
	for _, en := range ents {
		rec.Entrants = append(rec.Entrants, RecordEntrant{ID: en.UserID, Name: en.Name, Withdrawn: en.WithdrawnAt != nil})
	}
	tables, err := tablesOf(db, eventID)
	if err != nil {
		return nil, wrapErr(err, "store: export event")
	}
	for _, t := range tables {
		if len(rec.Rounds) == 0 || rec.Rounds[len(rec.Rounds)-1].Number != t.Round {
			rec.Rounds = append(rec.Rounds, RecordRound{Number: t.Round})
		}
		rt := RecordTable{Players: t.PlayerIDs()}
		if t.Result != nil {
			rt.Result = &event.Result{}
			if err := json.Unmarshal([]byte(*t.Result), rt.Result); err != nil {
				return nil, wrapErr(err, "store: export event")
			}
		}
		r := &rec.Rounds[len(rec.Rounds)-1]
		r.Tables = append(r.Tables, rt)
	}
	return rec, nil
}

// CheckEventRecord checks a record: its configuration, that every table's
// players are entrants and its result theirs, and that its standings are
// the ones its results give.
func CheckEventRecord(rec *EventRecord) error {
	if rec.Format != EventRecordFormat {
		return fmt.Errorf("store: event record: format %q, want %q", rec.Format, EventRecordFormat)
	}
	ev := event.Event{Config: rec.Config}
	known := map[int64]bool{}
	for _, en := range rec.Entrants {
		ev.Entrants = append(ev.Entrants, event.Entrant{ID: en.ID, Withdrawn: en.Withdrawn})
		known[en.ID] = true
	}
	var results []event.Result
	for _, r := range rec.Rounds {
		for i, t := range r.Tables {
			for _, p := range t.Players {
				if !known[p] {
					return fmt.Errorf("store: event record: round %d table %d: %d is no entrant", r.Number, i+1, p)
				}
			}
			if t.Result != nil {
				if t.Result.Round != r.Number || !reflect.DeepEqual(t.Result.Players, t.Players) {
					return fmt.Errorf("store: event record: round %d table %d: the result is another table's", r.Number, i+1)
				}
				results = append(results, *t.Result)
			}
		}
	}
	st, err := ev.Standings(results)
	if err != nil {
		return fmt.Errorf("store: event record: %w", err)
	}
	if len(st) == 0 && len(rec.Standings) == 0 {
		return nil
	}
	if !reflect.DeepEqual(st, rec.Standings) {
		return fmt.Errorf("store: event record: the standings are not the ones its results give")
	}
	return nil
}

// ImportEvent stores a checked record as an archived event (Imported: its
// tables have no games here) and returns it.
func (s *Store) ImportEvent(ctx context.Context, rec *EventRecord, by int64) (*Event, error) {
	if err := CheckEventRecord(rec); err != nil {
		return nil, wrapErr(err, "store: import event")
	}
	if _, err := s.reg.Get(rec.Kind); err != nil {
		return nil, wrapErr(err, "store: import event")
	}
	opts, _ := json.Marshal(rec.Options)
	cfg, _ := json.Marshal(rec.Config)
	st, _ := json.Marshal(rec.Standings)
	now := s.Now()
	e := &Event{Name: rec.Name, Kind: rec.Kind, Options: string(opts), Config: string(cfg), Rated: rec.Rated,
		Status: rec.Status, CreatedAt: now, RoundDays: rec.RoundDays, OnDeadline: rec.OnDeadline,
		Round: len(rec.Rounds), Standings: string(st), Imported: true}
	if by != 0 {
		e.CreatedBy = &by
	}
	switch e.Status {
	case EventSignup, EventRunning, EventFinished:
	default:
		return nil, fmt.Errorf("store: event record: status %q", e.Status)
	}
	if e.OnDeadline != DeadlineScore && e.OnDeadline != DeadlineCaretaker {
		return nil, fmt.Errorf("store: event record: on_deadline %q", e.OnDeadline)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(e).Error; err != nil {
			return wrapErr(err, "store: import event")
		}
		for i, en := range rec.Entrants {
			row := EventEntrant{EventID: e.ID, UserID: en.ID, Seed: i, Name: en.Name, EnteredAt: now}
			if en.Withdrawn {
				row.WithdrawnAt = &now
			}
			if err := tx.Create(&row).Error; err != nil {
				return wrapErr(err, "store: import event")
			}
		}
		for _, r := range rec.Rounds {
			for i, t := range r.Tables {
				pj, _ := json.Marshal(t.Players)
				row := EventTable{EventID: e.ID, Round: r.Number, TableNo: i + 1, Players: string(pj)}
				if t.Result != nil {
					b, _ := json.Marshal(t.Result)
					res := string(b)
					row.Result = &res
				}
				if err := tx.Create(&row).Error; err != nil {
					return wrapErr(err, "store: import event")
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: importing event: %w", err)
	}
	return e, nil
}

// EventText is an event's record as readable text: entrants, each
// round's tables with places and scores, and the standings.
func EventText(rec *EventRecord) string {
	var b strings.Builder
	names := map[int64]string{}
	for _, en := range rec.Entrants {
		names[en.ID] = en.Name
	}
	c := rec.Config
	fmt.Fprintf(&b, "%s\n%s, %s, tables of %d (%d-%d), points %v, seed %d\n\nEntrants\n", rec.Name, rec.Kind, c.Format,
		c.Seats, c.MinSeats, c.MaxSeats, c.Points, c.Seed)
	for i, en := range rec.Entrants {
		w := ""
		if en.Withdrawn {
			w = " (withdrawn)"
		}
		fmt.Fprintf(&b, "%3d. %s%s\n", i+1, en.Name, w)
	}
	for _, r := range rec.Rounds {
		fmt.Fprintf(&b, "\nRound %d\n", r.Number)
		for i, t := range r.Tables {
			fmt.Fprintf(&b, "  Table %d:", i+1)
			for k, p := range t.Players {
				if t.Result != nil {
					fmt.Fprintf(&b, " %s (%d., %d)", names[p], t.Result.Places[k], t.Result.Scores[k])
				} else {
					fmt.Fprintf(&b, " %s", names[p])
				}
				if k < len(t.Players)-1 {
					b.WriteString(",")
				}
			}
			b.WriteString("\n")
		}
	}
	b.WriteString("\nStandings (points, score, opponents' points, games)\n")
	for _, st := range rec.Standings {
		fmt.Fprintf(&b, "%3d. %-24s %6.2f %5d %7.2f %3d\n", st.Rank, names[st.ID], st.Points, st.Score, st.OppPoints, st.Games)
	}
	return b.String()
}
