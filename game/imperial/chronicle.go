package imperial

import (
	"rondel/game"
	"rondel/game/words"
)

// The account of a game (game.Chronicler): each nation's power points and
// each player's score (what they would score if the game ended there) at
// the start and after every round, and at the end a table of the players'
// bonds and one of the nations' factories, battles and taxes. Battles and
// taxes are counted from the engine's own events, so the state carries no
// counters and recorded states stay as they are.

// chronicle follows one game (game.Chronicle).
type chronicle struct {
	last    *State
	round   int     // the round the last sample closed
	power   [][]int // by nation, by sample
	score   [][]int // by seat, by sample
	battles []int   // by nation
	taxes   []int   // revenue collected, by nation
	taxed   []int   // taxations, by nation
	nations map[string]int
}

// Chronicle starts an account at this (start) position.
func (s *State) Chronicle() game.Chronicle {
	c := &chronicle{last: s, round: s.Round, power: make([][]int, len(s.Nations)),
		score: make([][]int, len(s.Players)), battles: make([]int, len(s.Nations)),
		taxes: make([]int, len(s.Nations)), taxed: make([]int, len(s.Nations)), nations: map[string]int{}}
	for ni := range s.Nations {
		c.nations[s.nationKey(ni)] = ni
	}
	c.sample(s)
	return c
}

func (c *chronicle) sample(s *State) {
	for ni, nat := range s.Nations {
		c.power[ni] = append(c.power[ni], nat.Power)
	}
	for seat := range s.Players {
		c.score[seat] = append(c.score[seat], s.score(seat))
	}
}

// Step counts the move's battles and taxes, and samples the position when
// a round has ended or the game is over.
func (c *chronicle) Step(after game.State, events []game.Event) {
	s, ok := after.(*State)
	if !ok {
		return
	}
	for _, e := range events {
		c.count(e.Msg)
	}
	// A sample closes a round; the last one may close the round the game
	// ended in.
	if s.Round != c.round || (s.Finished() && !c.last.Finished()) {
		c.sample(s)
		c.round = s.Round
	}
	c.last = s
}

// count adds a battle to both nations that fought it, and a taxation's
// revenue to the nation taxed.
func (c *chronicle) count(t words.Text) {
	nation := func(arg string) (int, bool) {
		a, ok := t.Args.Get(arg)
		if !ok {
			return 0, false
		}
		ni, ok := c.nations[a.Str()]
		return ni, ok
	}
	switch t.ID {
	case "imperial.event.battle", "imperial.event.battle_demanded":
		for _, arg := range []string{"nation", "other"} {
			if ni, ok := nation(arg); ok {
				c.battles[ni]++
			}
		}
	case "imperial.event.tax", "imperial.event.tax_bonus", "imperial2030.event.tax":
		if ni, ok := nation("nation"); ok {
			c.taxed[ni]++
			if a, _ := t.Args.Get("revenue"); a.Kind() == "m" {
				n, _ := a.Int()
				c.taxes[ni] += n
			}
		}
	}
}

// Account is the game so far in numbers.
func (c *chronicle) Account() *game.Account {
	s := c.last
	a := &game.Account{X: words.New("game.account.round"), XStart: 0}
	power := game.Chart{Title: words.New("imperial.account.power"), Y: words.New("imperial.account.power_y")}
	for ni := range s.Nations {
		power.Series = append(power.Series, game.Series{Name: words.New(s.nationKey(ni)), Colour: s.nationColour(ni),
			Values: c.power[ni]})
	}
	score := game.Chart{Title: words.New("imperial.account.score"), Y: words.New("imperial.account.score_y")}
	for seat := range s.Players {
		score.Series = append(score.Series, game.Series{Name: seatName(seat), Values: c.score[seat]})
	}
	a.Charts = []game.Chart{power, score}
	a.Tables = []game.Table{c.playerTable(s), c.nationTable(s)}
	return a
}

func seatName(seat int) words.Text { return words.New("game.account.player").Seat("player", seat) }

func number(n int) words.Text { return words.New("game.account.number").Num("n", n) }

func money(n int) words.Text { return words.New("game.account.money").Money("n", n) }

// playerTable: each player's cash, score and bonds at the end, the bonds
// by nation ("Italy 6M and 9M (interest 7M)").
func (c *chronicle) playerTable(s *State) game.Table {
	t := game.Table{Title: words.New("imperial.account.players"), Head: words.New("game.account.head_player"),
		Columns: []words.Text{words.New("imperial.account.cash"), words.New("imperial.account.final_score"),
			words.New("imperial.account.bonds")}}
	for seat, p := range s.Players {
		var held []words.Arg
		for ni, nat := range s.Nations {
			var costs []words.Arg
			interest := 0
			for bi, h := range nat.Bonds {
				if h == seat {
					costs = append(costs, words.Money(s.b.Bonds[bi].Cost))
					interest += s.b.Bonds[bi].Interest
				}
			}
			if len(costs) > 0 {
				held = append(held, words.Sub(s.nat(words.New("imperial.account.nation_bonds"), "nation", ni).
					With("bonds", words.List(costs...)).Money("interest", interest)))
			}
		}
		bonds := words.New("game.account.none")
		if len(held) > 0 {
			bonds = words.New("game.account.list").With("items", words.List(held...))
		}
		t.Rows = append(t.Rows, game.Row{Name: seatName(seat), Cells: []words.Text{money(p.Cash), number(s.score(seat)), bonds}})
	}
	return t
}

// nationTable: each nation's power points, factories, battles and taxes
// (the revenue of all its taxations, and how many).
func (c *chronicle) nationTable(s *State) game.Table {
	t := game.Table{Title: words.New("imperial.account.nations"), Head: words.New("imperial.account.nation"),
		Columns: []words.Text{words.New("imperial.account.power_y"), words.New("imperial.account.factories"),
			words.New("imperial.account.battles"), words.New("imperial.account.taxes")}}
	for ni, nat := range s.Nations {
		factories := 0
		for _, r := range s.b.Nations[ni].Homes {
			if s.Factories[r] {
				factories++
			}
		}
		t.Rows = append(t.Rows, game.Row{Name: words.New(s.nationKey(ni)), Colour: s.nationColour(ni),
			Cells: []words.Text{number(nat.Power), number(factories), number(c.battles[ni]),
				words.New("imperial.account.taxes_cell").Money("revenue", c.taxes[ni]).Count(c.taxed[ni])}})
	}
	return t
}
