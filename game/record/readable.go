package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"rondel/game"
	"rondel/game/words"
)

// WriteReadable writes a game's readable log, the way PGN is for chess: a
// header of [Tag "value"] lines (game, options, players, dates, result)
// and then one numbered line per move in the words of the events the move
// produced, said by sp in its reader's language, seats named as the
// record names its players, under a heading line for each round:
//
//	--- Round 2 ---
//	7. Italy (Anna): Italy moved to maneuver1; ...
//
// Before the player comes the subject of the seat's open decision (a
// nation in Imperial) when the game names one, in words if the state is a
// game.SubjectNamer. It is built from the engines' events alone, so it
// works for every game, and replaying is the only source: the log always
// says what the record means today. Tag names are ASCII keys in every
// language; GameID and Options keep the record's ids.
func WriteReadable(w io.Writer, reg *game.Registry, r *Record, sp *words.Speaker) error {
	g, err := reg.Get(r.GameID)
	if err != nil {
		return err
	}
	setup, err := r.Setup()
	if err != nil {
		return err
	}
	s, err := g.New(setup)
	if err != nil {
		return fmt.Errorf("record: setting up: %w", err)
	}
	sp = sp.WithNames(setup.Players)
	var lines []string
	if _, err := Live(r.Moves); err != nil {
		return err
	}
	p := &stepper{s: s}
	round := 0
	for i, m := range r.Moves {
		// A heading line where a round begins (games with rounds); a
		// take-back that returns to an earlier round does not repeat it.
		if pr, ok := p.s.(game.Progresser); ok && pr.Progress().Round > round {
			round = pr.Progress().Round
			if len(lines) > 0 {
				lines = append(lines, "")
			}
			lines = append(lines, sp.T("record.round", "n", round))
		}
		if m.TakeBack {
			lines = append(lines, sp.T("record.line", "n", strconv.Itoa(i+1), "who", sp.SeatName(m.Seat),
				"what", sp.T("record.took_back", "n", strconv.Itoa(i))))
			if _, err := p.step(i, m); err != nil {
				return err
			}
			continue
		}
		who, before := mover(sp, p.s, m), p.s
		ev, err := p.step(i, m)
		if err != nil {
			return err
		}
		lines = append(lines, sp.T("record.line", "n", strconv.Itoa(i+1), "who", who, "what", eventWords(sp, ev, before, m)))
	}
	s = p.s
	if _, err := io.WriteString(w, header(sp, g.Info(), r, s)); err != nil {
		return err
	}
	for _, l := range lines {
		if _, err := io.WriteString(w, l+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// mover names who makes m: the decision's subject if any, the player's
// name, and who acted for them.
func mover(sp *words.Speaker, s game.State, m Move) string {
	name := sp.SeatName(m.Seat)
	if m.By != "" {
		by := m.By
		if key := "record.by." + m.By; sp.Catalogue().Has(sp.Lang(), key) {
			by = sp.Term(key)
		}
		name = sp.T("record.mover_by", "player", name, "by", by)
	}
	for _, d := range s.ToAct() {
		if d.Seat == m.Seat && d.Subject != "" {
			subject := d.Subject
			if n, ok := s.(game.SubjectNamer); ok {
				if t := n.SubjectName(subject); !t.IsZero() {
					subject = sp.Say(t)
				}
			}
			return sp.T("record.mover_subject", "subject", subject, "player", name)
		}
	}
	return name
}

// eventWords joins the events' words; a move that told nothing is named
// by its label among the legal moves, or else by its JSON.
func eventWords(sp *words.Speaker, ev []game.Event, before game.State, m Move) string {
	out := ""
	// An amount of money may end in an abbreviation's dot ("4 Mio."),
	// which is not the end of a sentence.
	money := strings.TrimPrefix(sp.Arg(words.Money(0)), "0")
	for _, e := range ev {
		t := strings.TrimSpace(sp.Say(e.Msg))
		if !strings.HasSuffix(t, money) {
			t = strings.TrimSuffix(strings.TrimSuffix(t, "."), "。")
		}
		switch {
		case t == "":
		case out == "":
			out = t
		default:
			out = sp.T("record.events", "a", out, "b", t)
		}
	}
	if out == "" {
		out = labelOf(sp, before, m)
	}
	if m.Note != "" { // notify keeps a Text there (words.Encode); old notes are words
		out += " {" + sp.Say(words.Decode(m.Note)) + "}"
	}
	return out
}

func header(sp *words.Speaker, info game.Info, r *Record, final game.State) string {
	var b strings.Builder
	tag := func(name, value string) { fmt.Fprintf(&b, "[%s %q]\n", name, value) }
	tag("Game", sp.Say(info.Name))
	tag("GameID", r.GameID)
	var opts []string
	for k, v := range r.Options {
		opts = append(opts, k+"="+v)
	}
	slices.Sort(opts)
	tag("Options", strings.Join(opts, ", "))
	tag("Seed", fmt.Sprint(r.Seed))
	var players []string
	for _, p := range r.Players {
		players = append(players, fmt.Sprintf("%d. %s", p.Seat+1, p.Name))
	}
	tag("Players", strings.Join(players, ", "))
	if r.Started != nil {
		tag("Started", r.Started.UTC().Format(time.RFC3339))
	}
	if r.Finished != nil {
		tag("Finished", r.Finished.UTC().Format(time.RFC3339))
	}
	tag("Moves", fmt.Sprint(len(r.Moves)))
	tag("Result", resultWords(sp, final))
	if res := final.Result(); res != nil && !res.TieBreak.IsZero() {
		tag("TieBreak", sp.Say(res.TieBreak))
	}
	b.WriteString("\n")
	return b.String()
}

// resultWords lists the players by place with their scores, or says the
// game is unfinished.
func resultWords(sp *words.Speaker, final game.State) string {
	res := final.Result()
	if !final.Finished() || res == nil {
		return sp.T("record.unfinished")
	}
	seats := make([]int, len(res.Places))
	for i := range seats {
		seats[i] = i
	}
	slices.SortStableFunc(seats, func(a, b int) int { return res.Places[a] - res.Places[b] })
	var parts []string
	for _, seat := range seats {
		score := ""
		if seat < len(res.Scores) {
			score = fmt.Sprintf(" %d", res.Scores[seat])
		}
		parts = append(parts, fmt.Sprintf("%d. %s%s", res.Places[seat], sp.SeatName(seat), score))
	}
	return strings.Join(parts, ", ")
}

// labelOf finds the legal move's label, comparing compact JSON.
func labelOf(sp *words.Speaker, s game.State, m Move) string {
	want := compact(m.Move)
	for _, lm := range s.LegalMoves(m.Seat) {
		if compact(lm.Move) == want && !lm.Label.IsZero() {
			return sp.Say(lm.Label)
		}
	}
	return sp.T("record.played", "move", want)
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
