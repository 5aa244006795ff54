package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"rondel/game"
	"rondel/game/event"
	"rondel/game/rng"
	"rondel/game/words"
)

// Club events (docs/events.md): an organiser's Swiss tournament, league or
// round robin. The store keeps the event (with the seed of its draws), its
// entrants in seed order and every round's tables, each one game started
// through the normal game path; the pairing and standings are game/event's.
// Results are the games' own, so standings are derived data.

// Event statuses.
const (
	EventSignup   = "signup"
	EventRunning  = "running"
	EventFinished = "finished"
)

// What happens to a round's unfinished games at its deadline.
const (
	DeadlineScore     = "score"     // ended now, scored by the engine (game.Ender)
	DeadlineCaretaker = "caretaker" // the caretaker plays every seat to the end
)

// Event is one club event.
type Event struct {
	ID            int64
	Name          string
	Kind          string `gorm:"column:game_id"`
	Options       string // JSON of game.Options
	Config        string // JSON of event.Config (with the seed)
	Rated         bool
	Status        string
	CreatedBy     *int64
	CreatedAt     time.Time
	SignupCloses  *time.Time
	RoundDays     int    // days each round has (0: no deadline)
	OnDeadline    string // DeadlineScore or DeadlineCaretaker
	Round         int    // the round in play (0 before the first draw)
	RoundDeadline *time.Time
	Standings     string // JSON of []event.Standing (derived)
	FinishedAt    *time.Time
	Imported      bool   // from an exported record: its tables have no games here
	Announced     int    // rounds told to the club's webhooks (Round+1: the end too)
	ClockPreset   string // the games' clock preset (empty: the club's default)
	LateEntries   bool   // members may enter while it runs, before its last round
}

// TableName is the events table.
func (Event) TableName() string { return "events" }

// EventEntrant is one entrant; Seed is the seed order (0 first).
type EventEntrant struct {
	EventID     int64 `gorm:"primaryKey;autoIncrement:false"`
	UserID      int64 `gorm:"primaryKey;autoIncrement:false"`
	Seed        int
	Name        string
	EnteredAt   time.Time
	WithdrawnAt *time.Time
}

// TableName is the entrants table.
func (EventEntrant) TableName() string { return "event_entrants" }

// EventTable is one table of a round: its game and its players (user ids)
// in seat order.
type EventTable struct {
	EventID int64   `gorm:"primaryKey;autoIncrement:false"`
	Round   int     `gorm:"primaryKey;autoIncrement:false"`
	TableNo int     `gorm:"primaryKey;autoIncrement:false"`
	GameRef *int64  // nil for an imported event's table
	Players string  // JSON of []int64
	Result  *string // JSON of event.Result once its game ended (derived)
}

// TableName is the tables' table.
func (EventTable) TableName() string { return "event_tables" }

// PlayerIDs are the table's players in seat order.
func (t EventTable) PlayerIDs() []int64 {
	var ids []int64
	_ = json.Unmarshal([]byte(t.Players), &ids)
	return ids
}

// EventConfig decodes the event's configuration.
func (e *Event) EventConfig() (event.Config, error) {
	var c event.Config
	if err := json.Unmarshal([]byte(e.Config), &c); err != nil {
		return c, fmt.Errorf("store: event %d: config: %w", e.ID, err)
	}
	return c, nil
}

// StandingList decodes the stored standings.
func (e *Event) StandingList() []event.Standing {
	var st []event.Standing
	_ = json.Unmarshal([]byte(e.Standings), &st)
	return st
}

// NewEvent is what the organiser chose.
type NewEvent struct {
	Name         string
	Kind         string
	Options      game.Options
	Config       event.Config // its Seed is the draws' seed
	Rated        bool
	SignupCloses *time.Time // nil: the organiser starts it
	RoundDays    int
	OnDeadline   string
	CreatedBy    int64
	ClockPreset  string // a preset of the club's configuration; empty: its default
	LateEntries  bool
}

// Errors of events, said to the user in plain words.
var (
	ErrEventClosed  = words.Fail(words.New("event.error.closed"))
	ErrEventEntered = words.Fail(words.New("event.error.not_entered"))
	ErrEventFew     = words.Fail(words.New("event.error.too_few"))
)

// CreateEvent records a new event open for sign-up.
func (s *Store) CreateEvent(ctx context.Context, ne NewEvent) (*Event, error) {
	g, err := s.reg.Get(ne.Kind)
	if err != nil {
		return nil, wrapErr(err, "store: create event")
	}
	info := g.Info()
	opts, err := game.Normalize(info.Options, ne.Options)
	if err != nil {
		return nil, wrapErr(err, "store: create event")
	}
	c := ne.Config
	if err := c.Validate(); err != nil || c.MinSeats < info.MinPlayers || c.MaxSeats > info.MaxPlayers {
		return nil, words.Fail(words.New("event.error.config").Lit("why", fmt.Sprint(err)))
	}
	name, err := CleanName(ne.Name, MaxGameName)
	if err != nil || name == "" {
		return nil, words.Fail(words.New("store.error.game_unnamed"))
	}
	switch ne.OnDeadline {
	case "":
		ne.OnDeadline = DeadlineScore
	case DeadlineScore, DeadlineCaretaker:
	default:
		return nil, words.Fail(words.New("event.error.config").Lit("why", ne.OnDeadline))
	}
	if ne.RoundDays < 0 || ne.RoundDays > 365 {
		return nil, words.Fail(words.New("event.error.config").Lit("why", "round days"))
	}
	optJSON, _ := json.Marshal(opts)
	cfgJSON, _ := json.Marshal(c)
	row := &Event{Name: name, Kind: ne.Kind, Options: string(optJSON), Config: string(cfgJSON), Rated: ne.Rated,
		Status: EventSignup, CreatedAt: s.Now(), SignupCloses: ne.SignupCloses, RoundDays: ne.RoundDays,
		OnDeadline: ne.OnDeadline, Standings: "[]", ClockPreset: ne.ClockPreset, LateEntries: ne.LateEntries}
	if ne.CreatedBy != 0 {
		row.CreatedBy = &ne.CreatedBy
	}
	if err := s.db.WithContext(ctx).Create(row).Error; err != nil {
		return nil, fmt.Errorf("store: creating event: %w", err)
	}
	return row, nil
}

// lockEvent reads an event for a transaction that changes it; on
// PostgreSQL it locks the row (SQLite's writers take turns anyway).
func lockEvent(tx *gorm.DB, id int64, e *Event) error {
	q := tx
	if onPostgres(tx) {
		q = tx.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate})
	}
	err := q.Take(e, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return wrapErr(err, "store: lock event")
}

// Enter signs userID up for an event open for sign-up. Entering twice is
// harmless.
func (s *Store) Enter(ctx context.Context, eventID, userID int64) error {
	return wrapErr(s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var e Event
		if err := lockEvent(tx, eventID, &e); err != nil {
			return wrapErr(err, "store: enter")
		}
		if (e.Status != EventSignup && !lateEntryOpen(tx, &e)) || e.Imported {
			return ErrEventClosed
		}
		var n int64
		if err := tx.Model(&EventEntrant{}).Where("event_id = ? AND user_id = ?", eventID, userID).Count(&n).Error; err != nil || n > 0 {
			return wrapErr(err, "store: enter")
		}
		var u User
		if err := tx.Take(&u, userID).Error; err != nil {
			return fmt.Errorf("store: entering event %d: %w", eventID, err)
		}
		var next int
		if err := tx.Raw(`SELECT COALESCE(MAX(seed) + 1, 0) FROM event_entrants WHERE event_id = ?`, eventID).Scan(&next).Error; err != nil {
			return wrapErr(err, "store: enter")
		}
		return tx.Create(&EventEntrant{EventID: eventID, UserID: userID, Seed: next, Name: entrantName(u), EnteredAt: s.Now()}).Error
	}), "store: enter event %d", eventID)
}

// lateEntryOpen says whether a running event still takes entries: it
// allows late entries and its last round is not drawn yet.
func lateEntryOpen(tx *gorm.DB, e *Event) bool {
	if e.Status != EventRunning || !e.LateEntries {
		return false
	}
	ents, err := entrantsOf(tx, e.ID)
	if err != nil {
		return false
	}
	ev, err := engineEvent(e, ents)
	return err == nil && e.Round < ev.Rounds()
}

// entrantName is the name an entrant plays under: their display name, or
// the address's local part, fit for a seat.
func entrantName(u User) string {
	n := u.DisplayName
	if n == "" {
		n, _, _ = strings.Cut(u.Email, "@")
	}
	if c, err := CleanName(n, MaxSeatName); err == nil && c != "" {
		return c
	}
	return fmt.Sprintf("#%d", u.ID)
}

// Withdraw takes userID out of an event: before it starts their entry is
// dropped; once it runs they stay in the standings, are left out of later
// draws, and the caretaker plays their seats in the event's games still
// in play: they resign them (a substitute may take them like any
// resigned seat's).
func (s *Store) Withdraw(ctx context.Context, eventID, userID int64) error {
	return s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		var e Event
		if err := lockEvent(tx, eventID, &e); err != nil {
			return err
		}
		if e.Imported {
			return ErrEventClosed // an archive: its games are elsewhere
		}
		q := tx.Where("event_id = ? AND user_id = ?", eventID, userID)
		switch e.Status {
		case EventSignup:
			res := q.Delete(&EventEntrant{})
			if res.Error == nil && res.RowsAffected == 0 {
				return ErrEventEntered
			}
			return res.Error
		case EventFinished:
			return ErrEventClosed
		}
		now := s.Now()
		res := tx.Model(&EventEntrant{}).Where("event_id = ? AND user_id = ? AND withdrawn_at IS NULL", eventID, userID).
			Update("withdrawn_at", now)
		if res.Error != nil || res.RowsAffected == 0 {
			return cmpErr(res.Error, ErrEventEntered)
		}
		var games []int64
		if err := tx.Raw(`SELECT t.game_ref FROM event_tables t JOIN games g ON g.id = t.game_ref
			JOIN seats s ON s.game_id = g.id AND s.user_id = ? WHERE t.event_id = ? AND g.status = ? ORDER BY 1`,
			userID, eventID, StatusActive).Scan(&games).Error; err != nil {
			return err
		}
		for _, gid := range games {
			if _, err := s.resignIn(tx, cs, gid, userID); err != nil && !errors.Is(err, ErrNotPlaying) {
				return err
			}
		}
		return nil
	})
}

// StartEvent closes the sign-up and draws round 1, whose games start at
// once; it returns their ids (for notify's start mails). Starting an
// event that runs already returns nothing.
func (s *Store) StartEvent(ctx context.Context, eventID int64) ([]int64, error) {
	var ids []int64
	err := s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		var e Event
		if err := lockEvent(tx, eventID, &e); err != nil {
			return err
		}
		if e.Status != EventSignup || e.Imported {
			return nil
		}
		var err error
		ids, err = s.drawRound(tx, cs, &e, 1, s.Now())
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: starting event %d: %w", eventID, err)
	}
	return ids, nil
}

// engineEvent is the event as game/event sees it: configuration and
// entrants in seed order.
func engineEvent(e *Event, ents []EventEntrant) (event.Event, error) {
	c, err := e.EventConfig()
	if err != nil {
		return event.Event{}, err
	}
	ev := event.Event{Config: c}
	for _, en := range ents {
		ev.Entrants = append(ev.Entrants, event.Entrant{ID: en.UserID, Withdrawn: en.WithdrawnAt != nil})
	}
	return ev, nil
}

// drawRound draws round number round of e from its earlier rounds and
// results, starts the round's games and records the tables. It returns
// the new games' ids.
func (s *Store) drawRound(tx *gorm.DB, cs *changeSet, e *Event, round int, now time.Time) ([]int64, error) {
	ents, err := entrantsOf(tx, e.ID)
	if err != nil {
		return nil, wrapErr(err, "store: draw round")
	}
	ev, err := engineEvent(e, ents)
	if err != nil {
		return nil, wrapErr(err, "store: draw round")
	}
	hist, results, err := s.eventHistory(tx, e.ID)
	if err != nil {
		return nil, wrapErr(err, "store: draw round")
	}
	drawn, err := ev.Draw(round, hist, results)
	if err != nil {
		if errors.Is(err, event.ErrEntrants) {
			return nil, ErrEventFew
		}
		return nil, wrapErr(err, "store: draw round")
	}
	names := map[int64]string{}
	for _, en := range ents {
		names[en.UserID] = en.Name
	}
	var opts game.Options
	if err := json.Unmarshal([]byte(e.Options), &opts); err != nil {
		return nil, wrapErr(err, "store: draw round")
	}
	ids := make([]int64, 0, len(drawn.Tables))
	for i, t := range drawn.Tables {
		// Seats in an order drawn from the event's seed: who sits first
		// matters in Imperial, and the draw lists players by standing.
		src := rng.New(ev.Config.Seed ^ uint64(round)<<40 ^ uint64(i+1)<<20 ^ 0x7ab1e)
		players := append([]int64(nil), t.Players...)
		src.Shuffle(len(players), func(a, b int) { players[a], players[b] = players[b], players[a] })
		name := fmt.Sprintf("%s · %d.%d", e.Name, round, i+1)
		gid, err := s.startSeatedGame(tx, cs, e, name, opts, src.Uint64(), players, names, now)
		if err != nil {
			return nil, fmt.Errorf("round %d table %d: %w", round, i+1, err)
		}
		pj, _ := json.Marshal(players)
		if err := tx.Create(&EventTable{EventID: e.ID, Round: round, TableNo: i + 1, GameRef: &gid, Players: string(pj)}).Error; err != nil {
			return nil, wrapErr(err, "store: draw round")
		}
		ids = append(ids, gid)
	}
	up := map[string]any{"status": EventRunning, "round": round, "round_deadline": nil}
	if e.RoundDays > 0 {
		up["round_deadline"] = now.Add(time.Duration(e.RoundDays) * 24 * time.Hour)
	}
	if err := tx.Model(&Event{}).Where("id = ?", e.ID).Updates(up).Error; err != nil {
		return nil, wrapErr(err, "store: draw round")
	}
	e.Status, e.Round = EventRunning, round
	return ids, nil
}

// startSeatedGame makes a game whose players are all members who agreed
// to play (they entered the event): every seat is accepted, so the game
// starts at once, through the same start as an invited game's.
func (s *Store) startSeatedGame(tx *gorm.DB, cs *changeSet, e *Event, name string, opts game.Options, seed uint64,
	players []int64, names map[int64]string, now time.Time) (int64, error) {
	g, err := s.reg.Get(e.Kind)
	if err != nil {
		return 0, wrapErr(err, "store: start seated game")
	}
	seatNames := make([]string, len(players))
	for i, id := range players {
		seatNames[i] = names[id]
	}
	if _, err := g.New(game.Setup{Players: seatNames, Options: opts, Seed: seed}); err != nil {
		return 0, wrapErr(err, "store: start seated game")
	}
	optJSON, _ := json.Marshal(opts)
	row := &Game{Kind: e.Kind, Name: name, Options: string(optJSON), Seed: int64(seed), Status: StatusInviting,
		Rated: e.Rated, CreatedAt: now, CreatedBy: e.CreatedBy}
	if err := tx.Create(row).Error; err != nil {
		return 0, wrapErr(err, "store: start seated game")
	}
	seats := make([]Seat, len(players))
	for i, id := range players {
		seats[i] = Seat{GameID: row.ID, Seat: i, UserID: id, Name: seatNames[i], AcceptedAt: &now}
	}
	if err := tx.Create(&seats).Error; err != nil {
		return 0, wrapErr(err, "store: start seated game")
	}
	// A game made by the server for the event's organiser: its clock and
	// start mails come from the observer like any game's.
	var by int64
	if e.CreatedBy != nil {
		by = *e.CreatedBy
	}
	if err := cs.emit(Change{Kind: ChangeGameCreated, Cause: Cause{Kind: CausePlayer}, Game: *row, Seat: -1, UserID: by,
		Clock: e.ClockPreset}); err != nil {
		return 0, wrapErr(err, "store: start seated game")
	}
	started, err := s.startIfAllAccepted(tx, cs, row.ID, now)
	if err == nil && !started {
		err = fmt.Errorf("game %d did not start", row.ID)
	}
	return row.ID, wrapErr(err, "store: start seated game")
}
