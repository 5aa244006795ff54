package handlers

import (
	"html"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/words"
)

// TestRememberedKeysSayTheSame: an overview whose writer remembers the
// keys it said and which keys are money reads byte for byte as one that
// asks the vocabulary every time, along self-played games of every hosted
// kind, in every language, with the server's memo and without.
func TestRememberedKeysSayTheSame(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New(), gametest.Game{})
	terms := buildTermIndex(words.Default())
	memo := &vocabMemo{}
	said := 0
	sampledPositions(t, reg, func(info game.Info, move int, st game.State) {
		for _, lang := range words.Languages {
			for _, m := range []*vocabMemo{nil, memo} {
				v := vocab{sp: words.Default().Speaker(lang, nil), kind: info.ID, domains: domainsOf(info), terms: terms, memo: m}
				want := summaryHTMLRemembering(v, st.Summary(), false)
				if got := summaryHTMLRemembering(v, st.Summary(), true); got != want {
					t.Fatalf("%s, move %d, %s: the overview said with remembered keys differs:\n%s\nasked each time:\n%s",
						info.ID, move, lang, got, want)
				}
				said++
			}
		}
	})
	if said == 0 {
		t.Error("no overview said")
	}
}

// TestScalarListAsJoined: a list of scalars, written item by item, reads
// as its words joined by the reader's comma and then escaped, in every
// language.
func TestScalarListAsJoined(t *testing.T) {
	t.Parallel()
	lists := [][]any{{"a"}, {"<b>", "x & y", `"q'`}, {"Ann", nil, true, 2.0, 2.5}}
	for _, lang := range words.Languages {
		sp := words.Default().Speaker(lang, nil)
		v := vocab{sp: sp, terms: buildTermIndex(words.Default())}
		for _, items := range lists {
			var b strings.Builder
			w := &summaryWriter{b: &b, v: v}
			var parts []string
			for _, it := range items {
				s, _ := w.scalar(it, "")
				parts = append(parts, s)
			}
			want := html.EscapeString(strings.Join(parts, sp.T("summary.comma")))
			w.list(items, 1, "")
			if b.String() != want {
				t.Errorf("%s: %q written %q, joined and escaped %q", lang, items, b.String(), want)
			}
		}
	}
}
