package handlers

import (
	"strings"
	"testing"

	"rondel/game/words"
)

// TestIsHexColourAsTheRegexp: the hand-written check says what hexColour
// says, for colours, near misses and odd strings.
func TestIsHexColourAsTheRegexp(t *testing.T) {
	t.Parallel()
	for _, c := range []string{"", "#", "#aa0000", "#AA00ff", "#0123456", "#01234", "aa00000", "#gg0000", "#aa000g",
		"#aa0000\n", " #aa0000", "#aa 000", "#ａa0000", "#aa00é", "#09afAF", "#:/@`[G"} {
		if got, want := isHexColour(c), hexColour.MatchString(c); got != want {
			t.Errorf("%q: %v, the regexp says %v", c, got, want)
		}
	}
}

// TestNumberCells: a row of values is written as each value said by the
// speaker and escaped, in every language, small numbers (written without
// the speaker) and large (grouped) alike.
func TestNumberCells(t *testing.T) {
	t.Parallel()
	values := []int{0, 1, -1, 9, 10, 99, 100, 101, 999, -999, 1000, -1000, 12345, -1234567, 1 << 40}
	for _, lang := range words.Languages {
		sp := words.Default().Speaker(lang, nil)
		var want strings.Builder
		for _, v := range values {
			want.WriteString("<td>" + escapeText(sp.Number(v)) + "</td>")
		}
		var got strings.Builder
		writeNumberCells(&got, sp, values)
		if got.String() != want.String() {
			t.Errorf("%s: %q, want %q", lang, got.String(), want.String())
		}
	}
}
