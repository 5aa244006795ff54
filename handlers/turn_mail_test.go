package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/notify"
	"rondel/store"
	"rondel/store/storetest"
)

// One mail per turn, measured: three people play an Imperial game of
// more than 150 moves the way they would at the web page, through the
// handlers, while notify's jobs tick on the injected clock. Each turn a
// player either is at the game's page (answers within minutes, signed in)
// or comes back later from the turn mail's link (after a quarter of an
// hour to hours, not signed in) and plays the whole turn, step by step,
// on the page the link opens. The test keeps its own account of the mail
// policy (docs/notifications.md) and compares each seat's turn mails with
// it:
//
//   - a seat's turn begins when it is asked and was not asked before the
//     move; each turn that begins is mailed once, the further steps of the
//     same turn never;
//   - a turn that begins within the quiet delay (10 minutes) after its
//     player's last move on the web is held back, and mailed only once the
//     turn has stayed open that long with no move of theirs.
//
// Along the way every link is checked: it opens the decision for each step
// of its turn and is expired (410) once the seat has nothing more to
// decide. No mail holds an internal code.
func TestOneTurnMailPerTurnOverAWholeEvening(t *testing.T) {
	t.Parallel()
	var svc *notify.Service
	e := newEnvOn(t, importRegistry(imperial.New()), func(d *Deps) {
		withNotify(t)(d)
		svc = d.Notify.(*notify.Service)
	})
	ctx := context.Background()
	quiet := time.Duration(e.cfg.Notify.QuietMinutes) * time.Minute
	players := []store.NewPlayer{{Name: "Ann", Email: "ann@x.org"}, {Name: "Bob", Email: "bob@x.org"}, {Name: "Cy", Email: "cy@x.org"}}
	g := storetest.StartGame(t, e.store, store.NewGame{Kind: "imperial", Name: "Evening", Seed: 11, Players: players}, nil)
	seats, _ := e.store.Seats(ctx, g.ID)
	m := newMailModel(len(seats), quiet)
	tick := func() {
		t.Helper()
		if err := svc.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		m.ticked(e.clock.Now())
	}
	asked := func() map[int]bool {
		pos, err := e.store.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		out := map[int]bool{}
		if pos.State.Finished() {
			return out
		}
		for _, d := range pos.State.ToAct() {
			out[d.Seat] = true
		}
		return out
	}
	atPage := make([]*browser, len(players))
	fromMail := make([]*browser, len(players))
	for i, p := range players {
		atPage[i] = e.browser()
		atPage[i].signIn(p.Email)
		fromMail[i] = e.browser() // the phone that opens the mail: not signed in
	}
	m.began(asked(), -1, e.clock.Now())
	tick() // the start: start mails and the first turn mail
	rnd := rand.New(rand.NewPCG(11, 150))
	path := fmt.Sprintf("/games/%d", g.ID)
	moves, linkTurns, multiStep := 0, 0, 0
	stepKinds := map[string]int{} // the decisions of each turn of several steps played from a link
	for moves < 160 {
		now := asked()
		if len(now) == 0 {
			break
		}
		seat := firstSeat(now)
		web := rnd.IntN(5) < 3
		if web {
			e.clock.Add(time.Duration(20+rnd.IntN(220)) * time.Second)
		} else {
			e.clock.Add(time.Duration(15+rnd.IntN(6*60)) * time.Minute)
		}
		tick()
		b, page := atPage[seat], path
		if !web {
			b, page = fromMail[seat], newestLink(t, e, players[seat].Email)
			linkTurns++
		}
		steps, kinds := 0, []string{}
		for {
			before := asked()
			if cur, _ := e.store.Current(ctx, g.ID); !web {
				for _, d := range cur.State.ToAct() {
					if d.Seat == seat {
						kinds = append(kinds, d.Kind)
					}
				}
			}
			code, doc := b.get(page)
			if code != http.StatusOK || doc.Find("#decide").Length() != 1 {
				t.Fatalf("move %d: %s's page %s does not open the decision (%d): %s", moves, players[seat].Name, page, code, text(doc))
			}
			playOne(t, b, doc, rnd)
			moves++
			steps++
			after := asked()
			m.moved(seat, before, after, e.clock.Now())
			if !after[seat] {
				break
			}
			e.clock.Add(time.Duration(10+rnd.IntN(50)) * time.Second)
			tick()
		}
		if !web {
			if steps > 1 {
				multiStep++
				stepKinds[strings.Join(kinds, " ")]++
			}
			if code, doc := b.get(page); code != http.StatusGone || !strings.Contains(text(doc), "This link has expired") {
				t.Errorf("move %d: the link of a finished turn answers %d: %s", moves, code, text(doc))
			}
		}
		tick()
	}
	// Enough time for any mail still held back.
	e.clock.Add(quiet)
	tick()
	if moves < 150 {
		t.Fatalf("only %d moves played", moves)
	}
	if linkTurns < 10 || multiStep < 3 {
		t.Errorf("%d turns played from a mail, %d of them in several steps: too few to tell", linkTurns, multiStep)
	}
	for _, kind := range []string{"maneuver", "invest", "import"} {
		n := 0
		for ks, c := range stepKinds {
			if strings.Contains(" "+ks+" ", " "+kind+" ") {
				n += c
			}
		}
		if n == 0 {
			t.Errorf("no turn of several steps with %q was played from one link", kind)
		}
	}
	rows, err := e.store.Outbox().Rows(ctx, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	mails := make([]int, len(seats))
	for _, r := range rows {
		if r.Kind != "turn" || r.GameID != g.ID {
			continue
		}
		if r.Status != store.OutboxSent {
			t.Errorf("turn mail %d is %s", r.ID, r.Status)
		}
		for s, st := range seats {
			if st.UserID == r.UserID {
				mails[s]++
			}
		}
	}
	total := 0
	for s := range seats {
		total += mails[s]
		t.Logf("%s: %d turns begun, %d mailed at once, %d held back and mailed later, %d held back and never mailed; %d turn mails",
			players[s].Name, m.turns[s], m.atOnce[s], m.heldMailed[s], m.heldQuiet[s], mails[s])
		if want := m.atOnce[s] + m.heldMailed[s]; mails[s] != want {
			t.Errorf("%s: %d turn mails for %d turns begun, want %d", players[s].Name, mails[s], m.turns[s], want)
		}
		if mails[s] > m.turns[s] {
			t.Errorf("%s: more turn mails (%d) than turns (%d)", players[s].Name, mails[s], m.turns[s])
		}
	}
	t.Logf("%d moves, %d turn mails; %d turns played from a mail link, %d of them in several steps: %v", moves, total, linkTurns, multiStep, stepKinds)
	local, _ := e.store.LocalMails(ctx, 10000)
	for _, lm := range local {
		if c := internalCode.FindAllString(lm.Subject+"\n"+lm.Body, 3); len(c) > 0 {
			t.Errorf("mail %q shows internal codes %q", lm.Subject, c)
		}
	}
}

// mailModel is the test's own account of which turns are mailed.
type mailModel struct {
	quiet                                time.Duration
	lastWeb                              []time.Time // each seat's last move on the web
	open                                 []*modelTurn
	turns, atOnce, heldMailed, heldQuiet []int
}

type modelTurn struct {
	held, mailed bool
	idleSince    time.Time // the turn began, or its player last moved in it
}

func newMailModel(n int, quiet time.Duration) *mailModel {
	return &mailModel{quiet: quiet, lastWeb: make([]time.Time, n), open: make([]*modelTurn, n),
		turns: make([]int, n), atOnce: make([]int, n), heldMailed: make([]int, n), heldQuiet: make([]int, n)}
}

// began opens the turns of the seats asked now that were not before.
func (m *mailModel) began(asked map[int]bool, mover int, now time.Time) {
	for s := range m.open {
		if !asked[s] || m.open[s] != nil {
			continue
		}
		m.turns[s]++
		held := !m.lastWeb[s].IsZero() && now.Sub(m.lastWeb[s]) < m.quiet
		if !held {
			m.atOnce[s]++
		}
		m.open[s] = &modelTurn{held: held, idleSince: now}
	}
}

// moved: seat moved on the web; turns end for the seats no longer asked.
func (m *mailModel) moved(seat int, before, after map[int]bool, now time.Time) {
	m.lastWeb[seat] = now
	for s := range m.open {
		if m.open[s] != nil && !after[s] {
			if m.open[s].held && !m.open[s].mailed {
				m.heldQuiet[s]++
			}
			m.open[s] = nil
		}
	}
	if tr := m.open[seat]; tr != nil && before[seat] {
		tr.idleSince = now // still at it
	}
	m.began(after, seat, now)
}

// ticked: the jobs ran; a held turn idle for the quiet delay is mailed.
func (m *mailModel) ticked(now time.Time) {
	for s, tr := range m.open {
		if tr != nil && tr.held && !tr.mailed && now.Sub(tr.idleSince) >= m.quiet {
			tr.mailed = true
			m.heldMailed[s]++
		}
	}
}

func firstSeat(asked map[int]bool) int {
	best := -1
	for s := range asked {
		if best < 0 || s < best {
			best = s
		}
	}
	return best
}

// newestLink is the decision link of the newest turn mail to addr, as the
// local outbox holds it.
func newestLink(t *testing.T, e *env, addr string) string {
	t.Helper()
	mails, _ := e.store.LocalMails(context.Background(), 10000)
	for _, lm := range mails {
		if lm.ToAddr == addr {
			if l := linkRE.FindString(lm.Body); l != "" {
				return pathOf(t, l)
			}
		}
	}
	t.Fatalf("no turn mail to %s", addr)
	return ""
}

// playOne chooses one of the moves the page offers, as a person would:
// a choice of the form or one of its buttons, narrowing down to a group
// first when the page asks to, and sends it.
func playOne(t *testing.T, b *browser, doc *goquery.Document, rnd *rand.Rand) {
	t.Helper()
	if picks := doc.Find("#decide ul.pick a"); picks.Length() > 0 && doc.Find("#move-form input[name=move]:not([disabled])").Length() == 0 {
		href, _ := picks.Eq(rnd.IntN(picks.Length())).Attr("href")
		var code int
		if code, doc = b.get(href); code != http.StatusOK {
			t.Fatalf("narrowing down: %d %s", code, text(doc))
		}
	}
	type choice struct {
		form  *goquery.Selection
		value string
	}
	var choices []choice
	doc.Find("#move-form input[name=move]:not([disabled])").Each(func(_ int, in *goquery.Selection) {
		v, _ := in.Attr("value")
		choices = append(choices, choice{doc.Find("#move-form"), v})
	})
	doc.Find("form.move-now button[name=move]").Each(func(_ int, bt *goquery.Selection) {
		v, _ := bt.Attr("value")
		choices = append(choices, choice{bt.Closest("form"), v})
	})
	if len(choices) == 0 {
		t.Fatalf("the page offers no move: %s", text(doc))
	}
	c := choices[rnd.IntN(len(choices))]
	action, _ := c.form.Attr("action")
	csrf, _ := c.form.Find(`input[name="csrf"]`).Attr("value")
	seq, _ := c.form.Find(`input[name="seq"]`).Attr("value")
	if code, doc := b.post(action, url.Values{"csrf": {csrf}, "seq": {seq}, "move": {c.value}}); code != http.StatusOK {
		t.Fatalf("move %s: %d %s", c.value, code, text(doc))
	}
}

// A decision link works for every step of the turn it was mailed in: the
// government that chose Maneuver on the rondel (the mail's question)
// moves unit after unit through the same link, gets no further mail for
// the steps, and the link expires, saying who decides now, once the turn
// passes to someone else.
func TestDecisionLinkLastsTheWholeTurn(t *testing.T) {
	t.Parallel()
	var svc *notify.Service
	e := newEnvOn(t, importRegistry(imperial.New()), func(d *Deps) {
		withNotify(t)(d)
		svc = d.Notify.(*notify.Service)
	})
	ctx := context.Background()
	players := []store.NewPlayer{{Name: "Ann", Email: "ann@x.org"}, {Name: "Bob", Email: "bob@x.org"}, {Name: "Cy", Email: "cy@x.org"}}
	g := storetest.StartGame(t, e.store, store.NewGame{Kind: "imperial", Name: "Steps", Seed: 11, Players: players}, nil)
	seats, _ := e.store.Seats(ctx, g.ID)
	rnd := rand.New(rand.NewPCG(2, 7))
	// Moves from elsewhere until a government with several units to move
	// is asked for the rondel, then Maneuver chosen through its mail.
	var seat int
	for i := 0; ; i++ {
		if i == 600 {
			t.Fatal("no maneuver of several units in 600 moves")
		}
		pos, _ := e.store.Current(ctx, g.ID)
		d := pos.State.ToAct()[0]
		legal := pos.State.LegalMoves(d.Seat)
		if d.Kind == "rondel" && pos.Seq > 30 && unitsOf(pos.State) >= 3 && maneuverChoice(legal) >= 0 {
			seat = d.Seat
			break
		}
		if _, err := e.store.AppendMove(ctx, store.Submit{GameID: g.ID, Seat: d.Seat, Seq: pos.Seq, Move: legal[rnd.IntN(len(legal))].Move}); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	addr := players[seat].Email
	link := newestLink(t, e, addr)
	mailsBefore := mailCount(t, e, addr)
	b := e.browser()
	steps := 0
	for {
		code, doc := b.get(link)
		if code != http.StatusOK || doc.Find("#decide").Length() != 1 {
			t.Fatalf("step %d of the turn: the link answers %d: %s", steps+1, code, text(doc))
		}
		move := ""
		if steps == 0 {
			pos, _ := e.store.Current(ctx, g.ID)
			move = string(pos.State.LegalMoves(seat)[maneuverChoice(pos.State.LegalMoves(seat))].Move)
		} else {
			// A unit moved (not "End the maneuver") while there are some.
			doc.Find("#move-form input[name=move]:not([disabled])").EachWithBreak(func(_ int, in *goquery.Selection) bool {
				move, _ = in.Attr("value")
				return false
			})
			if move == "" {
				move, _ = doc.Find("form.move-now button[name=move]").First().Attr("value")
			}
		}
		csrf, _ := doc.Find(`input[name="csrf"]`).Attr("value")
		seq, _ := doc.Find(`#decide input[name="seq"]`).Attr("value")
		if code, doc := b.post(link+"/move", url.Values{"csrf": {csrf}, "seq": {seq}, "move": {move}}); code != http.StatusOK {
			t.Fatalf("step %d: %d %s", steps+1, code, text(doc))
		}
		steps++
		if err := svc.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		pos, _ := e.store.Current(ctx, g.ID)
		if !askedSeat(pos.State, seat) {
			break
		}
		if steps > 40 {
			t.Fatal("the turn does not end")
		}
	}
	if steps < 3 {
		t.Errorf("the turn took %d steps: not a turn of several steps", steps)
	}
	if n := mailCount(t, e, addr); n != mailsBefore {
		t.Errorf("%d more turn mails to %s during one turn of %d steps", n-mailsBefore, addr, steps)
	}
	pos, _ := e.store.Current(ctx, g.ID)
	code, doc := b.get(link)
	waiting := seats[pos.State.ToAct()[0].Seat].Name
	if code != http.StatusGone || !strings.Contains(text(doc), "turn of yours that is over") || !strings.Contains(text(doc), waiting) {
		t.Errorf("after the turn the link answers %d: %s", code, text(doc))
	}
	t.Logf("%s played a turn of %d steps from one link", players[seat].Name, steps)
}

// unitsOf counts the armies and fleets of the nation to move, as the
// state records them (by nation, by region).
func unitsOf(st game.State) int {
	var s struct {
		Turn  int `json:"turn"`
		Units [][]struct {
			A int `json:"a"`
			F int `json:"f"`
		} `json:"units"`
	}
	raw, _ := st.MarshalJSON()
	if json.Unmarshal(raw, &s) != nil || s.Turn >= len(s.Units) {
		return 0
	}
	n := 0
	for _, u := range s.Units[s.Turn] {
		n += u.A + u.F
	}
	return n
}

// maneuverChoice is the index of a rondel move to a Maneuver space, or -1.
func maneuverChoice(legal []game.LegalMove) int {
	for i, m := range legal {
		if strings.Contains(string(m.Move), "maneuver") {
			return i
		}
	}
	return -1
}

func askedSeat(st game.State, seat int) bool {
	if st.Finished() {
		return false
	}
	for _, d := range st.ToAct() {
		if d.Seat == seat {
			return true
		}
	}
	return false
}

// mailCount counts the turn mails the local outbox holds for addr.
func mailCount(t *testing.T, e *env, addr string) int {
	t.Helper()
	mails, _ := e.store.LocalMails(context.Background(), 10000)
	n := 0
	for _, lm := range mails {
		if lm.ToAddr == addr && linkRE.MatchString(lm.Body) {
			n++
		}
	}
	return n
}
