package playimperial

import (
	"fmt"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/game/words"
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
	said := map[int]bool{}
	for _, m := range res.Record.Moves {
		out.Moves = append(out.Moves, game.ImportedMove{Seat: m.Seat, Move: m.Move, Note: res.departureNote(m.Note, said)})
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
	book, err := Import(g, entries)
	if err != nil {
		return nil, err
	}
	if book.State.Finished() {
		// The rule book ends a game the site did not end: its winner is
		// not the game's, and the game cannot go on here either.
		book.refused = fmt.Sprintf("Replayed under the rule book the game ends at entry %d, but on playimperial.club it goes on: the rule book's result is not the game's, so it is not imported.", book.finishedAt())
	}
	if book.StoppedAt >= 0 {
		st := &book.Steps[book.StoppedAt]
		st.Note += site.behind(book.StoppedAt)
	}
	return book, nil
}

// behind names the difference behind a replay under the rule book falling
// short at entry stop: the first of the site's departures that changed the
// position before it (the replay under the site's rules finds them).
func (site *Result) behind(stop int) string {
	for _, d := range site.Departures {
		if d.Index < stop {
			en := words.English()
			key := "imperial.site." + d.Switch
			return fmt.Sprintf(". The positions first differ at entry %d, where the site %s (rule book: %s)", d.Index, en.T(key+".site"), en.T(key+".book"))
		}
	}
	return ""
}

// departureNote adds to the note of the first move of an entry where the
// site's rules departed from the rule book what the site did and what the
// rule book says (in English, as the record's notes are).
func (res *Result) departureNote(note string, said map[int]bool) string {
	var entry int
	if _, err := fmt.Sscanf(note, "playimperial entry %d", &entry); err != nil || said[entry] {
		return note
	}
	en := words.English()
	for _, d := range res.Departures {
		if d.Index == entry {
			said[entry] = true
			key := "imperial.site." + d.Switch
			note += fmt.Sprintf("; here the site's rules depart from the rule book: the site %s (rule book: %s)", en.T(key+".site"), en.T(key+".book"))
		}
	}
	return note
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
// moves, replayed under the site's own rules, do not end the game, so it
// would become a game in play. It names the entry where the replay fell
// short and why. "" if the import may go on.
func (res *Result) refusal() string {
	if res.refused != "" {
		return res.refused
	}
	if res.EndedAt < 0 || res.State.Finished() {
		return ""
	}
	why := fmt.Sprintf("The game ended on playimperial.club (log entry %d), but replayed under that site's own rules it is not over: no nation has 25 power points", res.EndedAt)
	for _, s := range res.Steps {
		if !s.Accepted && s.Index != res.EndedAt {
			why += fmt.Sprintf(". The replay falls short at entry %d: %s", s.Index, s.Note)
			break
		}
	}
	return why + ". A game that is over cannot be continued here, so it is not imported."
}
