package reply

import (
	"encoding/json"
	"regexp"
	"strings"

	"rondel/game"
	"rondel/game/words"
)

// Limits that keep a long or hostile reply cheap: a reply of moves is a
// few short lines.
const (
	maxLines    = 60
	maxLineLen  = 200
	suggestions = 3
)

// Reader reads commands in every language of the catalogue.
type Reader struct {
	speakers []*words.Speaker
}

// NewReader reads commands against the words of cat. Seats are not named
// by their players' names ("Player 2" instead): a signature "Ann" must
// never name the bond whose label ends "government goes to Ann".
func NewReader(cat *words.Catalogue) *Reader {
	r := &Reader{}
	for _, lang := range words.Languages {
		r.speakers = append(r.speakers, cat.Speaker(lang, nil))
	}
	return r
}

// Result is what a reply asks for. Either Moves (every line understood,
// each move legal after the ones before it), or Failures (nothing is to be
// played), or Message (no line reads like a command: the words are for
// the table).
type Result struct {
	Moves    []Move
	Failures []Failure
	Message  bool
	// Ignored are the lines before the first and after the last line that
	// reads like a command and that read like no move at all: a greeting,
	// "Thanks, Ann". Lines between commands are never ignored.
	Ignored []int
}

// Move is one understood line and the move it plays.
type Move struct {
	Line  int // 1-based line of the new text
	Text  string
	Move  json.RawMessage
	Label words.Text
}

// Failure is one line that cannot be played, with why and, for a near
// miss, the moves it may have meant (never played).
type Failure struct {
	Line       int
	Text       string
	Why        words.Text
	DidYouMean []words.Text
}

var listMarker = regexp.MustCompile(`^\s*(\d{1,2}[.)]|[-*•·])\s+`)

// Read checks every line of text as a command of seat in st. Nothing is
// returned as moves unless every line is a legal move in its turn.
func (r *Reader) Read(st game.State, seat int, text string) Result {
	var res Result
	var lines []string
	var nums []int
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(listMarker.ReplaceAllString(l, ""))
		if l != "" {
			lines = append(lines, l)
			nums = append(nums, i+1)
		}
	}
	if len(lines) == 0 {
		return Result{Message: true}
	}
	if len(lines) > maxLines {
		return Result{Message: true}
	}
	lines, nums, res.Ignored = r.trimChatter(st, seat, lines, nums)
	if len(lines) == 0 {
		return Result{Message: true}
	}
	commandLike := false
	cur := st
	var phrases [][][]string // of cur's legal moves; nil: not yet said
	stuck := false           // a line failed: later lines are checked against the same position
	for i, line := range lines {
		fail := func(why words.Text, meant []words.Text) {
			res.Failures = append(res.Failures, Failure{Line: nums[i], Text: line, Why: why, DidYouMean: meant})
		}
		legal := cur.LegalMoves(seat)
		if len(legal) == 0 || cur.Finished() {
			why := words.New("reply.not_your_turn").Lit("line", line)
			if cur.Finished() {
				why = words.New("reply.game_over").Lit("line", line)
			}
			// Words after moves are commands that came too late; words
			// to a player with no decision are for the table.
			if len(res.Moves) > 0 {
				commandLike = true
			}
			fail(why, nil)
			continue
		}
		if phrases == nil {
			phrases = r.allPhrases(legal)
		}
		m := r.match(legal, phrases, line)
		if m.resembles {
			commandLike = true
		}
		switch {
		case m.move != nil:
			if stuck { // understood, but the position it is for is unknown
				continue
			}
			next, _, err := cur.Apply(seat, m.move.Move)
			if err != nil { // a legal move the engine refuses: say so, never play it
				fail(words.New("reply.refused").Lit("line", line), nil)
				stuck = true
				continue
			}
			res.Moves = append(res.Moves, Move{Line: nums[i], Text: line, Move: m.move.Move, Label: m.move.Label})
			cur, phrases = next, nil
		case len(m.ambiguous) > 0:
			fail(words.New("reply.ambiguous").Lit("line", line), labels(m.ambiguous))
			stuck = true
		default:
			fail(words.New("reply.unknown").Lit("line", line), labels(m.near))
			stuck = true
		}
	}
	if !commandLike {
		return Result{Message: true}
	}
	if len(res.Failures) > 0 {
		res.Moves = nil
	}
	return res
}

// trimChatter drops the lines before the first and after the last line
// that names (nearly) any word of a legal move of the position the reply
// answers, and says which.
func (r *Reader) trimChatter(st game.State, seat int, lines []string, nums []int) ([]string, []int, []int) {
	legal := st.LegalMoves(seat)
	if len(legal) == 0 {
		return lines, nums, nil
	}
	phrases := r.allPhrases(legal)
	first, last := -1, -1
	for i, l := range lines {
		if m := r.match(legal, phrases, l); m.resembles || m.move != nil {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return nil, nil, nil
	}
	ignored := append(append([]int{}, nums[:first]...), nums[last+1:]...)
	if len(ignored) == 0 {
		ignored = nil
	}
	return lines[first : last+1], nums[first : last+1], ignored
}

func labels(ms []game.LegalMove) []words.Text {
	out := make([]words.Text, len(ms))
	for i, m := range ms {
		out[i] = m.Label
	}
	return out
}

// Texts says f for the player: why, and the moves it may have meant.
func (f Failure) Texts() []words.Text {
	out := []words.Text{f.Why}
	if len(f.DidYouMean) > 0 {
		out = append(out, words.New("reply.did_you_mean").With("moves", words.Texts(f.DidYouMean...)))
	}
	return out
}
