package caesar

import (
	"strings"
	"testing"

	"rondel/game/words"
)

// Every word of Rondel's boards is a catalogue term in all three
// languages, and the English terms are the names in the board files.
func TestBoardTerms(t *testing.T) {
	cat := words.Default()
	en := words.English()
	has := func(key string) {
		t.Helper()
		for _, lang := range words.Languages {
			if !cat.Has(lang, key) {
				t.Errorf("%s has no %s term", key, lang)
			}
		}
	}
	for _, id := range []string{"rondel-2-3", "rondel-4-5"} {
		b, err := LoadBoard(id)
		if err != nil {
			t.Fatal(err)
		}
		has(termBoard + id)
		if got := en.Term(termBoard + id); got != b.Name {
			t.Errorf("board %s: the catalogue says %q, the file %q", id, got, b.Name)
		}
		for _, c := range b.Cities {
			has(termCity + c.ID)
			if got := en.Term(termCity + c.ID); got != c.Name {
				t.Errorf("city %s: the catalogue says %q, the board %q", c.ID, got, c.Name)
			}
		}
		for _, c := range b.Colours {
			has(termRegion + c.ID)
			has(termColour + c.ID)
			if got := en.Term(termRegion + c.ID); got != c.Name {
				t.Errorf("region %s: the catalogue says %q, the board %q", c.ID, got, c.Name)
			}
		}
	}
	for _, k := range append([]string{Gold}, kinds...) {
		has(termTreasure + k)
	}
	for _, c := range playerColours {
		has(termColour + c)
	}
}

// A board the catalogue does not know reads by the names in its file.
func TestUnknownBoardNames(t *testing.T) {
	bd := testBoard(t, []City{city("a", "red", 1)}, "rome-a:1")
	s := position(bd, 2, nil)
	for lang, want := range map[string]string{"en": "a (red 1, meat)", "de": "a (Rot 1, Fleisch)", "zh": "a（红色 1，肉）"} {
		if got := words.Default().Speaker(lang, nil).Say(s.cityText("a")); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	if err := words.Default().Check(s.cityText("a")); err != nil {
		t.Error(err)
	}
}

// The board speaks the reader's language, escapes every word and lacks none.
func TestBoardSVGLanguages(t *testing.T) {
	setup := setupFor(4, 3, nil)
	setup.Players[1] = `Ben <b>&</b>`
	s := playRandom(t, setup, nil).final
	for lang, want := range map[string][]string{
		"en": {"Final scores", "Italia (red)", "points · ", "ROMA"},
		"de": {"Finaler Punktestand", "Germania und Britannia (Grün)", "Punkte · ", "Straßen übrig"},
		"zh": {"最终得分", "Italia（红色）", "分 · 剩余", "罗马"},
	} {
		svg := s.BoardSVG(1, words.Default().Speaker(lang, setup.Players))
		wellFormed(t, svg)
		for _, w := range want {
			if !strings.Contains(svg, w) {
				t.Errorf("%s board lacks %q", lang, w)
			}
		}
		if !strings.Contains(svg, "Ben &lt;b&gt;&amp;&lt;/b&gt;") || strings.Contains(svg, "<b>") {
			t.Errorf("%s: the player's name is not escaped", lang)
		}
		if strings.Contains(svg, "[caesar.") {
			t.Errorf("%s board lacks a word: %s", lang, svg[strings.Index(svg, "[caesar."):][:40])
		}
	}
	// Mid-game, the treasures on available cities are named.
	mid := position(mustBoard(t, "rondel-2-3"), 2, nil)
	if svg := mid.BoardSVG(0, words.Default().Speaker("de", nil)); !strings.Contains(svg, ">Fleisch<") {
		t.Error("the German board does not name the treasures")
	}
}

func mustBoard(t *testing.T, id string) *Board {
	t.Helper()
	b, err := LoadBoard(id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The v1 state is today's state with the tie-break as the English
// sentence the engine wrote then; nothing else differs.
func TestStateV1(t *testing.T) {
	p := playRandom(t, setupFor(3, 9, nil), nil)
	v2, _ := p.final.MarshalJSON()
	v1, err := p.final.MarshalJSONV1()
	if err != nil {
		t.Fatal(err)
	}
	sentence := p.final.ResultV1().TieBreak.Raw
	if sentence == "" || !strings.Contains(string(v1), `"tie_break":"`+sentence+`"`) {
		t.Fatalf("v1 state lacks the sentence %q: %s", sentence, v1)
	}
	if strings.Contains(string(v2), sentence) {
		t.Errorf("today's state holds the sentence: %s", v2)
	}
	mid := position(mustBoard(t, "rondel-2-3"), 2, nil)
	a, _ := mid.MarshalJSON()
	b, _ := mid.MarshalJSONV1()
	if string(a) != string(b) {
		t.Error("an unfinished state differs between v1 and v2")
	}
}
