package playimperial

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/game/record"
)

// Step is what happened to one entry of the log.
type Step struct {
	Index    int              `json:"index"`
	Accepted bool             `json:"accepted"`
	Note     string           `json:"note"`
	State    imperial.Summary `json:"state"`
}

// Result is a finished import.
type Result struct {
	Record *record.Record
	State  *imperial.State
	Steps  []Step
	// EndedAt is the index of the endGame entry where the game ended on
	// the site, -1 if the log does not say it is over.
	EndedAt int
	// StoppedAt is, for a replay under the rule book, the entry it could
	// not play and stopped at (the game goes on from the position before
	// it); -1 if it played the whole log.
	StoppedAt int
	// Ruleset is the ruleset of the replay: "" for the rule book,
	// imperial.RulesetPlayImperial for the site's own rules.
	Ruleset string
	// refused overrides the refusal (Importer.Import).
	refused string
	// Departures are, under the site's rules, the first entry at which
	// each of its departures from the rule book changed the position, in
	// the order of the entries.
	Departures []Departure
}

// Departure is the first entry at which one of the site's departures from
// the rule book (a switch of imperial.SiteRules) changed the position.
type Departure struct {
	Index  int
	Switch string
}

type kept struct {
	index int // entry index
	from  int // record moves before the entry's own moves
	moves int // record moves after it
	typ   string
}

// Import replays entries under Rondel's rules, the rule book's. It never
// fails on an entry: an entry Rondel cannot apply is reported (Accepted
// false, with the reason) and the import goes on with the next one.
func Import(g game.Game, entries []Entry) (*Result, error) {
	return ImportUnder(g, entries, "")
}

// ImportUnder replays entries under a ruleset: "" for the rule book,
// imperial.RulesetPlayImperial for the site's own rules.
func ImportUnder(g game.Game, entries []Entry, ruleset string) (*Result, error) {
	if len(entries) == 0 || entries[0].Type != "initialize" {
		return nil, errors.New("playimperial: the log must start with initialize")
	}
	setup, err := setupFor(g, entries[0], entries, ruleset)
	if err != nil {
		return nil, err
	}
	st, err := g.New(setup)
	if err != nil {
		return nil, err
	}
	im := &importer{g: g, setup: setup, rec: record.New(g.Info().ID, setup), s: st.(*imperial.State), entries: entries}
	im.res.Ruleset = ruleset
	im.res.Steps = append(im.res.Steps, Step{Index: 0, Accepted: true, Note: fmt.Sprintf("set up with seed %d, which deals as the log does", setup.Seed), State: im.s.Summarize()})
	im.res.StoppedAt = -1
	for i := 1; i < len(entries); i++ {
		im.step(i)
		if ruleset == "" && im.stops(i) {
			im.stop(i)
			break
		}
	}
	im.res.Record, im.res.State, im.res.EndedAt = im.rec, im.s, EndedAt(entries)
	return &im.res, nil
}

type importer struct {
	g       game.Game
	setup   game.Setup
	rec     *record.Record
	s       *imperial.State
	entries []Entry
	kept    []kept
	res     Result
	noted   map[string]bool
	// siteLying follows the site's lying marks, for the notes.
	siteLying map[siteMark]bool
	depth     int // look-ahead depth: 0 for the import itself
}

func (im *importer) step(i int) {
	e := im.entries[i]
	pre, n := im.s, len(im.rec.Moves)
	acc, note := im.entry(i, e)
	if im.res.Ruleset != "" && e.Type != "undo" && len(im.rec.Moves) > n {
		im.departures(i, pre, im.rec.Moves[n:])
	}
	im.res.Steps = append(im.res.Steps, Step{Index: i, Accepted: acc, Note: note, State: im.s.Summarize()})
}

func (im *importer) entry(i int, e Entry) (bool, string) {
	switch {
	case e.Type == "undo":
		return im.undo()
	case e.Type == "endGame" && im.s.Finished():
		return true, "the game is over"
	case e.Type == "endGame":
		return false, "the game ended on the site here (a nation reached 25 power points there), but under Rondel's rules no nation has 25 power points"
	case im.s.Finished():
		return false, "the game is already over under Rondel's rules"
	}
	var notes []string
	if e.Type == "rondel" {
		notes = append(notes, im.settleUnasked()...)
	}
	pre := im.preNote(i, e)
	if !slices.Contains(maneuverTypes, e.Type) {
		notes = append(notes, im.closeManeuver(i)...)
	} else if e.Type == "maneuver" {
		notes = append(notes, im.settleQuestions()...)
	}
	t := &translator{s: im.s, names: im.setup.Players, entries: im.entries, i: i, prevApplied: im.applied(i - 1)}
	out := t.translate(e)
	im.markSite(i, e)
	if out.note != "" {
		notes = append(notes, out.note)
	}
	switch {
	case out.withdraw:
		im.withdraw()
		return true, join(notes)
	case out.consumed:
		im.keep(i, len(im.rec.Moves), e.Type)
		return true, join(append(notes, pre))
	case len(out.steps) == 0:
		return false, join(append(notes, im.divergence(e)))
	}
	steps := out.steps
	if len(out.alternatives) > 1 {
		steps = im.choose(i, out.alternatives)
	}
	before, saved := len(im.rec.Moves), im.s
	for _, st := range steps {
		if err := im.apply(st.seat, st.move, fmt.Sprintf("playimperial entry %d (%s)", i, e.Type)); err != nil {
			im.rec.Moves, im.s = im.rec.Moves[:before], saved
			return false, join(append(notes, "Rondel refuses it: "+err.Error(), im.divergence(e)))
		}
	}
	if pre != "" {
		notes = append(notes, pre)
	}
	im.keep(i, before, e.Type)
	return true, join(notes)
}

// stops reports whether entry i, just refused, stops a replay under the
// rule book: every entry of a site's log was accepted there, so one Rondel
// cannot play means the positions differ, and skipping it would only lead
// to refusing the entries that depend on it (hundreds, in a long game).
// Entries the site itself ignores (noop) do not stop it.
func (im *importer) stops(i int) bool {
	st := im.res.Steps[len(im.res.Steps)-1]
	return !st.Accepted && im.entries[i].Type != "noop"
}

// stop ends the replay at entry i: the later entries are reported as not
// applied, and the position is the one before entry i.
func (im *importer) stop(i int) {
	im.res.StoppedAt = i
	k := len(im.res.Steps) - 1
	im.res.Steps[k].Note = fmt.Sprintf("the import stops here (this entry and the %d after it are not applied), and the game goes on from the position before this entry: %s",
		len(im.entries)-1-i, im.res.Steps[k].Note)
	for j := i + 1; j < len(im.entries); j++ {
		// Not applied; the stop's note says why, once.
		im.res.Steps = append(im.res.Steps, Step{Index: j, State: im.res.Steps[k].State})
	}
}

func (im *importer) keep(i, from int, typ string) {
	im.kept = append(im.kept, kept{index: i, from: from, moves: len(im.rec.Moves), typ: typ})
}

// applied reports whether entry i was applied (it is the last one kept).
func (im *importer) applied(i int) bool {
	n := len(im.kept)
	return n > 0 && im.kept[n-1].index == i
}

// withdraw takes back the moves of the last entry applied.
func (im *importer) withdraw() {
	k := len(im.kept) - 1
	im.rec.Moves = im.rec.Moves[:im.kept[k].from]
	im.kept = im.kept[:k]
	im.rebuild()
}

func (im *importer) apply(seat int, m imperial.Move, note string) error {
	if seat < 0 {
		return errors.New("nobody governs that nation")
	}
	raw := m.JSON()
	next, _, err := im.s.Apply(seat, raw)
	if err != nil {
		return err
	}
	im.s = next.(*imperial.State)
	im.rec.Moves = append(im.rec.Moves, record.Move{Seat: seat, Move: json.RawMessage(raw), Note: note})
	return nil
}

// settleQuestions answers open questions the site did not ask: a battle
// (an army entering where only a fleet lies in harbour): no battle; a
// convoy through a canal (the site asks only for fleets): passage granted,
// as the site let it through.
func (im *importer) settleQuestions() []string {
	var notes []string
	for im.s.Phase == imperial.PhaseManeuver && (im.s.Maneuver.Conflict != nil || im.s.Maneuver.Canal != nil) {
		var err error
		note := "no battle (the site did not ask)"
		if req := im.s.Maneuver.Canal; req != nil {
			ni := req.Asked[0]
			note = "passage through the canal granted: the site did not ask (its flags differ from Rondel's here)"
			if req.Move.Type == imperial.MArmy {
				note = im.once("canal_convoy", "an army convoyed through a canal needs its owner's permission too (002 Kanäle: \"Allerdings brauchen auch Armeen gegebenenfalls die Zustimmung\"); the site asks only for fleets, so the import grants it, as the site let the army pass")
			}
			err = im.apply(im.s.Nations[ni].Government, imperial.Move{Type: imperial.MGrantPassage, Nation: im.s.Board().Nations[ni].ID}, "added by the import: the site asked nothing")
		} else if c := im.s.Maneuver.Conflict; c.Stage == "mover" {
			err = im.apply(im.s.Nations[im.s.Turn].Government, imperial.Move{Type: imperial.MPeace}, "added by the import: the site asked nothing")
		} else {
			ni := c.Asked[0]
			err = im.apply(im.s.Nations[ni].Government, imperial.Move{Type: imperial.MNoBattle, Nation: im.s.Board().Nations[ni].ID}, "added by the import: the site asked nothing")
		}
		if err != nil {
			notes = append(notes, "could not settle an open question: "+err.Error())
			break
		}
		notes = append(notes, note)
	}
	return notes
}

// passes are the answers that do nothing: what the site's position implies
// when it moved on to the next rondel move without asking.
var passes = map[imperial.Phase]string{imperial.PhaseFactory: imperial.MSkipFactory, imperial.PhaseImport: imperial.MImportEnd,
	imperial.PhaseForce: imperial.MNoForce, imperial.PhaseInvest: imperial.MSkipBond}

// settleUnasked answers, before a rondel entry, a question Rondel asks but
// the site did not (it moved on to the rondel): a factory the nation could
// afford only in Rondel's position, an import, a forced stop, a bond. The
// site's position implied the answer "nothing"; the note says so.
func (im *importer) settleUnasked() []string {
	var notes []string
	for k := 0; k < 12; k++ {
		pass, ok := passes[im.s.Phase]
		if !ok {
			break
		}
		seat, move := -1, imperial.Move{}
		phase := im.s.Phase
		for _, d := range im.s.ToAct() {
			for _, lm := range im.s.LegalMoves(d.Seat) {
				var m imperial.Move
				if jsonMove(lm.Move, &m) && m.Type == pass {
					seat, move = d.Seat, m
				}
			}
			if seat >= 0 {
				break
			}
		}
		if seat < 0 {
			break
		}
		if err := im.apply(seat, move, "added by the import: the site did not ask"); err != nil {
			notes = append(notes, "could not answer an open question: "+err.Error())
			break
		}
		notes = append(notes, fmt.Sprintf("Rondel asked %s (%s) where the site, whose position differs here, asked nothing and moved on: answered %q, as the site's position implies", im.setup.Players[seat], phase, pass))
	}
	return notes
}

// closeManeuver ends a maneuver the site considers over (entry i is the
// first after it).
func (im *importer) closeManeuver(i int) []string {
	if im.s.Phase != imperial.PhaseManeuver {
		return nil
	}
	notes := im.settleQuestions()
	if im.s.Phase == imperial.PhaseManeuver {
		notes = append(notes, im.closeNote(i))
		if err := im.apply(im.s.Nations[im.s.Turn].Government, imperial.Move{Type: imperial.MEnd}, "added by the import: the site's maneuver ended"); err != nil {
			return append(notes, "could not end the maneuver: "+err.Error())
		}
		notes = append(notes, "the maneuver ends here")
	}
	return notes
}

// undo returns to the state before the most recent rondel, bondPurchase or
// skipBondPurchase entry (playimperial-log-format §1.4).
func (im *importer) undo() (bool, string) {
	for k := len(im.kept) - 1; k >= 0; k-- {
		switch im.kept[k].typ {
		case "rondel", "bondPurchase", "skipBondPurchase":
			moves := 0
			if k > 0 {
				moves = im.kept[k-1].moves
			}
			im.kept = im.kept[:k]
			im.rec.Moves = im.rec.Moves[:moves]
			im.rebuild()
			return true, "undo: back to before that entry"
		}
	}
	return false, "nothing to undo"
}

func (im *importer) rebuild() {
	st, err := record.Replay(game.NewRegistry(im.g), im.rec)
	if err != nil {
		panic(fmt.Sprintf("playimperial: replaying accepted moves failed: %v", err))
	}
	im.s = st.(*imperial.State)
}

func join(notes []string) string {
	out := ""
	for _, n := range notes {
		if n == "" {
			continue
		}
		if out != "" {
			out += "; "
		}
		out += n
	}
	return out
}
