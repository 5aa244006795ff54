package reply

import (
	"encoding/json"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/words"
)

// commandCase plays lines at the first position of game id where a
// decision of kind opens with a move like at (a JSON subset); want are
// the moves expected in order (JSON subsets), or fail the 1-based lines
// expected to fail (nothing played then).
type commandCase struct {
	name  string
	id    string
	kind  string
	at    func([]game.LegalMove) bool
	lines string
	want  []string
	fail  []int
	meant int // for a failure: how many moves "did you mean" offers at least
}

func TestCommands(t *testing.T) {
	start := has(`{"type":"rondel","slot":"factory"}`)
	bondsFR := allOf(has(`{"nation":"FR","cost":4,"trade_in":null}`), has(`{"nation":"FR","cost":4,"trade_in":2}`), has(`{"nation":"FR","cost":6,"trade_in":2}`))
	cases := []commandCase{
		{name: "rondel space", id: "imperial", kind: "rondel", at: start, lines: "Factory", want: []string{`{"slot":"factory"}`}},
		{name: "rondel unique prefix", id: "imperial", kind: "rondel", at: start, lines: "inv", want: []string{`{"slot":"investor"}`}},
		{name: "rondel between", id: "imperial", kind: "rondel", at: start, lines: "production between import and maneuver", want: []string{`{"slot":"production2"}`}},
		{name: "rondel two spaces of one name", id: "imperial", kind: "rondel", at: start, lines: "Production", fail: []int{1}, meant: 2},
		{name: "rondel german", id: "imperial", kind: "rondel", at: start, lines: "Steuer", want: []string{`{"slot":"taxation"}`}},
		{name: "rondel chinese", id: "imperial", kind: "rondel", at: start, lines: "征税", want: []string{`{"slot":"taxation"}`}},
		{name: "rondel with cost", id: "imperial", kind: "rondel", at: labelHas("Maneuver, 4 spaces ahead, costs you 2M"), lines: "Maneuver, 2M", want: []string{`{"slot":"maneuver2"}`}},
		{name: "rondel wrong cost", id: "imperial", kind: "rondel", at: labelHas("Maneuver, 4 spaces ahead, costs you 2M"), lines: "Maneuver, 1M", fail: []int{1}, meant: 1},
		{name: "bond purchase", id: "imperial", kind: "invest", at: has(`{"type":"bond","nation":"FR","cost":4,"trade_in":2}`), lines: "upgrade France 2M bond to 4M", want: []string{`{"nation":"FR","cost":4,"trade_in":2}`}},
		{name: "bond german", id: "imperial", kind: "invest", at: has(`{"type":"bond","nation":"FR","cost":4,"trade_in":2}`), lines: "Frankreich 2 auf 4 aufstocken", want: []string{`{"nation":"FR","cost":4,"trade_in":2}`}},
		{name: "bond buy where an upgrade reads alike", id: "imperial", kind: "invest", at: bondsFR, lines: "buy France 4", want: []string{`{"nation":"FR","cost":4,"trade_in":null}`}},
		{name: "bond by its words", id: "imperial", kind: "invest", at: bondsFR, lines: "France 4", want: []string{`{"nation":"FR","cost":4,"trade_in":null}`}},
		{name: "bond upgrade by its numbers", id: "imperial", kind: "invest", at: bondsFR, lines: "France 2 to 4", want: []string{`{"nation":"FR","cost":4,"trade_in":2}`}},
		{name: "bond upgrade chinese", id: "imperial", kind: "invest", at: bondsFR, lines: "增持法国 2 到 6", want: []string{`{"nation":"FR","cost":6,"trade_in":2}`}},
		{name: "bond upgrade chinese in wan", id: "imperial", kind: "invest", at: bondsFR, lines: "增持法国 200万 到 600万", want: []string{`{"nation":"FR","cost":6,"trade_in":2}`}},
		{name: "bond upgrade chinese in millions", id: "imperial", kind: "invest", at: bondsFR, lines: "增持法国 2百万 到 6百万", want: []string{`{"nation":"FR","cost":6,"trade_in":2}`}},
		{name: "bond nation typo", id: "imperial", kind: "invest", at: bondsFR, lines: "buy Frnace 4", fail: []int{1}, meant: 1},
		{name: "bond pass", id: "imperial", kind: "invest", at: has(`{"type":"skip_bond"}`), lines: "pass", want: []string{`{"type":"skip_bond"}`}},
		{name: "import three", id: "imperial", kind: "import", at: has(`{"region":"rome","unit":"army"}`),
			lines: "army Rome\narmy Naples\nimport an army into Florence", want: []string{`{"region":"rome","unit":"army"}`, `{"region":"naples","unit":"army"}`, `{"region":"florence","unit":"army"}`}},
		{name: "import then stop", id: "imperial", kind: "import", at: has(`{"region":"rome","unit":"army"}`),
			lines: "1. Armee Rom\n2. nichts mehr", want: []string{`{"region":"rome","unit":"army"}`, `{"type":"end_import"}`}},
		{name: "import chinese", id: "imperial", kind: "import", at: has(`{"region":"rome","unit":"army"}`), lines: "罗马 陆军", want: []string{`{"region":"rome","unit":"army"}`}},
		{name: "import typo never played", id: "imperial", kind: "import", at: has(`{"region":"rome","unit":"army"}`), lines: "army Rome\narmy Napels", fail: []int{2}, meant: 1},
		{name: "factory", id: "imperial", kind: "factory", at: has(`{"type":"factory","region":"dublin"}`), lines: "factory Dublin", want: []string{`{"region":"dublin"}`}},
		{name: "factory none", id: "imperial", kind: "factory", at: has(`{"type":"factory","region":"dublin"}`), lines: "Nichts bauen", want: []string{`{"type":"skip_factory"}`}},
		{name: "maneuver several units", id: "imperial", kind: "maneuver", at: has(`{"type":"army","from":"paris","to":"dijon"}`),
			lines: "fleet Bordeaux to Bay of Biscay\narmy Paris to Brest\nend", want: []string{`{"from":"bordeaux","to":"bayofbiscay"}`, `{"from":"paris","to":"brest"}`, `{"type":"end_maneuver"}`}},
		{name: "maneuver hostile or friendly asked", id: "imperial", kind: "maneuver", at: has(`{"type":"army","to":"munich","hostile":true}`), lines: "Munich", fail: []int{1}, meant: 2},
		{name: "maneuver hostile", id: "imperial", kind: "maneuver", at: has(`{"type":"army","from":"paris","to":"munich","hostile":true}`), lines: "Paris Munich hostile", want: []string{`{"from":"paris","to":"munich","hostile":true}`}},
		{name: "maneuver abbreviated", id: "imperial", kind: "maneuver", at: has(`{"type":"army","from":"paris","to":"brest"}`), lines: "A Par Bre", want: []string{`{"from":"paris","to":"brest"}`}},
		{name: "maneuver german ue", id: "imperial", kind: "maneuver", at: has(`{"type":"army","from":"paris","to":"munich","hostile":true}`), lines: "Armee Paris Muenchen feindlich", want: []string{`{"from":"paris","to":"munich","hostile":true}`}},
		{name: "battle", id: "imperial", kind: "battle", at: has(`{"type":"peace"}`), lines: "no battle", want: []string{`{"type":"peace"}`}},
		{name: "battle fight", id: "imperial", kind: "battle", at: has(`{"type":"battle","unit":"army","target":"army"}`), lines: "your army against army", want: []string{`{"type":"battle","unit":"army","target":"army"}`}},
		{name: "demand battle", id: "imperial", kind: "demand-battle", at: has(`{"type":"demand_battle"}`), lines: "Kampf verlangen", want: []string{`{"type":"demand_battle"}`}},
		{name: "2030 import", id: "imperial2030", kind: "import", at: has(`{"region":"shanghai","unit":"fleet"}`), lines: "fleet shanghai", want: []string{`{"region":"shanghai","unit":"fleet"}`}},
		{name: "2030 factory accents", id: "imperial2030", kind: "factory", at: has(`{"type":"factory","region":"novosibirsk"}`), lines: "Nowosibirsk", want: []string{`{"region":"novosibirsk"}`}},
		{name: "2030 maneuver", id: "imperial2030", kind: "maneuver", at: has(`{"type":"army","from":"newdelhi","to":"mumbai"}`), lines: "army new delhi to mumbai", want: []string{`{"from":"newdelhi","to":"mumbai"}`}},
		{name: "2030 battle", id: "imperial2030", kind: "battle", at: has(`{"type":"peace"}`), lines: "Kein Kampf", want: []string{`{"type":"peace"}`}},
		{name: "2030 demand battle declined", id: "imperial2030", kind: "demand-battle", at: has(`{"type":"no_battle"}`), lines: "不", want: []string{`{"type":"no_battle"}`}},
		{name: "caesar score path", id: "caesar", kind: "score-path", at: allOf(has(`{"path":["vindobona","aquileia","rome"]}`), has(`{"path":["vindobona","aquileia","salona","rome"]}`)), lines: "Vindobona Aquileia Salona Rome", want: []string{`{"path":["vindobona","aquileia","salona","rome"]}`}},
		// The direct way's cities are also on the longer ways: asked, not guessed.
		{name: "caesar score path ambiguous", id: "caesar", kind: "score-path", at: has(`{"path":["vindobona","aquileia","rome"]}`), lines: "Vindobona Aquileia Rome", fail: []int{1}, meant: 2},
		{name: "caesar connect", id: "caesar", kind: "connect", at: has(`{"path":["rome","ravenna"]}`), lines: "Rome - Ravenna", want: []string{`{"path":["rome","ravenna"]}`}},
		{name: "caesar connect german", id: "caesar", kind: "connect", at: has(`{"path":["rome","ravenna"]}`), lines: "Rom Ravenna", want: []string{`{"path":["rome","ravenna"]}`}},
		{name: "caesar unknown city", id: "caesar", kind: "connect", at: has(`{"path":["rome","ravenna"]}`), lines: "Rome Londinium", fail: []int{1}},
	}
	rd := reader()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, seat := reach(t, c.id, c.kind, c.at)
			res := rd.Read(st, seat, c.lines)
			checkResult(t, st, seat, res, c)
		})
	}
}

func checkResult(t *testing.T, st game.State, seat int, res Result, c commandCase) {
	t.Helper()
	if res.Message {
		t.Fatalf("%q read as a message", c.lines)
	}
	if len(c.fail) > 0 {
		if len(res.Moves) > 0 {
			t.Fatalf("%q: moves %v returned beside failures", c.lines, res.Moves)
		}
		var got []int
		for _, f := range res.Failures {
			got = append(got, f.Line)
			if len(f.DidYouMean) < c.meant {
				t.Errorf("line %d: did you mean %v, want at least %d", f.Line, f.DidYouMean, c.meant)
			}
			checkSaid(t, f)
		}
		if !equalInts(got, c.fail) {
			t.Fatalf("%q: failed lines %v, want %v", c.lines, got, c.fail)
		}
		return
	}
	if len(res.Failures) > 0 {
		t.Fatalf("%q: failures %+v", c.lines, res.Failures)
	}
	if len(res.Moves) != len(c.want) {
		t.Fatalf("%q: %d moves, want %d: %+v", c.lines, len(res.Moves), len(c.want), res.Moves)
	}
	for i, m := range res.Moves {
		if find([]game.LegalMove{{Move: m.Move}}, c.want[i]) == nil {
			t.Errorf("move %d: %s, want %s", i+1, m.Move, c.want[i])
		}
		// Each move is legal in its turn: the engine takes it.
		next, _, err := st.Apply(seat, m.Move)
		if err != nil {
			t.Fatalf("move %d %s refused: %v", i+1, m.Move, err)
		}
		st = next
	}
}

// checkSaid: a failure reads as words in every language, naming the line.
func checkSaid(t *testing.T, f Failure) {
	t.Helper()
	for _, lang := range words.Languages {
		sp := words.Default().Speaker(lang, nil)
		for _, txt := range f.Texts() {
			if err := words.Default().Check(txt); err != nil {
				t.Errorf("%s: %v", lang, err)
			}
			if s := sp.Say(txt); strings.Contains(s, "[") && strings.Contains(s, "reply.") {
				t.Errorf("%s: unsaid %s", lang, s)
			}
		}
		if !strings.Contains(sp.Say(f.Why), f.Text) {
			t.Errorf("%s: %q does not name the line %q", lang, sp.Say(f.Why), f.Text)
		}
	}
}

func equalInts(a, b []int) bool {
	b1, _ := json.Marshal(a)
	b2, _ := json.Marshal(b)
	return string(b1) == string(b2)
}

func TestMessageIsNoCommand(t *testing.T) {
	st, seat := reach(t, "imperial", "rondel", has(`{"slot":"factory"}`))
	for _, text := range []string{"Thanks, good game!\nSee you next week.", "", "Viel Glück allen", "大家好"} {
		if res := reader().Read(st, seat, text); !res.Message || len(res.Moves) > 0 {
			t.Errorf("%q: %+v, want a message", text, res)
		}
	}
}

func TestLaterLinesWhenTurnPasses(t *testing.T) {
	st, seat := reach(t, "imperial", "rondel", has(`{"slot":"factory"}`))
	// The rondel choice ends this seat's decision at the start of a game:
	// a second line cannot be played and nothing is.
	res := reader().Read(st, seat, "investor\ntaxation")
	if len(res.Moves) != 0 || len(res.Failures) != 1 || res.Failures[0].Line != 2 {
		t.Fatalf("%+v", res)
	}
}

func TestGreetingAndSignOffIgnored(t *testing.T) {
	st, seat := reach(t, "imperial", "import", has(`{"region":"rome","unit":"army"}`))
	res := reader().Read(st, seat, "Hi all,\n\narmy Rome\narmy Naples\n\nThanks!\nAnn")
	if len(res.Failures) > 0 || len(res.Moves) != 2 || !equalInts(res.Ignored, []int{1, 6, 7}) {
		t.Fatalf("%+v", res)
	}
	// Between commands nothing is ignored: the reply is refused whole.
	res = reader().Read(st, seat, "army Rome\nxyzzy plugh\narmy Naples")
	if len(res.Moves) > 0 || len(res.Failures) != 1 || res.Failures[0].Line != 2 {
		t.Fatalf("%+v", res)
	}
}
