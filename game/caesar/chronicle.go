package caesar

import (
	"rondel/game"
	"rondel/game/words"
)

// The account of a game (game.Chronicler): each player's points on the
// score track at the start and after every round, and at the end a table
// of what each player built and scored.

// Sides are the players' colours, by seat (game.Sider).
func (s *State) Sides() []game.Side {
	out := make([]game.Side, len(s.d.Players))
	for seat := range s.d.Players {
		c := playerColours[seat]
		out[seat] = game.Side{ID: c, Name: words.New(termColour + c), Colour: playerFill[c]}
	}
	return out
}

type chronicle struct {
	last  *State
	round int
	track [][]int // by seat, by sample
}

// Chronicle starts an account at this (start) position.
func (s *State) Chronicle() game.Chronicle {
	c := &chronicle{last: s, round: s.Progress().Round, track: make([][]int, len(s.d.Players))}
	c.sample(s)
	return c
}

func (c *chronicle) sample(s *State) {
	for seat := range s.d.Players {
		c.track[seat] = append(c.track[seat], s.d.Track[seat])
	}
}

// Step samples the track when a round has ended or the game is over.
func (c *chronicle) Step(after game.State, _ []game.Event) {
	s, ok := after.(*State)
	if !ok {
		return
	}
	if r := s.Progress().Round; r != c.round || (s.d.Over && !c.last.d.Over) {
		c.sample(s)
		c.round = r
	}
	c.last = s
}

// seatName names a player with their colour ("Ann (yellow)"), as the
// board's legend does: the plots' colours are then said in words too.
func seatName(seat int) words.Text {
	return words.New("caesar.player").Seat("player", seat).With("colour", colourArg(playerColours[seat]))
}

func number(n int) words.Text { return words.New("game.account.number").Num("n", n) }

// Account is the game so far in numbers.
func (c *chronicle) Account() *game.Account {
	s := c.last
	chart := game.Chart{Title: words.New("caesar.account.track"), Y: words.New("caesar.account.points")}
	t := game.Table{Title: words.New("caesar.account.players"), Head: words.New("game.account.head_player"),
		Columns: []words.Text{words.New("caesar.account.cities"), words.New("caesar.account.roads_left"),
			words.New("caesar.account.track_points"), words.New("caesar.account.end_points"),
			words.New("caesar.account.total")}}
	for seat := range s.d.Players {
		colour := playerFill[playerColours[seat]]
		chart.Series = append(chart.Series, game.Series{Name: seatName(seat), Colour: colour, Values: c.track[seat]})
		cities := 0
		for _, o := range s.d.Owner {
			if o == seat {
				cities++
			}
		}
		total := s.d.Track[seat]
		if s.d.Over && seat < len(s.d.Final) {
			total = s.d.Final[seat].Total
		}
		// The table names a player alone (their colour is beside it):
		// a phone has no room for more.
		t.Rows = append(t.Rows, game.Row{Name: words.New("game.account.player").Seat("player", seat), Colour: colour, Cells: []words.Text{number(cities),
			number(s.d.RoadsLeft[seat]), number(s.d.Track[seat]), number(total - s.d.Track[seat]), number(total)}})
	}
	return &game.Account{X: words.New("game.account.round"), Charts: []game.Chart{chart}, Tables: []game.Table{t}}
}
