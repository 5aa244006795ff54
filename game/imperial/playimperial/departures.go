package playimperial

import (
	"encoding/json"
	"slices"

	"rondel/game/imperial"
	"rondel/game/record"
)

// departures finds which of the site's departures from the rule book
// changed the position at entry i, whose moves led from pre to the
// current state: the moves are played again from pre with every switch
// off, and where that gives another position (or is refused), with each
// switch off in turn. The first entry of each switch is kept.
func (im *importer) departures(i int, pre *imperial.State, moves []record.Move) {
	want := summaryJSON(im.s)
	if replayFrom(pre, moves, nil) == want {
		return
	}
	for _, sw := range pre.SiteSwitches() {
		if slices.ContainsFunc(im.res.Departures, func(d Departure) bool { return d.Switch == sw }) {
			continue
		}
		if replayFrom(pre, moves, []string{sw}) != want {
			im.res.Departures = append(im.res.Departures, Departure{Index: i, Switch: sw})
		}
	}
}

// replayFrom plays moves from pre with the named switches off (all of
// them if none is named) and returns the summary it reaches, "" if a move
// is refused.
func replayFrom(pre *imperial.State, moves []record.Move, off []string) string {
	s, err := pre.WithoutSiteSwitches(off...)
	if err != nil {
		return ""
	}
	for _, m := range moves {
		next, _, err := s.Apply(m.Seat, m.Move)
		if err != nil {
			return ""
		}
		s = next.(*imperial.State)
	}
	return summaryJSON(s)
}

func summaryJSON(s *imperial.State) string {
	b, _ := json.Marshal(s.Summarize())
	return string(b)
}
