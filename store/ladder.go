package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"rondel/store/rating"
)

// Reasons a player left a game early.
const (
	DropTimeout = "timeout" // timed out of the game
	DropDropped = "dropped" // dropped by the club
)

// SeatDrop records that a seat's player timed out of a game or was
// dropped from it: on the ladder they rank last in that game. Seats that
// notify dropped after repeated timeouts (seat_clocks.dropped) count too;
// this table is for what notify does not record (a club dropping a player).
type SeatDrop struct {
	ID     int64
	GameID int64
	Seat   int
	Reason string
	At     time.Time
}

// TableName pins the table the migration creates.
func (SeatDrop) TableName() string { return "seat_drops" }

// DropSeat records that seat left the game early (reason DropTimeout or
// DropDropped). Recording it twice keeps the first.
func (s *Store) DropSeat(ctx context.Context, gameID int64, seat int, reason string) error {
	if reason != DropTimeout && reason != DropDropped {
		return fmt.Errorf("store: unknown reason %q for leaving a game", reason)
	}
	err := s.db.WithContext(ctx).Create(&SeatDrop{GameID: gameID, Seat: seat, Reason: reason, At: s.Now()}).Error
	if isUniqueViolation(err) {
		return nil
	}
	return err
}

// LadderGameID is a game's id on the ladder.
func LadderGameID(id int64) string { return strconv.FormatInt(id, 10) }

// RatedGames returns the finished rated games of one kind (registry id) as
// the ladder rates them: finishing time, each seat's member, place and
// whether they left early. A game counts when it was created rated and
// every seat is taken by a member who accepted it.
func (s *Store) RatedGames(ctx context.Context, kind string) ([]rating.Game, error) {
	db := s.db.WithContext(ctx)
	var games []Game
	if err := db.Where("game_id = ? AND status = ? AND rated = ?", kind, StatusFinished, true).
		Order("finished_at, id").Find(&games).Error; err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return nil, nil
	}
	ids := make([]int64, len(games))
	for i, g := range games {
		ids[i] = g.ID
	}
	var seats []Seat
	if err := db.Where("game_id IN ?", ids).Order("game_id, seat").Find(&seats).Error; err != nil {
		return nil, err
	}
	var drops []SeatDrop
	if err := db.Where("game_id IN ?", ids).Find(&drops).Error; err != nil {
		return nil, err
	}
	bySeat := map[int64][]Seat{}
	for _, st := range seats {
		bySeat[st.GameID] = append(bySeat[st.GameID], st)
	}
	dropped := map[[2]int64]bool{}
	for _, d := range drops {
		dropped[[2]int64{d.GameID, int64(d.Seat)}] = true
	}
	// notify drops a seat after repeated timeouts (the caretaker then
	// plays it to the end): that player timed out of the game too.
	var clocks []SeatClock
	if err := db.Where("game_id IN ? AND dropped = ?", ids, true).Find(&clocks).Error; err != nil {
		return nil, err
	}
	for _, sc := range clocks {
		dropped[[2]int64{sc.GameID, int64(sc.Seat)}] = true
	}
	var out []rating.Game
	for _, g := range games {
		rg, ok := ratedGame(g, bySeat[g.ID], dropped)
		if ok {
			out = append(out, rg)
		}
	}
	return out, nil
}

// ratedGame makes the ladder's view of one game, or false if it cannot be
// rated (no result, a seat not accepted, places not matching the seats).
func ratedGame(g Game, seats []Seat, dropped map[[2]int64]bool) (rating.Game, bool) {
	res := g.GameResult()
	if res == nil || g.FinishedAt == nil || len(res.Places) != len(seats) || len(seats) < 2 {
		return rating.Game{}, false
	}
	rg := rating.Game{ID: LadderGameID(g.ID), At: g.FinishedAt.UTC()}
	for i, st := range seats {
		if st.AcceptedAt == nil || st.Seat != i {
			return rating.Game{}, false
		}
		rg.Players = append(rg.Players, rating.Result{Member: MemberID(st.UserID), Place: res.Places[i],
			Dropped: dropped[[2]int64{g.ID, int64(i)}]})
	}
	return rg, true
}

// LadderBook keeps each game's ladders (all-time and by season) up to
// date: it reads the rated games and applies only those it has not rated
// yet, and rebuilds from scratch whenever the games are no longer an
// extension of what it rated (a game finished out of order, a result
// changed). Safe for concurrent use.
type LadderBook struct {
	store   *Store
	model   rating.Model
	seasons rating.Seasons
	mu      sync.Mutex
	books   map[string]*book
}

type book struct {
	ladders *rating.Ladders
	games   []rating.Game // rated so far, in order
}

// NewLadderBook returns a book for the club's seasons.
func NewLadderBook(s *Store, seasons rating.Seasons) (*LadderBook, error) {
	if err := seasons.Check(); err != nil {
		return nil, err
	}
	return &LadderBook{store: s, model: rating.DefaultModel(), seasons: seasons, books: map[string]*book{}}, nil
}

// Seasons returns the club's seasons.
func (lb *LadderBook) Seasons() rating.Seasons { return lb.seasons }

// Ladders returns the up-to-date ladders of one kind of game. The result
// must not be changed by the caller.
func (lb *LadderBook) Ladders(ctx context.Context, kind string) (*rating.Ladders, error) {
	games, err := lb.store.RatedGames(ctx, kind)
	if err != nil {
		return nil, err
	}
	lb.mu.Lock()
	defer lb.mu.Unlock()
	b := lb.books[kind]
	if b != nil && extends(games, b.games) {
		for _, g := range games[len(b.games):] {
			if _, err := b.ladders.Apply(g); err != nil {
				b = nil // out of order: rebuild below
				break
			}
		}
		if b != nil {
			b.games = games
			return b.ladders, nil
		}
	}
	ls, err := rating.BuildLadders(lb.model, lb.seasons, games)
	if err != nil {
		return nil, err
	}
	lb.books[kind] = &book{ladders: ls, games: games}
	return ls, nil
}

// extends reports whether games starts with exactly the games rated.
func extends(games, rated []rating.Game) bool {
	if len(games) < len(rated) {
		return false
	}
	for i := range rated {
		if !sameGame(games[i], rated[i]) {
			return false
		}
	}
	return true
}

func sameGame(a, b rating.Game) bool {
	return a.ID == b.ID && a.At.Equal(b.At) && slices.Equal(a.Players, b.Players)
}

// Reliability is how a member keeps to the pace of their games of a kind.
type Reliability struct {
	Timeouts   int           // moves the caretaker made for them, plus games they timed out of
	Moves      int           // moves they made themselves
	MedianMove time.Duration // median time from the game's previous move to theirs
}

// Reliabilities returns every member's reliability over their games of
// one kind (in play and finished), by member id.
func (s *Store) Reliabilities(ctx context.Context, kind string) (map[string]Reliability, error) {
	db := s.db.WithContext(ctx)
	var games []Game
	if err := db.Where("game_id = ? AND status <> ?", kind, StatusInviting).Find(&games).Error; err != nil {
		return nil, err
	}
	waits := map[string][]time.Duration{}
	out := map[string]Reliability{}
	for _, g := range games {
		seats, err := s.Seats(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		var moves []Move
		if err := db.Where("game_id = ?", g.ID).Order("seq").Find(&moves).Error; err != nil {
			return nil, err
		}
		prev := g.CreatedAt
		if g.StartedAt != nil {
			prev = *g.StartedAt
		}
		for _, m := range moves {
			if m.Seat >= 0 && m.Seat < len(seats) {
				id := MemberID(seats[m.Seat].UserID)
				r := out[id]
				if m.By == ByCaretaker {
					r.Timeouts++
				} else {
					r.Moves++
					waits[id] = append(waits[id], max(0, m.At.Sub(prev)))
				}
				out[id] = r
			}
			prev = m.At
		}
		var drops []SeatDrop
		if err := db.Where("game_id = ? AND reason = ?", g.ID, DropTimeout).Find(&drops).Error; err != nil {
			return nil, err
		}
		for _, d := range drops {
			if d.Seat < len(seats) {
				id := MemberID(seats[d.Seat].UserID)
				r := out[id]
				r.Timeouts++
				out[id] = r
			}
		}
	}
	for id, w := range waits {
		slices.Sort(w)
		r := out[id]
		r.MedianMove = w[len(w)/2]
		if len(w)%2 == 0 {
			r.MedianMove = (w[len(w)/2-1] + w[len(w)/2]) / 2
		}
		out[id] = r
	}
	return out, nil
}
