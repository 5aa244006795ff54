package imperial

import (
	"strconv"
	"strings"

	"rondel/game"
	"rondel/game/words"
)

// Glance is the position at a glance (game.Glancer): each nation's
// treasury, power points, rondel space and government, then each
// player's cash and bonds (by nation code and value, as on the board).
// The viewer's governments and their own row are marked, and so are the
// nation on turn and the players asked now.
func (s *State) Glance(viewer int) []game.GlanceTable {
	col := func(k string) words.Text { return words.New("imperial.board.col." + k) }
	over := s.Finished()
	nations := game.GlanceTable{Head: col("nation"), Columns: []words.Text{col("treasury"), col("power"), col("rondel"), col("government")}}
	for ni, nat := range s.Nations {
		space, gov := words.New("imperial.board.rondel.notyet"), words.New("imperial.board.none")
		if nat.Rondel >= 0 {
			space = words.New(slotKeys[nat.Rondel])
		}
		if nat.Government >= 0 {
			gov = words.New("game.account.player").Seat("player", nat.Government)
		}
		nations.Rows = append(nations.Rows, game.GlanceRow{Name: words.New(s.nationKey(ni)), Short: s.nationID(ni), Colour: s.nationColour(ni),
			Cells: []words.Text{money(nat.Treasury), number(nat.Power), space, gov},
			You:   viewer >= 0 && nat.Government == viewer, Turn: !over && ni == s.Turn})
	}
	asked := map[int]bool{}
	if !over {
		for _, d := range s.ToAct() {
			asked[d.Seat] = true
		}
	}
	players := game.GlanceTable{Head: col("player"), Columns: []words.Text{col("cash"), col("bonds")}}
	for seat, p := range s.Players {
		players.Rows = append(players.Rows, game.GlanceRow{Name: words.New("game.account.player").Seat("player", seat),
			Cells: []words.Text{money(p.Cash), s.bondsOf(seat)}, You: seat == viewer, Turn: asked[seat]})
	}
	return []game.GlanceTable{nations, players}
}

// bondsOf lists seat's bonds by nation: "AH 2/9" (the nation's code and
// the values of its bonds), or none.
func (s *State) bondsOf(seat int) words.Text {
	var items []words.Arg
	for ni, nat := range s.Nations {
		var costs []string
		for bi, h := range nat.Bonds {
			if h == seat {
				costs = append(costs, strconv.Itoa(s.b.Bonds[bi].Cost))
			}
		}
		if len(costs) > 0 {
			items = append(items, words.Lit(s.nationID(ni)+" "+strings.Join(costs, "/")))
		}
	}
	if len(items) == 0 {
		return words.New("imperial.board.none")
	}
	return words.New("game.account.list").List("items", items...)
}
