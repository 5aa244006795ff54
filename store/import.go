package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/words"
)

// GameImport says where an imported game came from.
type GameImport struct {
	GameID     int64 `gorm:"primaryKey;autoIncrement:false"`
	Source     string
	Notes      string
	ImportedBy *int64
	ImportedAt time.Time
	// Rules is, for a game replayed under its site's own rules, the JSON
	// of importRules; "" for one replayed under the rule book.
	Rules string
}

// importRules says under which of its site's rulesets an imported game
// was replayed and where that changed the position.
type importRules struct {
	Ruleset    string                 `json:"ruleset"`
	Departures []game.ImportDeparture `json:"departures"`
}

// SiteRules reports whether the game was replayed under its site's own
// rules, and where those departed from the rule book, first one first.
func (g *GameImport) SiteRules() (bool, []game.ImportDeparture) {
	var r importRules
	if g.Rules == "" || json.Unmarshal([]byte(g.Rules), &r) != nil || r.Ruleset == "" {
		return false, nil
	}
	return true, r.Departures
}

// TableName pins the table the migration creates.
func (GameImport) TableName() string { return "game_imports" }

// ImportSpec is what the club adds to a record it imports.
type ImportSpec struct {
	Name      string   // the game's name in the club; "" uses the kind and date
	Emails    []string // one address per seat: the members who take the seats
	CreatedBy int64    // who imported it (0: nobody, e.g. the command line)
	Rated     bool
	Source    string // e.g. "playimperial.club"; "" for a Rondel record
	Notes     string // what the import reported, in words
	// Ended: the source says the game is over. A record whose moves do
	// not end it is then refused: it would become a game in play and ask
	// its players to move in a game that ended elsewhere.
	Ended bool
	// Ruleset and Departures: the site's own rules the record replays
	// under (its options name them) and where they changed the position.
	Ruleset    string
	Departures []game.ImportDeparture
	// Names, when given, name the seats (and a member created for a new
	// address) instead of the record's names, which for another site's
	// log are its ids ("player1"); "" names a seat as its member is known,
	// else as the record does.
	Names []string
}

// ImportRecord creates a game in the club from a game record: finished if
// its moves end the game, otherwise in play so its players continue it
// here (unless spec.Ended says the game is over at its source: then it is
// refused). Every seat is taken by the member with the given address (created
// if new) and accepted. The record must replay under this engine; if it
// carries a state hash or a result, the replay must give exactly those.
func (s *Store) ImportRecord(ctx context.Context, rec *record.Record, spec ImportSpec) (*Game, error) {
	g, err := s.reg.Get(rec.GameID)
	if err != nil {
		return nil, fmt.Errorf("store: import record: %w", err)
	}
	if len(spec.Emails) != len(rec.Players) {
		return nil, fmt.Errorf("the record has %d players but %d addresses were given", len(rec.Players), len(spec.Emails))
	}
	opts, err := game.NormalizeImported(g.Info(), rec.Options)
	if err != nil {
		return nil, fmt.Errorf("store: import record: %w", err)
	}
	clean := *rec
	clean.Options = opts
	// Each move is stored as the engine spells it (storedForm), from the
	// state it was made on.
	setup, err := clean.Setup()
	if err != nil {
		return nil, fmt.Errorf("store: import record: %w", err)
	}
	prev, err := g.New(setup)
	if err != nil {
		return nil, fmt.Errorf("the record does not set up: %w", err)
	}
	var events [][]game.Event
	var forms []json.RawMessage
	final, err := record.ReplayEach(s.reg, &clean, func(i int, after game.State, ev []game.Event) error {
		m := clean.Moves[i]
		form, err := storedForm(prev, after, m.Seat, m.Move, m.TakeBack)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		events, forms, prev = append(events, ev), append(forms, form), after
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("the record does not replay: %w", err)
	}
	if err := checkReplay(rec, final); err != nil {
		return nil, err
	}
	if spec.Ended && !final.Finished() {
		return nil, errors.New("the game is over where it was played, but its moves do not end it under these rules: it would become a game in play, so it is not imported")
	}
	emails := make([]string, len(spec.Emails))
	for i, e := range spec.Emails {
		if emails[i], err = NormalizeEmail(e); err != nil {
			return nil, fmt.Errorf("seat %d (%s): %w", i+1, rec.Players[i].Name, err)
		}
		for j := range i {
			if emails[j] == emails[i] {
				return nil, fmt.Errorf("%s takes two seats", emails[i])
			}
		}
	}
	names := make([]string, len(rec.Players))
	for i := range names {
		if i < len(spec.Names) {
			if names[i], err = CleanName(spec.Names[i], MaxSeatName); err != nil {
				return nil, fmt.Errorf("seat %d (%s): %w", i+1, rec.Players[i].Name, err)
			}
		}
	}
	now := s.Now()
	row := importRow(rec, g.Info(), opts, spec, final, now)
	done, err := s.changeTx(ctx, now, func(tx *gorm.DB, cs *changeSet) error {
		if err := tx.Create(row).Error; err != nil {
			return err
		}
		for i, p := range rec.Players {
			name := names[i]
			if name == "" {
				name = p.Name
			}
			u, err := findOrCreateUser(tx, emails[i], name, "", now)
			if err != nil {
				return err
			}
			if names[i] == "" && len(spec.Names) > 0 && u.DisplayName != "" {
				name = u.DisplayName // the member as the club knows them
			}
			if err := tx.Create(&Seat{GameID: row.ID, Seat: i, UserID: u.ID, Name: name, AcceptedAt: &now}).Error; err != nil {
				return err
			}
		}
		if row.Status == StatusFinished {
			if err := endSeats(tx, row.ID); err != nil {
				return err
			}
		}
		if err := importMoves(tx, row.ID, rec.Moves, forms, events, now); err != nil {
			return err
		}
		if err := importMessages(tx, row.ID, rec.Messages); err != nil {
			return err
		}
		if final.Finished() || row.Ending == EndAgreed {
			if err := sealFinal(tx, row.ID, len(rec.Moves), final, now); err != nil {
				return err
			}
		}
		if err := s.deriveNew(tx, row); err != nil {
			return err
		}
		imported := Cause{Kind: CauseImport}
		if err := cs.emit(Change{Kind: ChangeGameCreated, Cause: imported, Game: *row, Seat: -1, UserID: spec.CreatedBy}); err != nil {
			return err
		}
		if row.Status == StatusActive {
			if err := cs.emit(Change{Kind: ChangeGameStarted, Cause: imported, Game: *row, Seat: -1, Seq: len(rec.Moves)}); err != nil {
				return err
			}
		}
		if spec.Source == "" {
			return nil
		}
		imp := GameImport{GameID: row.ID, Source: spec.Source, Notes: spec.Notes, ImportedAt: now}
		if spec.Ruleset != "" {
			b, _ := json.Marshal(importRules{Ruleset: spec.Ruleset, Departures: spec.Departures})
			imp.Rules = string(b)
		}
		if spec.CreatedBy != 0 {
			imp.ImportedBy = &spec.CreatedBy
		}
		return tx.Create(&imp).Error
	})
	if err != nil {
		return nil, fmt.Errorf("store: importing: %w", err)
	}
	s.afterCommit(ctx, done)
	return row, nil
}

// checkReplay compares a replay with what the record says it leads to,
// by the hash and result rules of the record's format version.
func checkReplay(rec *record.Record, final game.State) error {
	return wrapErr(rec.Check(final), "check replay")
}

func importRow(rec *record.Record, info game.Info, opts game.Options, spec ImportSpec, final game.State, now time.Time) *Game {
	optJSON, _ := json.Marshal(opts)
	name := strings.TrimSpace(spec.Name)
	if name == "" {
		name = words.English().Say(info.Name) + " (imported " + now.Format("2006-01-02") + ")"
	}
	started := now
	if rec.Started != nil {
		started = rec.Started.UTC()
	}
	row := &Game{Kind: rec.GameID, Name: name, Options: string(optJSON), Seed: int64(rec.Seed),
		Status: StatusActive, Rated: spec.Rated, CreatedAt: now, StartedAt: &started}
	if spec.CreatedBy != 0 {
		row.CreatedBy = &spec.CreatedBy
	}
	res := final.Result()
	if e, ok := final.(game.Ender); ok && rec.Ending == record.EndingAgreed && !final.Finished() {
		// Ended by agreement (Check compared its result): never rated.
		res, row.Ending, row.Rated = e.EndNow(), EndAgreed, false
	}
	if res != nil {
		row.Status = StatusFinished
		done := now
		if rec.Finished != nil {
			done = rec.Finished.UTC()
		}
		row.FinishedAt = &done
		if b, err := json.Marshal(res); err == nil {
			r := string(b)
			row.Result = &r
		}
	}
	return row
}

// importMoves stores a record's moves, each in its stored form.
func importMoves(tx *gorm.DB, gameID int64, moves []record.Move, forms []json.RawMessage, events [][]game.Event, now time.Time) error {
	for i, m := range moves {
		by := m.By
		switch by {
		case "":
			by = ByPlayer
		case ByCaretaker, ByStandingOrder:
		default:
			return fmt.Errorf("move %d was made by %q, which Rondel does not know", i+1, m.By)
		}
		at := now
		if m.At != nil {
			at = m.At.UTC()
		}
		row, err := moveRow(gameID, i+1, Submit{Seat: m.Seat, Move: forms[i], By: by, Note: m.Note}, events[i], at)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		row.TakeBack = m.TakeBack
		if err := tx.Create(row).Error; err != nil {
			return fmt.Errorf("import moves (game %d): %w", gameID, err)
		}
	}
	return nil
}

// importMessages keeps a record's messages: each writer and reader is the
// member now holding their seat (a message of the creator without a seat
// keeps only its writer's name).
func importMessages(tx *gorm.DB, gameID int64, ms []record.Message) error {
	var seats []Seat
	if err := tx.Where("game_id = ?", gameID).Order("seat").Find(&seats).Error; err != nil {
		return fmt.Errorf("import messages (game %d): %w", gameID, err)
	}
	for i, rm := range ms {
		body, err := CleanMessage(rm.Text)
		if err != nil {
			return fmt.Errorf("message %d: %w", i+1, err)
		}
		m := Message{GameID: gameID, Seat: -1, Name: rm.Name, Body: body, At: rm.At.UTC()}
		if rm.From >= 0 && rm.From < len(seats) {
			m.Seat, m.UserID = rm.From, &seats[rm.From].UserID
		}
		if rm.To != nil {
			if *rm.To < 0 || *rm.To >= len(seats) {
				return fmt.Errorf("message %d is to seat %d, which the game does not have", i+1, *rm.To)
			}
			to := *rm.To
			m.ToSeat, m.ToUserID = &to, &seats[to].UserID
		}
		if err := tx.Create(&m).Error; err != nil {
			return fmt.Errorf("import messages (game %d): %w", gameID, err)
		}
	}
	return nil
}

// ImportOf returns where a game was imported from, or nil.
func (s *Store) ImportOf(ctx context.Context, gameID int64) (*GameImport, error) {
	// A page reads this for every game, most of which were not imported:
	// a plain column list, not GORM's Take and its not-found error.
	rows, err := readRowsCap(ctx, s, 0, scanImport, `SELECT `+importCols+` FROM game_imports WHERE game_id = ?`, gameID)
	if err != nil || len(rows) == 0 {
		return nil, wrapErr(err, "store: import of (game %d)", gameID)
	}
	return &rows[0], nil
}
