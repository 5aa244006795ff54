package caesar

import (
	"rondel/game"
	"rondel/game/words"
)

// Glance is the position at a glance (game.Glancer): each player's points
// on the track, roads left and cities, in their colour; the viewer's row
// and the player asked now are marked.
func (s *State) Glance(viewer int) []game.GlanceTable {
	t := game.GlanceTable{Head: words.New("game.account.head_player"), Columns: []words.Text{
		words.New("caesar.account.track_points"), words.New("caesar.account.roads_left"), words.New("caesar.account.cities")}}
	asked := map[int]bool{}
	for _, d := range s.ToAct() {
		asked[d.Seat] = true
	}
	for seat := range s.d.Players {
		cities := 0
		for _, o := range s.d.Owner {
			if o == seat {
				cities++
			}
		}
		t.Rows = append(t.Rows, game.GlanceRow{Name: seatName(seat), Colour: playerFill[playerColours[seat]],
			Cells: []words.Text{number(s.d.Track[seat]), number(s.d.RoadsLeft[seat]), number(cities)},
			You:   seat == viewer, Turn: asked[seat]})
	}
	return []game.GlanceTable{t}
}
