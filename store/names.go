package store

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"rondel/game/words"
)

// Limits on the names people type, in characters. A name is shown on
// pages, in mails and in other people's subject lines, so it is bounded
// and plain.
const (
	MaxGameName    = 80
	MaxSeatName    = 40
	MaxDisplayName = 60
)

// CleanName returns a typed name fit to show: control characters (tabs,
// new lines) become spaces, bidirectional controls, which can make a name
// read backwards or hide what follows it, and invalid bytes are removed,
// runs of spaces become one, and the ends are trimmed. A name still longer
// than max characters is refused, not cut, so nobody's name changes
// without them knowing. Nothing typed gives "", for the caller to judge;
// something typed of which nothing is visible is refused.
func CleanName(s string, max int) (string, error) {
	var b strings.Builder
	space := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			continue // an invalid byte
		case isBidiControl(r):
			continue
		case unicode.IsControl(r) || unicode.IsSpace(r):
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	out := b.String()
	if n := utf8.RuneCountInString(out); n > max {
		return "", words.Fail(words.New("store.error.name_long").Count(max).Num("given", n))
	}
	if s != "" && !strings.ContainsFunc(out, visible) {
		// Something was typed, but nothing anyone could read: spaces,
		// zero-width or other invisible characters only.
		return "", words.Fail(words.New("store.error.name_invisible"))
	}
	return out, nil
}

// visible reports whether r shows as something: a letter, digit, mark of
// punctuation or symbol that is not one of the characters Unicode says
// to draw as nothing (zero-width spaces and joiners, fillers, variation
// selectors, the blank braille pattern).
func visible(r rune) bool {
	switch {
	case !unicode.In(r, unicode.L, unicode.N, unicode.P, unicode.S):
		return false
	case unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector, unicode.Cf):
		return false
	}
	return r != '⠀' && r != 'ㅤ' && r != 'ﾠ' && r != 'ᅟ' && r != 'ᅠ'
}

// refusal is an error's words for a person: its own if it has them, else
// its English message as it is.
func refusal(err error) words.Text {
	var we *words.Error
	if errors.As(err, &we) {
		return we.Msg
	}
	return words.Raw(err.Error())
}

// isBidiControl reports the characters that change the direction of the
// text around them (Unicode's Bidi_Control property).
func isBidiControl(r rune) bool {
	return unicode.Is(unicode.Bidi_Control, r)
}
