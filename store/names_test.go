package store

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestCleanName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, want string
		max      int
		err      bool
	}{
		{"  Anna  ", "Anna", 40, false},
		{"Anna\tBerg\nX", "Anna Berg X", 40, false},
		{"Anna\u202Egreb", "Annagreb", 40, false},  // right-to-left override
		{"\u2066Bob\u2069", "Bob", 40, false},      // isolates
		{"Zoë  Ødegård", "Zoë Ødegård", 40, false}, // letters of any script stay
		{"عائشة", "عائشة", 40, false},              // right-to-left text itself stays
		{"a\x00b\x1bc", "a b c", 40, false},
		{"bad\xffbyte", "badbyte", 40, false},
		{strings.Repeat("é", 40), strings.Repeat("é", 40), 40, false},
		{strings.Repeat("é", 41), "", 40, true},
		{"\u202E\u202E", "", 40, true}, // typed, but nothing visible
		{"", "", 40, false},            // nothing typed: the caller judges
		{"   ", "", 40, true},
		{"\u200B", "", 40, true}, // zero-width space
		{"\u200B\u200C\u200D \u2060\uFEFF", "", 40, true},
		{"\u3164\u3164", "", 40, true},       // Hangul filler (a letter that draws nothing)
		{"\u2800", "", 40, true},             // blank braille pattern
		{"\u034F\uFE0F\u00AD", "", 40, true}, // grapheme joiner, variation selector, soft hyphen
		{"a\u200Bb", "a\u200Bb", 40, false},
		{"👍🏽", "👍🏽", 40, false},
		{"李", "李", 40, false},
	}
	for _, c := range cases {
		got, err := CleanName(c.in, c.max)
		if (err != nil) != c.err || got != c.want {
			t.Errorf("CleanName(%q) = %q, %v; want %q (error %v)", c.in, got, err, c.want, c.err)
		}
	}
}

// FuzzCleanName: whatever is typed, a cleaned name is valid UTF-8 without
// control or bidirectional characters, trimmed, within its limit, and
// cleaning it again changes nothing.
func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"Anna", "a\u202Eb", "\t\n", "\xff", "x  y", "\u200F"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := CleanName(s, 40)
		if err != nil {
			return
		}
		if !utf8.ValidString(got) || strings.TrimSpace(got) != got || strings.Contains(got, "  ") || utf8.RuneCountInString(got) > 40 {
			t.Fatalf("CleanName(%q) = %q", s, got)
		}
		for _, r := range got {
			if unicode.IsControl(r) || isBidiControl(r) || (unicode.IsSpace(r) && r != ' ') {
				t.Fatalf("CleanName(%q) = %q keeps %U", s, got, r)
			}
		}
		if again, err := CleanName(got, 40); err != nil || again != got {
			t.Fatalf("cleaning %q again gives %q, %v", got, again, err)
		}
	})
}
