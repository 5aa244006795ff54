package selfplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"

	"rondel/game"
	"rondel/game/rng"
	"rondel/game/words"
)

// Every word an engine shows is a words.Text. Self-play checks each one
// it meets with the catalogue (words.Catalogue.Check): the message exists
// in every language and the Text gives exactly the arguments the
// translations use. So every engine's self-play proves its words.

// checkInfo checks the game's name and the words of its options.
func checkInfo(info game.Info) error {
	if err := checkText("the game's name", info.Name, true); err != nil {
		return err
	}
	for _, o := range info.Options {
		if err := checkText("option "+o.Name+"'s label", o.Label, true); err != nil {
			return err
		}
		if err := checkText("option "+o.Name+"'s help", o.Help, false); err != nil {
			return err
		}
		if len(o.ChoiceLabels) != 0 && len(o.ChoiceLabels) != len(o.Choices) {
			return fmt.Errorf("option %s has %d choices but %d choice labels", o.Name, len(o.Choices), len(o.ChoiceLabels))
		}
		for i, l := range o.ChoiceLabels {
			if err := checkText(fmt.Sprintf("option %s's choice %s", o.Name, o.Choices[i]), l, true); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkWords checks the words of a position: the events that led to it,
// every open decision's prompt and subject, every legal move's label and
// group, the caretaker's reason, every asked seat's situation, the
// result, and the refusal of an illegal move chosen by src among moves no
// engine may accept. A nil src checks nothing. The legal moves are listed
// into buf.
func checkWords(s game.State, events []game.Event, players int, src *rng.Source, buf *game.MoveBuf) error {
	if src == nil {
		return nil
	}
	for i, e := range events {
		if err := checkText(fmt.Sprintf("event %d", i+1), e.Msg, true); err != nil {
			return err
		}
	}
	for _, d := range s.ToAct() {
		if err := checkDecision(s, d, buf); err != nil {
			return fmt.Errorf("seat %d's decision %s: %w", d.Seat, d.Kind, err)
		}
	}
	if res := s.Result(); res != nil {
		if err := checkText("the tie-break", res.TieBreak, false); err != nil {
			return err
		}
		if desc, ok := s.(game.Describer); ok {
			for seat := range players {
				if err := checkSituation(desc, seat); err != nil {
					return err
				}
			}
		}
	}
	return checkRefusal(s, players, src, buf)
}

func checkDecision(s game.State, d game.Decision, buf *game.MoveBuf) error {
	if err := checkText("the prompt", d.Prompt, true); err != nil {
		return err
	}
	if n, ok := s.(game.SubjectNamer); ok && d.Subject != "" {
		if err := checkText("the subject", n.SubjectName(d.Subject), false); err != nil {
			return err
		}
	}
	for _, lm := range game.ListMoves(s, buf, d.Seat) {
		if err := checkText(fmt.Sprintf("the label of %s", lm.Move), lm.Label, true); err != nil {
			return err
		}
		if err := checkText(fmt.Sprintf("the group of %s", lm.Move), lm.Group, false); err != nil {
			return err
		}
	}
	if err := checkWithheld(s, d.Seat); err != nil {
		return err
	}
	if _, why, err := s.Caretaker(d.Seat); err == nil {
		if err := checkText("the caretaker's reason", why, true); err != nil {
			return err
		}
	}
	if desc, ok := s.(game.Describer); ok {
		return checkSituation(desc, d.Seat)
	}
	return nil
}

func checkSituation(desc game.Describer, seat int) error {
	for i, t := range desc.Situation(seat) {
		if err := checkText(fmt.Sprintf("sentence %d of seat %d's situation", i+1, seat), t, true); err != nil {
			return err
		}
	}
	return nil
}

// checkRefusal plays a move the engine must refuse and checks that it is
// refused as a *game.RuleError whose rule and words are in the catalogue.
func checkRefusal(s game.State, players int, src *rng.Source, buf *game.MoveBuf) error {
	seat, move, ok := illegalMove(s, players, src, buf)
	if !ok {
		return nil
	}
	_, _, err := s.Apply(seat, move)
	var re *game.RuleError
	switch {
	case err == nil:
		return fmt.Errorf("the illegal move %s of seat %d was accepted", move, seat)
	case !errors.As(err, &re):
		return fmt.Errorf("the illegal move %s of seat %d was refused without naming a rule: %v", move, seat, err)
	}
	if err := checkText("the refused rule", words.New(re.Rule), true); err != nil {
		return err
	}
	return checkText(fmt.Sprintf("the refusal of %s", move), re.Msg, true)
}

// illegalMove picks a move no engine may accept: data that is no move at
// all, a move by a seat that does not exist, or another seat's legal move
// played by a seat with nothing to decide. The move may be in buf: it is
// valid until the next list into buf.
func illegalMove(s game.State, players int, src *rng.Source, buf *game.MoveBuf) (int, json.RawMessage, bool) {
	todo := s.ToAct()
	if len(todo) == 0 {
		return 0, json.RawMessage(`{}`), true
	}
	d := todo[src.Intn(len(todo))]
	legal := game.ListMoves(s, buf, d.Seat)
	type cand struct {
		seat int
		move json.RawMessage
	}
	var cands []cand
	for _, m := range []string{`"not a move"`, `[]`, `{}`, `17`} {
		if !slices.ContainsFunc(legal, func(l game.LegalMove) bool { return string(l.Move) == m }) {
			cands = append(cands, cand{d.Seat, json.RawMessage(m)})
		}
	}
	if len(legal) > 0 {
		m := legal[src.Intn(len(legal))].Move
		cands = append(cands, cand{players, m}, cand{-1, m})
		for seat := range players {
			if !slices.ContainsFunc(todo, func(o game.Decision) bool { return o.Seat == seat }) {
				cands = append(cands, cand{seat, m})
			}
		}
	}
	c := cands[src.Intn(len(cands))]
	return c.seat, c.move, true
}

// checkText checks one Text; need says it must not be empty.
func checkText(what string, t words.Text, need bool) error {
	if t.IsZero() {
		if need {
			return fmt.Errorf("%s has no words", what)
		}
		return nil
	}
	if t.ID == "" {
		return fmt.Errorf("%s is old words (%q), which no engine writes any more", what, t.Raw)
	}
	if err := words.Default().Check(t); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// missingWords finds a message the catalogue lacks in words already said
// (the speaker writes it as its id in brackets).
var missingWords = regexp.MustCompile(`\[[a-z][a-z0-9_]*(\.[A-Za-z0-9_-]+)+\]`)

// checkBoard draws the board in every language and looks for words the
// catalogue lacks.
func checkBoard(s game.State, players int) error {
	d, ok := s.(game.Drawer)
	if !ok {
		return nil
	}
	names := make([]string, players)
	for i := range names {
		names[i] = fmt.Sprintf("player%d", i+1)
	}
	for _, lang := range words.Languages {
		svg := d.BoardSVG(-1, words.Default().Speaker(lang, names))
		if m := missingWords.FindString(svg); m != "" {
			return fmt.Errorf("the board in %s says %s: a message the catalogue lacks", lang, m)
		}
	}
	return nil
}
