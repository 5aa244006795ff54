package rating

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// ProvisionalGames is how many rated games a member needs before their
// place on the ladder stops being provisional.
const ProvisionalGames = 5

// Game is one finished rated game as the ladder sees it.
type Game struct {
	ID      string    // the game's id, unique
	At      time.Time // when it finished; games are rated in (At, ID) order
	Players []Result
}

// Result is one player's finish in a game.
type Result struct {
	Member string // stable member id
	Place  int    // 1 = winner; equal places are ties
	// Dropped marks a player who timed out of the game or was dropped from
	// it: they rank last, below everyone who stayed, whatever their place.
	// Several dropped players share the last place.
	Dropped bool
}

// Change is one player's rating change in one game.
type Change struct {
	Member  string
	Place   int  // the place the game reported
	Dropped bool // ranked last for timing out or being dropped
	Rank    int  // the rank the rating used: 1 is best, equal is a tie
	Before  Rating
	After   Rating
}

// OrdinalChange is how far the game moved the player's ladder score.
func (c Change) OrdinalChange() float64 { return c.After.Ordinal() - c.Before.Ordinal() }

// Rated is the outcome of rating one game.
type Rated struct {
	Game    string
	At      time.Time
	Changes []Change // in the order the game listed its players
}

// Point is a member's rating right after one of their games.
type Point struct {
	Game   string
	At     time.Time
	Rating Rating
}

// Standing is one row of a ladder table.
type Standing struct {
	Rank        int // position in the table; members with equal ordinals share it
	Member      string
	Rating      Rating
	Ordinal     float64
	Games       int
	Wins        int  // games finished first, alone or sharing first place
	Provisional bool // fewer than ProvisionalGames games
}

// ErrOutOfOrder is returned by Apply for a game that finished before (or
// at the same time with a smaller id than) a game already rated. Rating
// depends on order, so such a game means the ladder must be rebuilt.
var ErrOutOfOrder = errors.New("rating: game is older than the last rated game; rebuild the ladder")

// Ladder rates a chronological series of games. The zero value is not
// usable; make one with NewLadder or Build.
type Ladder struct {
	model   Model
	members map[string]*member
	rated   []Rated
	byGame  map[string]int // game id -> index in rated
}

type member struct {
	rating  Rating
	games   int
	wins    int
	history []Point
}

// NewLadder returns an empty ladder using model m.
func NewLadder(m Model) *Ladder {
	return &Ladder{model: m, members: map[string]*member{}, byGame: map[string]int{}}
}

// Build rates games in chronological order, (At, ID), whatever order they
// are given in. It stops at the first game that cannot be rated, naming it.
func Build(m Model, games []Game) (*Ladder, error) {
	sorted := slices.Clone(games)
	slices.SortStableFunc(sorted, compareGames)
	l := NewLadder(m)
	for _, g := range sorted {
		if _, err := l.Apply(g); err != nil {
			return nil, err
		}
	}
	return l, nil
}

func compareGames(a, b Game) int {
	if c := a.At.Compare(b.At); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// Apply rates one more game, which must come after every game already
// rated. A game that cannot be rated leaves the ladder as it was.
func (l *Ladder) Apply(g Game) (Rated, error) {
	ranks, err := l.check(g)
	if err != nil {
		return Rated{}, err
	}
	before := make([]Rating, len(g.Players))
	for i, p := range g.Players {
		before[i] = l.ratingOf(p.Member)
	}
	out := l.model.RateGame(g, ranks, before)
	wins := out.Wins()
	for i, p := range g.Players {
		m := l.members[p.Member]
		if m == nil {
			m = &member{}
			l.members[p.Member] = m
		}
		m.rating = out.Changes[i].After
		m.games++
		if wins[i] {
			m.wins++
		}
		m.history = append(m.history, Point{Game: g.ID, At: g.At, Rating: out.Changes[i].After})
	}
	l.byGame[g.ID] = len(l.rated)
	l.rated = append(l.rated, out)
	return cloneRated(out), nil
}

// RateGame rates one game (checked by CheckGame, which gave ranks) from
// its players' ratings before it.
func (m Model) RateGame(g Game, ranks []int, before []Rating) Rated {
	after := m.Rate(before, ranks)
	out := Rated{Game: g.ID, At: g.At, Changes: make([]Change, len(g.Players))}
	for i, p := range g.Players {
		out.Changes[i] = Change{Member: p.Member, Place: p.Place, Dropped: p.Dropped, Rank: ranks[i], Before: before[i], After: after[i]}
	}
	return out
}

// Wins says, by player, whether the game counts as their win: the best
// rank, alone or shared, without having been dropped.
func (r Rated) Wins() []bool {
	best := 0
	for i, c := range r.Changes {
		if i == 0 || c.Rank < best {
			best = c.Rank
		}
	}
	out := make([]bool, len(r.Changes))
	for i, c := range r.Changes {
		out[i] = c.Rank == best && !c.Dropped
	}
	return out
}

// check says why g cannot be rated next, or returns the ranks to rate it by.
func (l *Ladder) check(g Game) ([]int, error) {
	if _, dup := l.byGame[g.ID]; dup {
		return nil, fmt.Errorf("rating: game %s is already rated", g.ID)
	}
	if n := len(l.rated); n > 0 {
		last := Game{ID: l.rated[n-1].Game, At: l.rated[n-1].At}
		if Before(g, last) {
			return nil, fmt.Errorf("game %s (%s) after game %s (%s): %w", g.ID, g.At.Format(time.RFC3339), last.ID, last.At.Format(time.RFC3339), ErrOutOfOrder)
		}
	}
	return CheckGame(g)
}

// Before reports whether game a is rated before game b: games are rated in
// (At, ID) order.
func Before(a, b Game) bool { return compareGames(a, b) < 0 }

// CheckGame says why g cannot be rated at all (whatever was rated before
// it), or returns the ranks to rate it by.
func CheckGame(g Game) ([]int, error) {
	if g.ID == "" {
		return nil, errors.New("rating: a game without an id cannot be rated")
	}
	if len(g.Players) < 2 {
		return nil, fmt.Errorf("rating: game %s has %d players; a rated game needs at least 2", g.ID, len(g.Players))
	}
	seen := map[string]bool{}
	for _, p := range g.Players {
		if p.Member == "" {
			return nil, fmt.Errorf("rating: game %s has a player without a member id", g.ID)
		}
		if seen[p.Member] {
			return nil, fmt.Errorf("rating: member %s plays twice in game %s", p.Member, g.ID)
		}
		seen[p.Member] = true
		if !p.Dropped && p.Place < 1 {
			return nil, fmt.Errorf("rating: member %s has place %d in game %s; places start at 1", p.Member, p.Place, g.ID)
		}
	}
	return Ranks(g.Players), nil
}

// Ranks returns the ranks a game is rated by: each player's place, except
// that players who timed out or were dropped share a rank below everyone
// else.
func Ranks(players []Result) []int {
	last := 0
	for _, p := range players {
		if !p.Dropped {
			last = max(last, p.Place)
		}
	}
	ranks := make([]int, len(players))
	for i, p := range players {
		ranks[i] = p.Place
		if p.Dropped {
			ranks[i] = last + 1
		}
	}
	return ranks
}

func (l *Ladder) ratingOf(id string) Rating {
	if m := l.members[id]; m != nil {
		return m.rating
	}
	return l.model.New()
}

// Model returns the model the ladder rates with.
func (l *Ladder) Model() Model { return l.model }

// Len returns how many games the ladder has rated.
func (l *Ladder) Len() int { return len(l.rated) }

// Table returns the ladder: every member who has played, best first
// (highest ordinal, then member id, so equal ordinals have a fixed order).
func (l *Ladder) Table() []Standing {
	rows := make([]Standing, 0, len(l.members))
	for id, m := range l.members {
		rows = append(rows, standing(id, m))
	}
	return RankTable(rows)
}

// RankTable orders standings as a ladder table (highest ordinal first,
// then member id) and numbers them: members with equal ordinals share a
// rank. It returns rows, sorted in place.
func RankTable(rows []Standing) []Standing {
	slices.SortFunc(rows, func(a, b Standing) int {
		switch {
		case a.Ordinal > b.Ordinal:
			return -1
		case a.Ordinal < b.Ordinal:
			return 1
		}
		return strings.Compare(a.Member, b.Member)
	})
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && rows[i].Ordinal == rows[i-1].Ordinal {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	return rows
}

// NewStanding makes a ladder row from a member's stored rating and
// counts (Rank left 0: see RankTable).
func NewStanding(member string, r Rating, games, wins int) Standing {
	return Standing{Member: member, Rating: r, Ordinal: r.Ordinal(), Games: games, Wins: wins, Provisional: games < ProvisionalGames}
}

func standing(id string, m *member) Standing { return NewStanding(id, m.rating, m.games, m.wins) }

// Member returns one member's row (Rank left 0; see Table for positions),
// and false if they have no rated game.
func (l *Ladder) Member(id string) (Standing, bool) {
	m := l.members[id]
	if m == nil {
		return Standing{}, false
	}
	return standing(id, m), true
}

// History returns a member's rating after each of their games, oldest
// first; empty if they have none.
func (l *Ladder) History(id string) []Point {
	if m := l.members[id]; m != nil {
		return slices.Clone(m.history)
	}
	return nil
}

// Game returns everyone's rating change in one game, and false if the
// ladder has not rated it.
func (l *Ladder) Game(id string) (Rated, bool) {
	i, ok := l.byGame[id]
	if !ok {
		return Rated{}, false
	}
	return cloneRated(l.rated[i]), true
}

// Games returns every rated game's changes in the order they were rated.
func (l *Ladder) Games() []Rated {
	out := make([]Rated, len(l.rated))
	for i, r := range l.rated {
		out[i] = cloneRated(r)
	}
	return out
}

func cloneRated(r Rated) Rated {
	r.Changes = slices.Clone(r.Changes)
	return r
}

// Clone returns a copy of the ladder that later Apply calls on either one
// do not change: the ladder book rates new games on a clone and hands the
// old one to readers as an immutable snapshot. Histories and rated games
// are only ever appended to, so the copy shares their elements, clipped
// so that an append on one never writes where the other reads.
func (l *Ladder) Clone() *Ladder {
	c := &Ladder{model: l.model, members: make(map[string]*member, len(l.members)),
		rated: slices.Clip(l.rated), byGame: make(map[string]int, len(l.byGame))}
	for id, m := range l.members {
		cm := *m
		cm.history = slices.Clip(m.history)
		c.members[id] = &cm
	}
	for id, i := range l.byGame {
		c.byGame[id] = i
	}
	return c
}
