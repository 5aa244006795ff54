package rating

import (
	"errors"
	"fmt"
	"slices"
	"time"
)

// Season is one ladder season. It runs from Start (included) until the
// next season's Start (excluded); the last season has no end.
type Season struct {
	Name  string
	Start time.Time
}

// Seasons is a club's seasons, in order of start.
type Seasons []Season

// Check says why the seasons are unusable: each needs a name, names must
// differ and starts must strictly increase.
func (s Seasons) Check() error {
	names := map[string]bool{}
	for i, x := range s {
		if x.Name == "" {
			return fmt.Errorf("rating: season %d has no name", i+1)
		}
		if names[x.Name] {
			return fmt.Errorf("rating: two seasons are named %q", x.Name)
		}
		names[x.Name] = true
		if i > 0 && !x.Start.After(s[i-1].Start) {
			return fmt.Errorf("rating: season %q must start after season %q", x.Name, s[i-1].Name)
		}
	}
	return nil
}

// At returns the index of the season a moment belongs to, or -1 if it is
// before the first season.
func (s Seasons) At(t time.Time) int {
	for i := len(s) - 1; i >= 0; i-- {
		if !t.Before(s[i].Start) {
			return i
		}
	}
	return -1
}

// Contains reports whether t falls in season i: [start, next start).
func (s Seasons) Contains(i int, t time.Time) bool {
	return i >= 0 && i < len(s) && s.At(t) == i
}

// InSeason returns the games of season i, in the order given.
func (s Seasons) InSeason(i int, games []Game) []Game {
	var out []Game
	for _, g := range games {
		if s.Contains(i, g.At) {
			out = append(out, g)
		}
	}
	return out
}

// Ladders keeps a game's all-time ladder and one ladder per season in
// step: the season ladder is the same computation over the season's games
// only, every member starting afresh.
type Ladders struct {
	AllTime *Ladder
	Seasons Seasons
	Season  []*Ladder // Season[i] is the ladder of Seasons[i]
}

// NewLadders returns empty ladders for the given seasons.
func NewLadders(m Model, seasons Seasons) (*Ladders, error) {
	if err := seasons.Check(); err != nil {
		return nil, err
	}
	ls := &Ladders{AllTime: NewLadder(m), Seasons: append(Seasons(nil), seasons...)}
	for range seasons {
		ls.Season = append(ls.Season, NewLadder(m))
	}
	return ls, nil
}

// BuildLadders rates all games from scratch: the all-time ladder over
// every game and each season's over the games in it.
func BuildLadders(m Model, seasons Seasons, games []Game) (*Ladders, error) {
	if err := seasons.Check(); err != nil {
		return nil, err
	}
	all, err := Build(m, games)
	if err != nil {
		return nil, err
	}
	ls := &Ladders{AllTime: all, Seasons: append(Seasons(nil), seasons...)}
	for i := range seasons {
		l, err := Build(m, seasons.InSeason(i, games))
		if err != nil {
			return nil, fmt.Errorf("season %q: %w", seasons[i].Name, err)
		}
		ls.Season = append(ls.Season, l)
	}
	return ls, nil
}

// Apply rates one more game on the all-time ladder and on its season's
// ladder (if it falls in a season). The game must come after every game
// already rated; if it cannot be rated, no ladder changes.
func (ls *Ladders) Apply(g Game) (Rated, error) {
	// Check both before changing either, so a refused game changes neither.
	i := ls.Seasons.At(g.At)
	if i >= 0 {
		if _, err := ls.Season[i].check(g); err != nil {
			return Rated{}, err
		}
	}
	if _, err := ls.AllTime.check(g); err != nil {
		return Rated{}, err
	}
	out, err := ls.AllTime.Apply(g)
	if err != nil {
		return Rated{}, err
	}
	if i >= 0 {
		if _, err := ls.Season[i].Apply(g); err != nil {
			return Rated{}, errors.Join(errors.New("rating: season ladder out of step with the all-time ladder; rebuild"), err)
		}
	}
	return out, nil
}

// Clone returns a copy that later Apply calls on either one do not change.
func (ls *Ladders) Clone() *Ladders {
	c := &Ladders{AllTime: ls.AllTime.Clone(), Seasons: slices.Clone(ls.Seasons)}
	for _, l := range ls.Season {
		c.Season = append(c.Season, l.Clone())
	}
	return c
}

// Current returns the ladder of the season a moment falls in, or nil if
// it is before the first season.
func (ls *Ladders) Current(t time.Time) *Ladder {
	if i := ls.Seasons.At(t); i >= 0 {
		return ls.Season[i]
	}
	return nil
}
