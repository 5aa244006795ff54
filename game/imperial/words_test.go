package imperial

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/imperial/board"
	"rondel/game/record"
	"rondel/game/rng"
	"rondel/game/selfplay"
	"rondel/game/words"
)

// textCheck collects every Text the engine emits and checks each once:
// the catalogue says it in every language with exactly its arguments, and
// its English words show no internal code.
type textCheck struct {
	t       *testing.T
	cat     *words.Catalogue
	en      *words.Speaker
	seen    map[string]bool
	codes   *regexp.Regexp
	checked int
}

func newTextCheck(t *testing.T) *textCheck {
	// Internal codes a reader must never see: slot names, move types,
	// decision kinds, region and nation ids that are not the words
	// themselves, and what a template prints for a missing argument.
	codes := []string{"production1", "production2", "maneuver1", "maneuver2", "<no value>", "%!"}
	for _, typ := range []string{MRondel, MForce, MNoForce, MImport, MImportUnit, MImportEnd, MFactory, MSkipFactory,
		MFleet, MArmy, MStatus, MBattle, MPeace, MDemand, MNoBattle, MDestroy, MEnd, MBond, MSkipBond, MGrantPassage, MDenyPassage,
		DForce, DDemand, DAuction, DCanal} {
		if strings.ContainsAny(typ, "_-") {
			codes = append(codes, typ)
		}
	}
	for _, m := range []string{"europe", mapWorld2030} {
		b, err := board.Load(m)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range b.Regions {
			if !strings.EqualFold(r.ID, r.Name) {
				codes = append(codes, r.ID)
			}
		}
		for _, n := range b.Nations {
			codes = append(codes, n.ID)
		}
	}
	for i, c := range codes {
		codes[i] = regexp.QuoteMeta(c)
	}
	re := regexp.MustCompile(`(^|[^\pL])(` + strings.Join(codes, "|") + `)($|[^\pL])`)
	return &textCheck{t: t, cat: words.Default(), en: words.English().WithNames([]string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}),
		seen: map[string]bool{}, codes: re}
}

func (c *textCheck) check(where string, tx words.Text) {
	c.t.Helper()
	if tx.IsZero() {
		c.t.Errorf("%s: no words", where)
		return
	}
	k := tx.Key()
	if c.seen[k] {
		return
	}
	c.seen[k] = true
	c.checked++
	if err := c.cat.Check(tx); err != nil {
		c.t.Errorf("%s: %v", where, err)
		return
	}
	if en := c.en.Say(withoutLiterals(tx)); c.codes.MatchString(en) {
		c.t.Errorf("%s: %q shows an internal code (%s)", where, en, c.codes.FindString(en))
	}
}

// withoutLiterals replaces literal arguments (what a player typed, e.g. an
// unknown region id echoed in a refusal) by a neutral word, so that the
// code check looks only at the engine's own words.
func withoutLiterals(t words.Text) words.Text {
	out := words.New(t.ID)
	for name, a := range t.Args.All() {
		out = out.With(name, withoutLiteralArg(a))
	}
	return out
}

func withoutLiteralArg(a words.Arg) words.Arg {
	switch a.Kind() {
	case "lit":
		return words.Lit("typed")
	case "text":
		t, _ := a.Text()
		return words.Sub(withoutLiterals(t))
	case "list":
		items := make([]words.Arg, len(a.Items()))
		for i, x := range a.Items() {
			items[i] = withoutLiteralArg(x)
		}
		return words.List(items...)
	}
	return a
}

// refusal checks a refusal: its rule is a term, its message a Text.
func (c *textCheck) refusal(where string, err error) {
	c.t.Helper()
	var re *game.RuleError
	if !errors.As(err, &re) {
		c.t.Errorf("%s: %v is not a rule error", where, err)
		return
	}
	c.check(where+" (rule)", words.New(re.Rule))
	c.check(where, re.Msg)
}

// position checks everything a position says: prompts, moves and groups
// (no group longer than maxGroup), situations, caretaker reasons, the
// result, and the refusals of illegal moves made from the legal ones.
func (c *textCheck) position(s *State, src *rng.Source) {
	c.t.Helper()
	for _, d := range s.ToAct() {
		c.check("prompt "+d.Kind, d.Prompt)
		if !d.Prompt.IsZero() && d.Subject != "" {
			c.check("subject", s.SubjectName(d.Subject))
		}
		sizes := map[string]int{}
		legal := s.LegalMoves(d.Seat)
		for _, lm := range legal {
			c.check("label "+string(lm.Move), lm.Label)
			c.check("group "+string(lm.Move), lm.Group)
			sizes[lm.Group.Key()]++
		}
		for g, n := range sizes {
			if n > maxGroup {
				c.t.Errorf("decision %s offers %d moves in group %s", d.Kind, n, g)
			}
		}
		for _, tx := range s.Situation(d.Seat) {
			c.check("situation "+d.Kind, tx)
		}
		if _, why, err := s.Caretaker(d.Seat); err != nil {
			c.t.Errorf("caretaker: %v", err)
		} else {
			c.check("caretaker "+d.Kind, why)
		}
		for k := 0; k < 3 && len(legal) > 0; k++ {
			raw := mutate(s, legal[src.Intn(len(legal))].Move, src)
			seat := d.Seat
			if src.Intn(4) == 0 {
				seat = src.Intn(len(s.Players)+2) - 1
			}
			if _, _, err := s.Apply(seat, raw); err != nil {
				c.refusal("refusal of "+string(raw), err)
			}
		}
	}
	if res := s.Result(); res != nil {
		c.check("tie break", res.TieBreak)
	}
}

// mutate changes one field of a legal move at random, mostly into an
// illegal one.
func mutate(s *State, raw json.RawMessage, src *rng.Source) json.RawMessage {
	var m Move
	_ = json.Unmarshal(raw, &m)
	pick := func(xs []string) string { return xs[src.Intn(len(xs))] }
	region := func() string { return s.b.Regions[src.Intn(len(s.b.Regions))].ID }
	switch src.Intn(9) {
	case 0:
		m.Slot = pick(append(slotNames, "nowhere", ""))
	case 1:
		m.Region = region()
	case 2:
		m.From, m.To = region(), region()
	case 3:
		m.Unit = pick([]string{"army", "fleet", "tank", ""})
	case 4:
		m.Cost, m.TradeIn = pick2(src, []int{2, 4, 9, 30, 7}), pick2(src, []int{0, 2, 4, 6})
	case 5:
		m.Nation = pick([]string{"AH", "IT", "RU", "CN", "US", "XX"})
	case 6:
		m.Type = pick([]string{MRondel, MImport, MImportUnit, MImportEnd, MFactory, MEnd, MBond, MSkipBond, MPeace, MBattle, MDemand, MForce, MGrantPassage, "gift"})
	case 7:
		m.Via = []string{region(), region()}
	case 8:
		m.Units = []Placement{{Region: region(), Unit: pick([]string{"army", "fleet"})}, {Region: region(), Unit: "army"}}
	}
	return m.JSON()
}

func pick2(src *rng.Source, xs []int) int { return xs[src.Intn(len(xs))] }

// TestEngineWordsAreData self-plays games of both maps and every variant
// and checks every Text the engine emits on the way (events, prompts,
// labels, groups, situations, caretaker reasons, results, refusals of
// random illegal moves) in all three languages, and that no English
// rendering shows an internal code.
func TestEngineWordsAreData(t *testing.T) {
	reg := game.NewRegistry(New(), New2030())
	c := newTextCheck(t)
	for _, g := range []*Game{New(), New2030()} {
		info := g.Info()
		c.check("game name", info.Name)
		for _, o := range info.Options {
			c.check("option "+o.Name, o.Label)
			c.check("option help "+o.Name, o.Help)
			for _, l := range o.ChoiceLabels {
				c.check("choice "+o.Name, l)
			}
			if o.Kind == game.OptionChoice && len(o.ChoiceLabels) != len(o.Choices) {
				t.Errorf("option %s: %d choices, %d labels", o.Name, len(o.Choices), len(o.ChoiceLabels))
			}
		}
	}
	for _, g := range []*Game{New(), New2030()} {
		st, err := g.New(game.Setup{Players: []string{"Ann", "Bob", "Cy"}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range game.StandingOrders(st) {
			order := game.Order{ID: o.ID}
			if o.Param != nil {
				c.check("order parameter "+o.ID, o.Param.Label)
				for _, ch := range o.Param.Choices {
					c.check("order choice "+o.ID, ch.Label)
				}
				order.Param = o.Param.Choices[0].Value
			}
			c.check("order "+o.ID, o.Describe(order))
		}
	}
	games := []struct {
		game    string
		players int
		opts    game.Options
	}{
		{"imperial", 6, nil}, {"imperial", 3, game.Options{"setup": "experienced"}},
		{"imperial", 4, game.Options{"investor_card": "false"}}, {"imperial", 5, game.Options{"edition": "2006"}},
		{"imperial2030", 6, nil}, {"imperial2030", 4, game.Options{"bonus_increase": "true", "setup": "experienced"}},
		{"imperial2030", 2, game.Options{"investor_card": "false"}},
	}
	step := 1
	if !gametest.Long() {
		step = 7
	}
	src := rng.New(99)
	for i, gc := range games {
		out, err := selfplay.Play(reg, gc.game, selfplay.Config{Players: gc.players, Options: gc.opts, MaxMoves: 4000}, uint64(300+i))
		if err != nil {
			t.Fatal(err)
		}
		_, err = record.ReplayEach(reg, out.Record, func(k int, gs game.State, ev []game.Event) error {
			for _, e := range ev {
				c.check(fmt.Sprintf("event after move %d", k), e.Msg)
			}
			if k%step == 0 || gs.Finished() {
				c.position(gs.(*State), src)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d distinct texts checked", c.checked)
}

// Every nation and region of both maps, the rondel's spaces and the unit
// kinds have a term in every language.
func TestTermsOfBothMaps(t *testing.T) {
	cat := words.Default()
	var keys []string
	for _, m := range []string{"europe", mapWorld2030} {
		b, err := board.Load(m)
		if err != nil {
			t.Fatal(err)
		}
		s := &State{b: b}
		for ni := range b.Nations {
			keys = append(keys, s.nationKey(ni))
		}
		for r := range b.Regions {
			keys = append(keys, s.regionKey(r))
		}
		for _, c := range b.Canals {
			keys = append(keys, "imperial2030.canal."+c.ID)
		}
	}
	for slot := range numSlots {
		keys = append(keys, slotKey(slot))
	}
	for _, k := range []string{"army", "fleet"} {
		keys = append(keys, unitKey(k), aUnitKey(k))
	}
	for _, k := range keys {
		for _, lang := range words.Languages {
			if !cat.Has(lang, k) {
				t.Errorf("%s has no %s term", k, lang)
			}
		}
	}
}
