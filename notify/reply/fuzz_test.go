package reply

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rondel/game"
)

// FuzzBody: any bytes read as a mail never panic, and no quoted line
// survives.
func FuzzBody(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.eml")
	for _, p := range paths {
		if raw, err := os.ReadFile(p); err == nil {
			f.Add(raw)
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		text, err := Body(raw)
		if err != nil {
			return
		}
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), ">") {
				t.Fatalf("quoted line kept: %q", l)
			}
		}
	})
}

// FuzzRead: any text read as commands never panics, and whatever it
// returns as moves is a sequence the engine takes, move by move, with no
// failure beside it.
func FuzzRead(f *testing.F) {
	positions := []struct {
		st   game.State
		seat int
	}{}
	for _, c := range []struct {
		id, kind string
		at       func([]game.LegalMove) bool
	}{
		{"imperial", "rondel", has(`{"slot":"factory"}`)},
		{"imperial", "maneuver", has(`{"type":"army","from":"paris","to":"munich","hostile":true}`)},
		{"imperial", "import", has(`{"region":"rome","unit":"army"}`)},
		{"imperial", "invest", has(`{"type":"bond","nation":"FR","cost":4,"trade_in":2}`)},
		{"caesar", "connect", has(`{"path":["rome","ravenna"]}`)},
	} {
		st, seat := reach(f, c.id, c.kind, c.at)
		positions = append(positions, struct {
			st   game.State
			seat int
		}{st, seat})
	}
	for _, s := range []string{"Factory", "army Rome\narmy Naples\nend", "Paris Munich hostile\nend", "Rome - Ravenna",
		"pass", "Productoin", "罗马 陆军\n不进口", "upgrade France 2M bond to 4M", "Steuer\n\nFabrik", "no\nno\nno"} {
		for i := range positions {
			f.Add(uint8(i), s)
		}
	}
	rd := reader()
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		p := positions[int(which)%len(positions)]
		res := rd.Read(p.st, p.seat, text)
		if len(res.Moves) == 0 {
			return
		}
		if res.Message || len(res.Failures) > 0 {
			t.Fatalf("moves returned beside a message or failures: %+v", res)
		}
		st := p.st
		for _, m := range res.Moves {
			legal := false
			for _, l := range st.LegalMoves(p.seat) {
				legal = legal || string(l.Move) == string(m.Move)
			}
			if !legal {
				t.Fatalf("line %d %q: %s is not legal in its turn", m.Line, m.Text, m.Move)
			}
			next, _, err := st.Apply(p.seat, m.Move)
			if err != nil {
				t.Fatalf("line %d %q: %s refused: %v", m.Line, m.Text, m.Move, err)
			}
			st = next
		}
	})
}

// TestCorpusPlays: replies of the corpus read as the moves they ask for.
func TestCorpusPlays(t *testing.T) {
	cases := []struct {
		file, id, kind string
		at             func([]game.LegalMove) bool
		want           []string
	}{
		{"apple_html_only", "imperial", "maneuver", has(`{"type":"fleet","from":"bordeaux","to":"bayofbiscay"}`),
			[]string{`{"to":"bayofbiscay"}`, `{"to":"brest"}`, `{"type":"end_maneuver"}`}},
		{"zh_qq_gb18030", "imperial", "import", has(`{"region":"rome","unit":"army"}`),
			[]string{`{"region":"rome"}`, `{"type":"end_import"}`}},
		{"de_thunderbird_am", "imperial", "rondel", has(`{"slot":"factory"}`), []string{`{"slot":"factory"}`}},
		{"zh_apple_base64", "imperial", "rondel", has(`{"slot":"factory"}`), []string{`{"slot":"taxation"}`}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", c.file+".eml"))
			if err != nil {
				t.Fatal(err)
			}
			text, err := Body(raw)
			if err != nil {
				t.Fatal(err)
			}
			st, seat := reach(t, c.id, c.kind, c.at)
			checkResult(t, st, seat, reader().Read(st, seat, text), commandCase{lines: text, want: c.want})
		})
	}
}
