package reply

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// fold lowers s and removes accents, so "München", "Munchen" and
// "Muenchen" read alike ("ä" and "ae" both become "a": the same folding
// on both sides keeps every comparison fair).
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == 'ß':
			b.WriteString("ss")
		default:
			b.WriteRune(r)
		}
	}
	out := b.String()
	for _, pair := range [][2]string{{"ae", "a"}, {"oe", "o"}, {"ue", "u"}} {
		out = strings.ReplaceAll(out, pair[0], pair[1])
	}
	return out
}

// tokens splits folded text into words: runs of letters, runs of digits,
// and each Han character on its own (Chinese writes no spaces).
func tokens(s string) []string {
	var out []string
	var cur []rune
	kind := 0 // 1 letters, 2 digits
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
		kind = 0
	}
	for _, r := range fold(s) {
		switch {
		case unicode.Is(unicode.Han, r):
			flush()
			out = append(out, string(r))
		case unicode.IsDigit(r):
			if kind != 2 {
				flush()
			}
			kind = 2
			cur = append(cur, r)
		case unicode.IsLetter(r):
			if kind != 1 {
				flush()
			}
			kind = 1
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// filler are the small words a command may carry that say nothing about
// which move is meant ("to", "in", "nach", "eine", "在", "一"). They need not
// match anything; a move's words of this kind do not count either.
var filler = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the to into in on of at from with and my your s m please
		nach in im ins auf an am der die das den dem des ein eine einen einer von mit und bitte
		到 在 的 一 个 支 往 从 和 请`) {
		filler[fold(w)] = true
	}
}

// passWords say "I decline" in any decision, when no move's words are named: they match the move the
// engine marks as the pass (game.LegalMove.Pass).
var passWords = map[string]bool{}

func init() {
	// Not "end" or "done": a maneuver's end is a move of its own, and a
	// battle question that opens after a unit moved must not read "end"
	// as "no battle".
	for _, w := range strings.Fields(`pass skip nothing none no
		passen nichts kein keine nein
		跳过 不 无 过`) {
		passWords[fold(w)] = true
	}
}
