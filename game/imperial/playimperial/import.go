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
}

type kept struct {
	index int // entry index
	moves int // record moves after it
	typ   string
}

// Import replays entries under Rondel's rules. It never fails on an entry:
// an entry Rondel cannot apply is reported (Accepted false, with the reason)
// and the import goes on with the next one.
func Import(g game.Game, entries []Entry) (*Result, error) {
	if len(entries) == 0 || entries[0].Type != "initialize" {
		return nil, errors.New("playimperial: the log must start with initialize")
	}
	setup, err := setupFor(g, entries[0], entries)
	if err != nil {
		return nil, err
	}
	st, err := g.New(setup)
	if err != nil {
		return nil, err
	}
	im := &importer{g: g, setup: setup, rec: record.New(g.Info().ID, setup), s: st.(*imperial.State), entries: entries}
	im.res.Steps = append(im.res.Steps, Step{Index: 0, Accepted: true, Note: fmt.Sprintf("set up with seed %d, which deals as the log does", setup.Seed), State: im.s.Summarize()})
	for i := 1; i < len(entries); i++ {
		im.step(i)
	}
	im.res.Record, im.res.State = im.rec, im.s
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
}

func (im *importer) step(i int) {
	e := im.entries[i]
	acc, note := im.entry(i, e)
	im.res.Steps = append(im.res.Steps, Step{Index: i, Accepted: acc, Note: note, State: im.s.Summarize()})
}

func (im *importer) entry(i int, e Entry) (bool, string) {
	if e.Type == "undo" {
		return im.undo()
	}
	if im.s.Finished() {
		if e.Type == "endGame" {
			return true, "the game is over"
		}
		return false, "the game is already over under Rondel's rules"
	}
	var notes []string
	pre := im.preNote(e)
	if !slices.Contains(maneuverTypes, e.Type) {
		notes = append(notes, im.closeManeuver()...)
	} else if e.Type == "maneuver" {
		notes = append(notes, im.settleConflict()...)
	}
	t := &translator{s: im.s, names: im.setup.Players, entries: im.entries, i: i}
	out := t.translate(e)
	if out.note != "" {
		notes = append(notes, out.note)
	}
	if out.consumed {
		im.keep(i, e.Type)
		return true, join(notes)
	}
	if len(out.steps) == 0 {
		return false, join(append(notes, im.divergence(e)))
	}
	before := len(im.rec.Moves)
	for _, st := range out.steps {
		if err := im.apply(st.seat, st.move, fmt.Sprintf("playimperial entry %d (%s)", i, e.Type)); err != nil {
			im.rec.Moves = im.rec.Moves[:before]
			im.rebuild()
			return false, join(append(notes, "Rondel refuses it: "+err.Error(), im.divergence(e)))
		}
	}
	if pre != "" {
		notes = append(notes, pre)
	}
	im.keep(i, e.Type)
	return true, join(notes)
}

func (im *importer) keep(i int, typ string) {
	im.kept = append(im.kept, kept{index: i, moves: len(im.rec.Moves), typ: typ})
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

// settleConflict answers an open battle question the site did not ask
// (e.g. an army entering where only a fleet lies in harbour): no battle.
func (im *importer) settleConflict() []string {
	var notes []string
	for im.s.Phase == imperial.PhaseManeuver && im.s.Maneuver.Conflict != nil {
		c := im.s.Maneuver.Conflict
		var err error
		if c.Stage == "mover" {
			err = im.apply(im.s.Nations[im.s.Turn].Government, imperial.Move{Type: imperial.MPeace}, "added by the import: the site asked nothing")
		} else {
			ni := c.Asked[0]
			err = im.apply(im.s.Nations[ni].Government, imperial.Move{Type: imperial.MNoBattle, Nation: im.s.Board().Nations[ni].ID}, "added by the import: the site asked nothing")
		}
		if err != nil {
			notes = append(notes, "could not settle a battle question: "+err.Error())
			break
		}
		notes = append(notes, "no battle (the site did not ask)")
	}
	return notes
}

// closeManeuver ends a maneuver the site considers over.
func (im *importer) closeManeuver() []string {
	if im.s.Phase != imperial.PhaseManeuver {
		return nil
	}
	notes := im.settleConflict()
	if im.s.Phase == imperial.PhaseManeuver {
		last := ""
		if n := len(im.kept); n > 0 {
			last = im.kept[n-1].typ
		}
		notes = append(notes, im.closeNote(im.s.Passing, last))
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
