package playimperial

import (
	"fmt"
	"strings"

	"rondel/game"
	"rondel/game/imperial"
)

// Importer is the game.Importer of playimperial.club logs, registered
// beside the games it translates into (Imperial, Imperial 2030).
type Importer struct {
	games map[string]game.Game
}

// NewImporter returns the importer for the given games; a log of a game
// not among them is refused.
func NewImporter(games ...game.Game) *Importer {
	imp := &Importer{games: map[string]game.Game{}}
	for _, g := range games {
		imp.games[g.Info().ID] = g
	}
	return imp
}

// ID is the source's name on the command line.
func (*Importer) ID() string { return "playimperial" }

// Name is the site.
func (*Importer) Name() string { return "playimperial.club" }

// Import translates a log of the site. A log that ended on the site but
// whose moves do not end the game under Rondel's rules is translated but
// carries a Refusal: it must not become a game in play.
func (imp *Importer) Import(data []byte) (*game.Imported, error) {
	entries, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrForeignFormat, err)
	}
	g, ok := imp.games[GameID(entries)]
	if !ok {
		return nil, fmt.Errorf("the log is a game of %s, which this Rondel does not host", GameID(entries))
	}
	res, err := Choose(g, entries)
	if err != nil {
		return nil, err
	}
	setup, err := res.Record.Setup()
	if err != nil {
		return nil, err
	}
	out := &game.Imported{Game: res.Record.GameID, Setup: setup, Final: res.State, Ended: res.EndedAt, Refusal: res.refusal(),
		Ruleset: res.Ruleset}
	for _, d := range res.Departures {
		out.Departures = append(out.Departures, game.ImportDeparture{Entry: d.Index, What: "imperial.site." + d.Switch})
	}
	for _, m := range res.Record.Moves {
		out.Moves = append(out.Moves, game.ImportedMove{Seat: m.Seat, Move: m.Move, Note: m.Note})
	}
	for _, s := range res.Steps {
		out.Steps = append(out.Steps, game.ImportStep{Index: s.Index, Accepted: s.Accepted, Note: s.Note, State: s.State})
	}
	return out, nil
}

// Choose imports a log under the ruleset it belongs to. A game that is
// over (the log says so, or its replay under the site's rules reaches the
// end at its last entry) is replayed under the site's own rules, so that it
// ends as it ended there, with the site's scores and winner; a game still
// in play is replayed under the rule book, as it goes on here.
func Choose(g game.Game, entries []Entry) (*Result, error) {
	site, err := ImportUnder(g, entries, imperial.RulesetPlayImperial)
	if err != nil {
		return nil, err
	}
	if site.EndedAt >= 0 {
		return site, nil
	}
	if at := site.finishedAt(); at >= 0 && at == lastEntry(entries) {
		site.EndedAt = at // a plain list that reaches the end there
		return site, nil
	}
	return Import(g, entries)
}

// finishedAt is the index of the entry after which the replay is over, -1
// if it is not.
func (res *Result) finishedAt() int {
	for _, s := range res.Steps {
		if s.State.Finished {
			return s.Index
		}
	}
	return -1
}

// lastEntry is the index of the log's last entry that is not endGame.
func lastEntry(entries []Entry) int {
	i := len(entries) - 1
	for i > 0 && entries[i].Type == "endGame" {
		i--
	}
	return i
}

// refusal says why a log that ended on the site cannot be imported: its
// moves do not end the game under Rondel's rules, so it would become a game
// in play. "" if the import may go on.
func (res *Result) refusal() string {
	if res.EndedAt < 0 || res.State.Finished() {
		return ""
	}
	why := fmt.Sprintf("The game ended on playimperial.club (log entry %d), but under Rondel's rules it is not over: no nation has 25 power points", res.EndedAt)
	for _, s := range res.Steps {
		if k := strings.Index(s.Note, departs); k >= 0 {
			why += fmt.Sprintf(". Rondel's game departs from the site's at entry %d: %s", s.Index, s.Note[k+len(departs):])
			break
		}
		if !s.Accepted {
			why += fmt.Sprintf(". Rondel could not apply entry %d: %s", s.Index, s.Note)
			break
		}
	}
	return why + ". A game that is over cannot be continued here, so it is not imported."
}
