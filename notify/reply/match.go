package reply

import (
	"slices"
	"strings"
	"unicode/utf8"

	"rondel/game"
)

// matched is how one line reads against the legal moves: one move, or
// several equally good (ambiguous), or none with the near misses.
type matched struct {
	move      *game.LegalMove
	ambiguous []game.LegalMove
	near      []game.LegalMove
	resembles bool // some word of the line is (nearly) a word of some move
}

// phrases are the words of a move in each language: its label with its
// group ("Army in Paris" + "to Munich, hostile").
func (r *Reader) phrases(m game.LegalMove) [][]string {
	out := make([][]string, 0, len(r.speakers))
	for _, sp := range r.speakers {
		text := sp.Say(m.Label)
		if !m.Group.IsZero() {
			text = sp.Say(m.Group) + " " + text
		}
		toks := content(tokens(text))
		out = append(out, toks)
		if m, ok := inMillions(toks); ok {
			out = append(out, m)
		}
	}
	return out
}

// inMillions is a phrase's sums said in millions as well: Chinese writes
// 2M as 200万, and a player may still type the board's figure ("2", "2百万").
// ok is false when the phrase holds no such sum.
func inMillions(toks []string) ([]string, bool) {
	var out []string
	changed := false
	for i, t := range toks {
		if isDigits(t) && i+1 < len(toks) && toks[i+1] == "万" && len(t) > 2 && strings.HasSuffix(t, "00") {
			out = append(out, t[:len(t)-2], "百")
			changed = true
			continue
		}
		out = append(out, t)
	}
	return out, changed
}

func content(toks []string) []string {
	out := toks[:0:0]
	for _, t := range toks {
		if !filler[t] {
			out = append(out, t)
		}
	}
	return out
}

// wordMatch: a line word names a move word when it is the word or, for
// words of two letters or more, a prefix of it. Numbers match only whole
// (a "1" is no "12").
func wordMatch(line, word string) bool {
	if line == word {
		return true
	}
	if isDigits(line) || utf8.RuneCountInString(line) < 2 {
		return false
	}
	return strings.HasPrefix(word, line)
}

// nearWord: a typo away (one edit for a word of four letters or more, two
// from seven), also as a prefix.
func nearWord(line, word string) bool {
	if wordMatch(line, word) {
		return true
	}
	n := utf8.RuneCountInString(line)
	if n < 4 || isDigits(line) {
		return false
	}
	limit := 1
	if n >= 7 {
		limit = 2
	}
	w := []rune(word)
	if len(w) > n+limit {
		w = w[:n] // compare as a prefix
	}
	return distance([]rune(line), w) <= limit
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// score says how well line words name a phrase: -1 when a line word names
// nothing in it, else the share of the phrase's words named (a more
// specific phrase wins: "factory" is the space Factory, not the
// Production between Factory and Maneuver).
func score(line, phrase []string, match func(a, b string) bool) (float64, int) {
	named := make([]bool, len(phrase))
	hits := 0
	for _, l := range line {
		found := false
		for j, p := range phrase {
			if match(l, p) {
				found, named[j] = true, true
			}
		}
		if found {
			hits++
		}
	}
	n := 0
	for _, ok := range named {
		if ok {
			n++
		}
	}
	if hits < len(line) || len(phrase) == 0 {
		return -1, hits
	}
	return float64(n) / float64(len(phrase)), hits
}

// match reads one line against the legal moves.
// phrases are the words of every move, said once per position.
func (r *Reader) allPhrases(legal []game.LegalMove) [][][]string {
	out := make([][][]string, len(legal))
	for i, m := range legal {
		out[i] = r.phrases(m)
	}
	return out
}

func (r *Reader) match(legal []game.LegalMove, phrases [][][]string, line string) matched {
	if utf8.RuneCountInString(line) > maxLineLen {
		return matched{}
	}
	all := tokens(line)
	words := content(all)
	if len(words) == 0 {
		if isPass(all) {
			if m := passMove(legal); m != nil {
				return matched{move: m, resembles: true}
			}
		}
		return matched{}
	}
	var cands []candidate
	nearHits := make([]int, len(legal))
	var res matched
	for i, m := range legal {
		c := candidate{move: m, share: -1}
		for _, ph := range phrases[i] {
			if s, _ := score(words, ph, wordMatch); s > c.share || (s == c.share && s >= 0 && span(words, ph) < c.span) {
				c.share, c.span = s, span(words, ph)
			}
			if _, h := score(words, ph, nearWord); h > nearHits[i] {
				nearHits[i] = h
			}
		}
		if c.share >= 0 {
			cands = append(cands, c)
		}
		if nearHits[i] > 0 {
			res.resembles = true
		}
	}
	best := pick(cands)
	switch {
	case len(best) != 1 && isPass(all):
		if m := passMove(legal); m != nil {
			return matched{move: m, resembles: true}
		}
	}
	switch {
	case len(best) == 1:
		res.move = &best[0]
	case len(best) > 1:
		res.ambiguous = best
	default:
		res.near = nearest(legal, nearHits)
	}
	return res
}

type candidate struct {
	move  game.LegalMove
	share float64 // of the move's words named by the line
	span  int     // how close together, in order, the line's words stand in the move's words
}

// pick chooses among the moves a line names: the one whose words the line
// names clearly more of ("factory" is the space Factory, not Production
// between Factory and Maneuver), else among those close, the one where the
// line's words stand together in its words ("France 4" is "France's 4M
// bond", not "France's 2M bond to 4M"). Anything closer is ambiguous: all
// of them return.
func pick(cands []candidate) []game.LegalMove {
	top := -1.0
	for _, c := range cands {
		top = max(top, c.share)
	}
	var close []candidate
	for _, c := range cands {
		if c.share*1.5 > top {
			close = append(close, c)
		}
	}
	if len(close) > 1 {
		slices.SortStableFunc(close, func(a, b candidate) int { return a.span - b.span })
		if close[1].span-close[0].span >= 2 {
			close = close[:1]
		}
	}
	out := make([]game.LegalMove, len(close))
	for i, c := range close {
		out[i] = c.move
	}
	return out
}

// span is how many of phrase's words the line's words cover when read in
// order; words out of order count as the whole phrase twice.
func span(line, phrase []string) int {
	first, pos := -1, -1
	for _, l := range line {
		j := pos + 1
		for j < len(phrase) && !wordMatch(l, phrase[j]) {
			j++
		}
		if j == len(phrase) {
			return 2 * len(phrase)
		}
		if first < 0 {
			first = j
		}
		pos = j
	}
	return pos - first + 1
}

// passMove is the decision's one pass move, nil if it has none or several.
func passMove(legal []game.LegalMove) *game.LegalMove {
	var out *game.LegalMove
	for i := range legal {
		if legal[i].Pass {
			if out != nil {
				return nil
			}
			out = &legal[i]
		}
	}
	return out
}

func isPass(all []string) bool {
	if passWords[strings.Join(all, "")] {
		return true
	}
	for _, t := range all {
		if !passWords[t] && !filler[t] {
			return false
		}
	}
	return len(all) > 0
}

// nearest are the moves most line words nearly name, best first.
func nearest(legal []game.LegalMove, hits []int) []game.LegalMove {
	top := 0
	for _, h := range hits {
		top = max(top, h)
	}
	var out []game.LegalMove
	for h := top; h > 0 && len(out) < suggestions; h-- {
		for i, m := range legal {
			if hits[i] == h && len(out) < suggestions {
				out = append(out, m)
			}
		}
	}
	return out
}

// distance is the edit distance of a and b, a swap of two neighbouring
// letters counting as one edit (optimal string alignment).
func distance(a, b []rune) int {
	back := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], back[j-2]+1) // two letters swapped
			}
		}
		back, prev, cur = prev, cur, back
	}
	return prev[len(b)]
}
