package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"rondel/game"
)

// WriteReadable writes a game's readable log, the way PGN is for chess: a
// header of [Tag "value"] lines (game, options, players, dates, result)
// and then one numbered line per move in the words of the events the move
// produced:
//
//  7. IT (Anna): Italy moved to maneuver1; ...
//
// Before the player comes the subject of the seat's open decision (a
// nation in Imperial) when the game names one, in words if the state is a
// game.SubjectNamer. It is built from the
// engines' events alone, so it works for every game, and replaying is
// the only source: the log always says what the record means today.
func WriteReadable(w io.Writer, reg *game.Registry, r *Record) error {
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
	var lines []string
	for i, m := range r.Moves {
		who := mover(s, r, m)
		next, ev, err := s.Apply(m.Seat, m.Move)
		if err != nil {
			return fmt.Errorf("record: move %d (seat %d, %s): %w", i+1, m.Seat, m.Move, err)
		}
		lines = append(lines, fmt.Sprintf("%d. %s: %s", i+1, who, eventWords(ev, s, m)))
		s = next
	}
	if _, err := io.WriteString(w, header(g.Info(), r, s)); err != nil {
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
func mover(s game.State, r *Record, m Move) string {
	name := fmt.Sprintf("seat %d", m.Seat+1)
	if m.Seat >= 0 && m.Seat < len(r.Players) {
		name = r.Players[m.Seat].Name
	}
	if m.By != "" {
		name += ", " + m.By
	}
	for _, d := range s.ToAct() {
		if d.Seat == m.Seat && d.Subject != "" {
			subject := d.Subject
			if n, ok := s.(game.SubjectNamer); ok {
				if words := n.SubjectName(subject); words != "" {
					subject = words
				}
			}
			return subject + " (" + name + ")"
		}
	}
	return name
}

// eventWords joins the events' texts; a move that told nothing is named
// by its label among the legal moves, or else by its JSON.
func eventWords(ev []game.Event, before game.State, m Move) string {
	var parts []string
	for _, e := range ev {
		if t := strings.TrimSpace(e.Text); t != "" {
			parts = append(parts, strings.TrimSuffix(t, "."))
		}
	}
	out := strings.Join(parts, "; ")
	if out == "" {
		out = labelOf(before, m)
	}
	if m.Note != "" {
		out += " {" + m.Note + "}"
	}
	return out
}

func header(info game.Info, r *Record, final game.State) string {
	var b strings.Builder
	tag := func(name, value string) { fmt.Fprintf(&b, "[%s %q]\n", name, value) }
	tag("Game", info.Name)
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
	tag("Result", resultWords(r, final))
	if res := final.Result(); res != nil && res.TieBreak != "" {
		tag("TieBreak", res.TieBreak)
	}
	b.WriteString("\n")
	return b.String()
}

// resultWords lists the players by place with their scores, or says the
// game is unfinished.
func resultWords(r *Record, final game.State) string {
	res := final.Result()
	if !final.Finished() || res == nil {
		return "unfinished"
	}
	seats := make([]int, len(res.Places))
	for i := range seats {
		seats[i] = i
	}
	slices.SortStableFunc(seats, func(a, b int) int { return res.Places[a] - res.Places[b] })
	var parts []string
	for _, seat := range seats {
		name := fmt.Sprintf("seat %d", seat+1)
		if seat < len(r.Players) {
			name = r.Players[seat].Name
		}
		score := ""
		if seat < len(res.Scores) {
			score = fmt.Sprintf(" %d", res.Scores[seat])
		}
		parts = append(parts, fmt.Sprintf("%d. %s%s", res.Places[seat], name, score))
	}
	return strings.Join(parts, ", ")
}

// labelOf finds the legal move's label, comparing compact JSON.
func labelOf(s game.State, m Move) string {
	want := compact(m.Move)
	for _, lm := range s.LegalMoves(m.Seat) {
		if compact(lm.Move) == want && lm.Label != "" {
			return lm.Label
		}
	}
	return "played " + want
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
