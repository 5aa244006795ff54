package imperial

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"html"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rondel/game/imperial/board"
	"rondel/game/words"
)

// TestBoardWordsExist: every phrase the drawing code names, literally or
// built from the map's data, is in the table of svg_words.go.
func TestBoardWordsExist(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".go") || strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "say" && sel.Sel.Name != "sayCount") {
				return true
			}
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				key, _ := strconv.Unquote(lit.Value)
				if err := checkPhrase(key, sel.Sel.Name == "sayCount"); err != nil {
					t.Errorf("%s: %s(%q): %v", fset.Position(call.Pos()), sel.Sel.Name, key, err)
				}
				if sel.Sel.Name == "say" && len(call.Args)-1 != len(boardArgs[key]) {
					t.Errorf("%s: say(%q) gives %d arguments, the phrase names %v", fset.Position(call.Pos()), key, len(call.Args)-1, boardArgs[key])
				}
			}
			return true
		})
	}
	var keys []string
	for _, name := range slotNames {
		keys = append(keys, "slot."+name)
	}
	for _, m := range []string{"europe", "world2030"} {
		keys = append(keys, "title."+m)
		b := board.MustLoad(m)
		for _, c := range b.Canals {
			keys = append(keys, "canal."+c.ID)
		}
		sh, err := board.LoadShapes(m)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range sh.Connectors {
			if c.Kind != "wrap" {
				keys = append(keys, c.Kind+"."+c.Name)
			}
		}
	}
	for _, k := range keys {
		if err := checkPhrase(k, false); err != nil {
			t.Errorf("phrase %q: %v", k, err)
		}
	}
}

// checkPhrase says whether the catalogue has the phrase in every language
// with exactly the placeholders boardArgs names (a count for sayCount).
func checkPhrase(key string, counted bool) error {
	want := slices.Clone(boardArgs[key])
	if counted {
		want = []string{words.CountArg}
	}
	slices.Sort(want)
	c := words.Default()
	for _, lang := range words.Languages {
		id := boardPhrase(key)
		if !c.Has(lang, id) {
			return fmt.Errorf("%s has no %s translation", id, lang)
		}
		if got := c.Placeholders(lang, id); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			return fmt.Errorf("%s (%s) uses %v, the drawing gives %v", id, lang, got, want)
		}
	}
	return nil
}

// TestSayAsT holds say, which names its arguments without boxing them, to
// what Speaker.T says for the same phrase and named arguments, in every
// language, for every phrase with arguments and a few without.
func TestSayAsT(t *testing.T) {
	s := &State{}
	keys := []string{"none", "rondel.free", "battle.tip", "slot.production2", "title.europe"}
	for k := range boardArgs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	sample := []any{"Wien", 3, words.Money(12), "x & <y>", 7}
	for _, lang := range words.Languages {
		s.sp = words.Default().Speaker(lang, nil)
		for _, k := range keys {
			names := boardArgs[k]
			args := sample[:len(names)]
			var pairs []any
			for i, a := range args {
				pairs = append(pairs, names[i], a)
			}
			want := s.sp.T(boardPhrase(k), pairs...)
			if got := s.say(k, args...); got != want {
				t.Errorf("%s %s: say %q, T %q", lang, k, got, want)
			}
			if want == "" || strings.HasPrefix(want, "imperial.") {
				t.Errorf("%s %s: no words (%q)", lang, k, want)
			}
		}
	}
}

// TestPhraseAsSay: a phrase written from its parts is what say says for
// the same values, escaped, in every language, for every phrase of the
// board with arguments (words to escape among the values), and also
// when it is said whole (no parts).
func TestPhraseAsSay(t *testing.T) {
	s := newGame(t, 4, 1)
	keys := slices.Sorted(maps.Keys(boardArgs))
	sample := []string{"Wien & <Graz>", "4, 9, 30", "12M", `"x"`}
	for _, lang := range words.Languages {
		d := s.drawingCopy(words.Default().Speaker(lang, nil))
		for _, k := range keys {
			vals := sample[:len(boardArgs[k])]
			args := make([]any, len(vals))
			for i, v := range vals {
				args[i] = v
			}
			want := html.EscapeString(d.say(k, args...))
			p := d.phraseOf(k)
			if !p.ok {
				t.Errorf("%s %s: not cut at its placeholders", lang, k)
			}
			for _, p := range []phrase{p, {key: k}} {
				var w strings.Builder
				p.write(&w, d, vals...)
				if w.String() != want {
					t.Errorf("%s %s (cut %v): %q, say %q", lang, k, p.ok, w.String(), want)
				}
			}
		}
	}
}
