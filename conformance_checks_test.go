package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/picture"
	"rondel/game/words"
)

// positionCheck checks the positions of one game in order (it remembers
// the round, which never goes back).
type positionCheck struct {
	players int
	round   int
}

// check checks one position; full also applies every listed move of
// every seat and asks the orders, the ender and the revealer.
func (pc *positionCheck) check(t *testing.T, s game.State, at int, full bool) {
	t.Helper()
	if c, ok := s.(game.Checker); ok {
		if err := c.CheckInvariants(); err != nil {
			t.Errorf("position %d: invariants: %v", at, err)
		}
	}
	asked := map[int]bool{}
	for _, d := range s.ToAct() {
		asked[d.Seat] = true
		sayAll(t, fmt.Sprintf("position %d, seat %d's decision %s", at, d.Seat, d.Kind), d)
		if sn, ok := s.(game.SubjectNamer); ok && d.Subject != "" {
			sayAll(t, "the subject "+d.Subject, sn.SubjectName(d.Subject))
		}
	}
	if s.Finished() != (len(asked) == 0) {
		t.Errorf("position %d: finished %v, %d seats asked", at, s.Finished(), len(asked))
	}
	if s.Finished() {
		sayAll(t, "the result", s.Result())
		if r := s.Result(); r == nil || len(r.Places) != pc.players || len(r.Scores) != pc.players {
			t.Errorf("a finished game's result %+v", r)
		}
	}
	sayAll(t, fmt.Sprintf("position %d's summary", at), s.Summary())
	pc.progress(t, s, at)
	before := mustJSON(t, s)
	checkGlance(t, s, pc.players, at)
	for seat := range pc.players {
		legal := s.LegalMoves(seat)
		if asked[seat] != (len(legal) > 0) {
			t.Errorf("position %d: seat %d asked %v with %d legal moves", at, seat, asked[seat], len(legal))
		}
		sayAll(t, fmt.Sprintf("position %d, seat %d's legal moves", at, seat), legal)
		if w, ok := s.(game.Withholder); ok {
			sayAll(t, fmt.Sprintf("position %d, seat %d's withheld moves", at, seat), w.Withheld(seat))
		}
		if !asked[seat] {
			continue
		}
		if d, ok := s.(game.Describer); ok {
			sayAll(t, fmt.Sprintf("seat %d's situation", seat), d.Situation(seat))
		}
		pc.caretaker(t, s, seat, at)
		if full {
			for _, m := range legal {
				checkListedMove(t, s, seat, m, at)
			}
			checkOrders(t, s, seat, at)
		}
	}
	if !bytes.Equal(before, mustJSON(t, s)) {
		t.Errorf("position %d: asking the state (or applying moves to it) changed it", at)
	}
}

// progress checks the round and phase, and the side to move.
func (pc *positionCheck) progress(t *testing.T, s game.State, at int) {
	p, ok := s.(game.Progresser)
	if !ok {
		return
	}
	pr := p.Progress()
	if pr.Phase == "" || pr.Round < pc.round {
		t.Errorf("position %d: progress %+v after round %d", at, pr, pc.round)
	}
	pc.round = pr.Round
	sd, ok := s.(game.Sider)
	if !ok {
		return
	}
	sides := sd.Sides()
	sayAll(t, "the sides", sides)
	if pr.Side != "" && !slices.ContainsFunc(sides, func(x game.Side) bool { return x.ID == pr.Side }) {
		t.Errorf("position %d: the side to move %q is not a side", at, pr.Side)
	}
}

// checkGlance: the glance of a spectator and of each seat has a row per
// side or player, a cell per column, words that can be said, and marks
// only the viewer's own rows.
func checkGlance(t *testing.T, s game.State, players, at int) {
	g, ok := s.(game.Glancer)
	if !ok {
		return
	}
	for viewer := -1; viewer < players; viewer++ {
		tables := g.Glance(viewer)
		if len(tables) == 0 {
			t.Errorf("position %d: an empty glance for viewer %d", at, viewer)
		}
		sayAll(t, fmt.Sprintf("position %d's glance for %d", at, viewer), tables)
		for _, tb := range tables {
			if len(tb.Rows) == 0 {
				t.Errorf("position %d: a glance's table without rows", at)
			}
			for _, r := range tb.Rows {
				if len(r.Cells) != len(tb.Columns) || r.You && viewer < 0 {
					t.Errorf("position %d: a glance's row %+v under %d columns for viewer %d", at, r, len(tb.Columns), viewer)
				}
			}
		}
	}
}

// caretaker: the move the caretaker makes for an asked seat is accepted.
func (pc *positionCheck) caretaker(t *testing.T, s game.State, seat, at int) {
	mv, why, err := s.Caretaker(seat)
	if err != nil {
		t.Errorf("position %d: no caretaker move for seat %d: %v", at, seat, err)
		return
	}
	sayAll(t, "the caretaker's reason", why)
	if _, _, err := s.Apply(seat, mv); err != nil {
		t.Errorf("position %d: the caretaker's move %s for seat %d is refused: %v", at, mv, seat, err)
	}
}

// checkListedMove: a listed move is accepted, is its own canonical form
// (respelled too), and its events can be said.
func checkListedMove(t *testing.T, s game.State, seat int, m game.LegalMove, at int) {
	t.Helper()
	if r, ok := s.(game.Revealer); ok {
		r.Reveals(seat, m.Move)
	}
	_, events, err := s.Apply(seat, m.Move)
	if err != nil {
		t.Errorf("position %d: seat %d's listed move %s is refused: %v", at, seat, m.Move, err)
		return
	}
	sayAll(t, "the events of "+string(m.Move), events)
	c, ok := s.(game.Canonicalizer)
	if !ok {
		return
	}
	var spaced bytes.Buffer
	if err := json.Indent(&spaced, m.Move, "", "  "); err != nil {
		t.Errorf("listed move %s is not JSON: %v", m.Move, err)
		return
	}
	for _, spelling := range [][]byte{m.Move, spaced.Bytes()} {
		got, err := c.CanonicalMove(seat, spelling)
		if err != nil || !bytes.Equal(got, m.Move) {
			t.Errorf("position %d: canonical form of %s is %s (%v), want the listed form", at, spelling, got, err)
		}
	}
}

// checkOrders: each order (with each choice of its parameter) that
// answers seat's decision makes a move the game accepts.
func checkOrders(t *testing.T, s game.State, seat, at int) {
	t.Helper()
	ot, ok := s.(game.OrderTaker)
	if !ok {
		return
	}
	for _, spec := range ot.StandingOrders() {
		orders := []game.Order{{ID: spec.ID}}
		if spec.Param != nil {
			sayAll(t, "order "+spec.ID+"'s parameter", spec.Param)
			orders = nil
			for _, ch := range spec.Param.Choices {
				orders = append(orders, game.Order{ID: spec.ID, Param: ch.Value})
			}
		}
		for _, o := range orders {
			sayAll(t, "order "+spec.ID, spec.Describe(o)) // the label takes the parameter's choice
			mv, ok := ot.AnswerOrder(seat, o)
			if !ok {
				continue
			}
			if _, _, err := s.Apply(seat, mv); err != nil {
				t.Errorf("position %d: order %+v answers seat %d with %s, refused: %v", at, o, seat, mv, err)
			}
		}
	}
}

// checkEnder: ending the game now scores every seat with places 1..n
// and changes nothing.
func checkEnder(t *testing.T, s game.State, players int) {
	t.Helper()
	e, ok := s.(game.Ender)
	if !ok || s.Finished() {
		return
	}
	before := mustJSON(t, s)
	r := e.EndNow()
	if r == nil || len(r.Places) != players || len(r.Scores) != players {
		t.Fatalf("EndNow gave %+v for %d players", r, players)
	}
	for seat, p := range r.Places {
		if p < 1 || p > players {
			t.Errorf("EndNow placed seat %d %d of %d", seat, p, players)
		}
	}
	if !slices.Contains(r.Places, 1) {
		t.Errorf("EndNow names no winner: %v", r.Places)
	}
	sayAll(t, "EndNow's tie-break", r)
	if !bytes.Equal(before, mustJSON(t, s)) {
		t.Error("EndNow changed the state")
	}
	if c, ok := s.(game.Concluder); ok {
		end := c.Concluded()
		if !end.Finished() || len(end.ToAct()) != 0 || !reflect.DeepEqual(end.Result(), r) {
			t.Errorf("the concluded position: finished %v, asks %v, result %+v; want finished, nobody, %+v", end.Finished(), end.ToAct(), end.Result(), r)
		}
		if !bytes.Equal(before, mustJSON(t, s)) {
			t.Error("Concluded changed the state")
		}
	}
}

// checkAccount: the chronicle's account can be said, and its series and
// rows have the shapes their charts and tables promise.
func checkAccount(t *testing.T, a *game.Account) {
	t.Helper()
	if a == nil {
		t.Fatal("the chronicle gave no account")
	}
	sayAll(t, "the account", a)
	// The stored account reads back as encoding/json reads it.
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var want game.Account
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if got, err := game.ReadAccount(data); err != nil || !reflect.DeepEqual(*got, want) {
		t.Errorf("game.ReadAccount reads the account otherwise than json.Unmarshal (%v)", err)
	}
	for _, c := range a.Charts {
		for _, s := range c.Series {
			if len(s.Values) != len(c.Series[0].Values) {
				t.Errorf("chart %s: series of %d and %d values", c.Title.ID, len(s.Values), len(c.Series[0].Values))
			}
		}
	}
	for _, tb := range a.Tables {
		for _, r := range tb.Rows {
			if len(r.Cells) != len(tb.Columns) {
				t.Errorf("table %s: a row of %d cells under %d columns", tb.Title.ID, len(r.Cells), len(tb.Columns))
			}
		}
	}
}

// drawAll: the board is one well-formed <svg> element for every viewer
// (each seat and a spectator) in every language.
func drawAll(t *testing.T, s game.State, players int) {
	t.Helper()
	d, ok := s.(game.Drawer)
	if !ok {
		return
	}
	for _, lang := range words.Languages {
		sp := words.Default().Speaker(lang, nil)
		for viewer := -1; viewer < players; viewer++ {
			svg := d.BoardSVG(viewer, sp)
			dec := xml.NewDecoder(strings.NewReader(svg))
			var root struct{ XMLName xml.Name }
			if err := dec.Decode(&root); err != nil || root.XMLName.Local != "svg" {
				t.Fatalf("%s board for viewer %d: root %q, %v", lang, viewer, root.XMLName.Local, err)
			}
		}
	}
}

// layersAll: the map asset and the position over it are each one
// well-formed <svg> element, every reference of the position into the
// asset names an element of it, and the position carries every data-
// reference the whole board carries (what a page's script clicks).
func layersAll(t *testing.T, s game.State, players int) {
	t.Helper()
	l, ok := s.(game.Layerer)
	if !ok {
		return
	}
	const url = "/maps/m.svg"
	for _, lang := range words.Languages {
		sp := words.Default().Speaker(lang, nil)
		asset := l.MapSVG(sp)
		ids := svgAttrs(t, asset, "id")
		for viewer := -1; viewer < players; viewer++ {
			pos := l.PositionSVG(viewer, sp, url)
			for _, href := range svgAttrs(t, pos, "href") {
				if at, id, ok := strings.Cut(href, "#"); ok && at == url && !slices.Contains(ids, id) {
					t.Fatalf("%s position for viewer %d uses %q, not in the map asset", lang, viewer, href)
				}
			}
			want, got := svgData(t, l.BoardSVG(viewer, sp)), svgData(t, pos)
			for ref := range want {
				if !got[ref] {
					t.Fatalf("%s position for viewer %d lacks %q of the whole board", lang, viewer, ref)
				}
			}
		}
	}
}

// svgAttrs lists the values of every attribute called name in an SVG
// document, which must be one <svg> element.
func svgAttrs(t *testing.T, doc, name string) []string {
	t.Helper()
	var out []string
	dec := xml.NewDecoder(strings.NewReader(doc))
	for depth := 0; ; {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("svg: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if depth == 0 && e.Name.Local != "svg" {
				t.Fatalf("svg: root %q", e.Name.Local)
			}
			depth++
			for _, a := range e.Attr {
				if a.Name.Local == name {
					out = append(out, a.Value)
				}
			}
		case xml.EndElement:
			depth--
		}
	}
}

// svgData is the set of data- attribute sets of a document's elements
// ("data-region=vienna data-unit=army ...").
func svgData(t *testing.T, doc string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	dec := xml.NewDecoder(strings.NewReader(doc))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("svg: %v", err)
		}
		if e, ok := tok.(xml.StartElement); ok {
			var ds []string
			for _, a := range e.Attr {
				if strings.HasPrefix(a.Name.Local, "data-") {
					ds = append(ds, a.Name.Local+"="+a.Value)
				}
			}
			if len(ds) > 0 {
				out[strings.Join(ds, " ")] = true
			}
		}
	}
}

// sayAll finds every words.Text in v (through structs, pointers, slices,
// maps and interfaces) and says it in every language: each must be a
// message of the catalogue (never prose) with its arguments, and say
// something in each language.
func sayAll(t *testing.T, what string, v any) {
	t.Helper()
	walkTexts(reflect.ValueOf(v), func(tx words.Text) {
		if tx.IsZero() {
			return
		}
		if tx.ID == "" {
			t.Errorf("%s: prose %q where a catalogue message belongs", what, tx.Raw)
			return
		}
		if err := words.Default().Check(tx); err != nil {
			t.Errorf("%s: %v", what, err)
			return
		}
		for _, lang := range words.Languages {
			said := words.Default().Speaker(lang, nil).Say(tx)
			if strings.TrimSpace(said) == "" || strings.Contains(said, "["+tx.ID) {
				t.Errorf("%s: %s says %q in %s", what, tx.ID, said, lang)
			}
		}
	})
}

var textType = reflect.TypeFor[words.Text]()

func walkTexts(v reflect.Value, each func(words.Text)) {
	if !v.IsValid() {
		return
	}
	if v.Type() == textType {
		each(v.Interface().(words.Text))
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkTexts(v.Elem(), each)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walkTexts(v.Field(i), each)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkTexts(v.Index(i), each)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			walkTexts(it.Value(), each)
		}
	}
}

// checkPicture: the board as a picture is a PNG of the width asked for,
// for the first seat and for a watcher, with what changed since an
// earlier position marked; its legend's words can be said.
func checkPicture(t *testing.T, s, before game.State) {
	t.Helper()
	p, ok := s.(game.Picturer)
	if !ok {
		return
	}
	const width = 600
	for _, viewer := range []int{0, -1} {
		b, err := picture.PNG(p.Picture(viewer, before), width)
		if err != nil {
			t.Fatalf("picture for viewer %d: %v", viewer, err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil || img.Bounds().Dx() != width {
			t.Fatalf("picture for viewer %d: not a PNG %d px wide (%v)", viewer, width, err)
		}
	}
	sayAll(t, "the picture's legend", p.PictureKey())
	if len(p.PictureKey()) == 0 {
		t.Error("the picture has no legend")
	}
}
