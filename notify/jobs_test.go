package notify

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
)

func TestDigestSortedByTimeLeft(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.DigestHour = 7 })
	// Two games in which seat 0's holder (a@) is asked first: a is on "daily".
	var games []*store.Game
	for i, preset := range []string{"3d", "24h"} {
		g := e.startGame(gametest.ID, []string{"slow game", "fast game"}[i], 2, 3, game.Options{"votes": "false"})
		if err := e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
			gc := e.svc.clockFor(g.ID, preset, false)
			gc.StartedMailed = true
			return tx.SaveGameClock(gc)
		}); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	seats, _ := e.st.Seats(e.ctx, games[0].ID)
	pos, _ := e.st.Current(e.ctx, games[0].ID)
	asked := seats[pos.State.ToAct()[0].Seat].UserID
	u, _ := e.st.User(e.ctx, asked)
	if err := e.st.UpdateProfile(e.ctx, asked, u.DisplayName, "en", store.NotifyDaily); err != nil {
		t.Fatal(err)
	}
	// Move once in each game so the daily person is asked anew with the
	// game's own deadline (the first deadlines came from the default).
	for _, g := range games {
		for {
			pos, _ := e.st.Current(e.ctx, g.ID)
			d := pos.State.ToAct()[0]
			if seats, _ := e.st.Seats(e.ctx, g.ID); seats[d.Seat].UserID == asked && pos.Seq > 0 {
				break
			}
			mv, _, _ := pos.State.Caretaker(d.Seat)
			if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: d.Seat, Seq: pos.Seq, Move: mv}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, m := range e.outbox(kindTurn) {
		if m.UserID == asked && m.Seq > 0 {
			t.Errorf("a daily-digest person got a turn mail: %s", m.Subject)
		}
	}
	e.clk.Set(time.Date(2026, 3, 5, 6, 59, 0, 0, time.UTC))
	e.tick()
	if n := len(e.outbox(kindDigest)); n != 0 {
		t.Fatalf("%d digests before the digest hour", n)
	}
	e.clk.Set(time.Date(2026, 3, 5, 7, 0, 0, 0, time.UTC))
	e.tick()
	e.clk.Add(3 * time.Hour)
	e.tick() // the same day: no second digest
	ds := e.outbox(kindDigest)
	if len(ds) != 1 || ds[0].UserID != asked {
		t.Fatalf("digests: %+v", ds)
	}
	body := ds[0].TextBody
	fast, slow := strings.Index(body, "fast game:"), strings.Index(body, "slow game:")
	if fast < 0 || slow < 0 || fast > slow {
		t.Errorf("digest not sorted by time left (fast %d, slow %d):\n%s", fast, slow, body)
	}
	if !strings.Contains(body, "2 decisions waiting") {
		t.Errorf("digest:\n%s", body)
	}
	e.clk.Add(24 * time.Hour)
	e.svc.Digests(e.ctx)
	if len(e.outbox(kindDigest)) != 2 {
		t.Errorf("no digest the next day")
	}
}

func TestAbsenceMovesDeadlines(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	g := e.startGame(gametest.ID, "away", 3, 3, game.Options{"votes": "false"})
	pos, _ := e.st.Current(e.ctx, g.ID)
	seat := pos.State.ToAct()[0].Seat
	seats, _ := e.st.Seats(e.ctx, g.ID)
	user := seats[seat].UserID
	before := deadlineOf(t, e, g.ID, seat).DueAt
	from := epoch.Add(24 * time.Hour)
	if err := e.svc.DeclareAbsence(e.ctx, user, from, from.Add(5*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if after := deadlineOf(t, e, g.ID, seat).DueAt; !after.Equal(before.Add(5 * 24 * time.Hour)) {
		t.Errorf("deadline %v after a 5-day absence, want %v", after, before.Add(5*24*time.Hour))
	}
	told := e.outbox(kindAbsence)
	if len(told) != 2 {
		t.Fatalf("%d absence mails, want the 2 others", len(told))
	}
	for _, m := range told {
		if m.UserID == user {
			t.Error("the absent player was told of their own absence")
		}
	}
	// No timeout at the old deadline.
	e.clk.Set(before.Add(time.Hour))
	e.tick()
	if moves, _ := e.st.Moves(e.ctx, g.ID); len(moves) != 0 {
		t.Error("timed out during the absence")
	}
	// Limits: 14 days at once, 30 a year.
	cases := []struct {
		from time.Time
		days int
		want error
	}{
		{epoch.Add(30 * 24 * time.Hour), 15, ErrAbsenceTooLong},
		{epoch.Add(30 * 24 * time.Hour), 14, nil},
		{epoch.Add(60 * 24 * time.Hour), 11, nil},
		{epoch.Add(90 * 24 * time.Hour), 1, ErrAbsenceYear}, // 5 + 14 + 11 = 30 used
		{epoch.Add(-10 * 24 * time.Hour), 2, ErrAbsenceDates},
	}
	for _, c := range cases {
		err := e.svc.DeclareAbsence(e.ctx, user, c.from, c.from.Add(time.Duration(c.days)*24*time.Hour))
		if !errors.Is(err, c.want) {
			t.Errorf("absence of %d days from %v: %v, want %v", c.days, c.from, err, c.want)
		}
	}
}

func TestAbandonedGameEnds(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.AbandonDays = 10 })
	g := e.startGame(gametest.ID, "idle", 2, 3, nil)
	e.clk.Add(9 * 24 * time.Hour)
	e.svc.Abandoned(e.ctx)
	if row, _ := e.st.GameRow(e.ctx, g.ID); row.Status != store.StatusActive {
		t.Fatal("ended too early")
	}
	e.clk.Add(24*time.Hour + time.Minute)
	e.svc.Abandoned(e.ctx)
	e.svc.Abandoned(e.ctx)
	row, _ := e.st.GameRow(e.ctx, g.ID)
	gc, _ := e.st.GameClockOf(e.ctx, g.ID)
	if row.Status != store.StatusFinished || gc.AbandonedAt == nil {
		t.Fatalf("status %s, abandoned %v", row.Status, gc.AbandonedAt)
	}
	if n := len(e.outbox(kindAbandoned)); n != 2 {
		t.Errorf("%d abandonment mails, want 2", n)
	}
	open, _ := e.st.OpenDeadlines(e.ctx)
	if len(open) != 0 {
		t.Errorf("%d deadlines still running", len(open))
	}
}

func TestStandingOrders(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	g := e.startGame(gametest.ID, "orders", 3, 3, game.Options{"votes": "true"})
	// Every seat answers votes by itself when only one move is possible;
	// take-away votes have two moves, so the order must not fire there.
	e.giveEveryone(t, g, 3, store.StandingOrder{Order: store.OrderOnlyMove})
	// Play to the end taking stones; whenever a single legal move remains
	// (one stone left in total cannot happen with two piles...), the order
	// answers. Count who made the moves.
	moves := e.playOut(t, g)
	byOrder := 0
	for _, m := range moves {
		if m.By == store.ByStandingOrder {
			byOrder++
			if note := words.English().Say(words.Decode(m.Note)); note != "Answer automatically when only one move is possible" {
				t.Errorf("note %q (%s)", note, m.Note)
			}
		}
	}
	if byOrder == 0 {
		t.Fatal("no move was made by standing order")
	}
	for _, m := range e.outbox(kindTurn) {
		// A decision the order answered at once is not mailed.
		for _, mv := range moves {
			if mv.Seq == m.Seq+1 && mv.By == store.ByStandingOrder && m.UserID == seatUser(e, g.ID, mv.Seat) {
				t.Errorf("mail %q for a decision the standing order made", m.Subject)
			}
		}
	}
}

// A game's own order (take-away's "always cheer") answers every vote of
// the seats that gave it, through the game contract, noted in its words.
func TestGameOrderAnswersDecisions(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	g := e.startGame(gametest.ID, "cheers", 3, 7, game.Options{"votes": "true"})
	e.giveEveryone(t, g, 3, store.StandingOrder{Order: gametest.OrderVote, Param: "cheer"})
	moves := e.playOut(t, g)
	votes := 0
	for _, m := range moves {
		said := words.English().WithNames(e.seatNames(g.ID)).Say
		var what []string
		for _, ev := range m.EventList() {
			what = append(what, said(ev.Msg))
		}
		events := strings.Join(what, " ")
		if !strings.Contains(events, "cheers") && !strings.Contains(events, "groans") {
			continue
		}
		votes++
		if note := said(words.Decode(m.Note)); m.By != store.ByStandingOrder || note != "Always cheer at a multiple of five" || !strings.Contains(events, "cheers") {
			t.Errorf("vote %d: by %q, note %q, %s", m.Seq, m.By, m.Note, m.Events)
		}
	}
	if votes == 0 {
		t.Fatal("no vote in the game: choose another seed")
	}
}

// giveEveryone gives the order o to each of the game's n seats.
func (e *env) giveEveryone(t *testing.T, g *store.Game, n int, o store.StandingOrder) {
	t.Helper()
	for seat := range n {
		o.GameID, o.Seat = g.ID, seat
		if err := e.st.AddStandingOrder(e.ctx, o); err != nil {
			t.Fatal(err)
		}
	}
}

// playOut plays a take-away game to its end, each move the first legal
// one, telling notify after each, and returns its log.
func (e *env) playOut(t *testing.T, g *store.Game) []store.Move {
	t.Helper()
	for range 200 {
		pos, _ := e.st.Current(e.ctx, g.ID)
		if pos.State.Finished() {
			break
		}
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	moves, _ := e.st.Moves(e.ctx, g.ID)
	return moves
}

func (e *env) seatNames(gameID int64) []string {
	seats, _ := e.st.Seats(e.ctx, gameID)
	return seatNames(seats)
}

func seatUser(e *env, gameID int64, seat int) int64 {
	seats, _ := e.st.Seats(e.ctx, gameID)
	return seats[seat].UserID
}

// Each game's standing orders answer its real decisions through the game
// contract: self-play Imperial and Imperial 2030, give every order with
// every choice of its parameter to each seat that is asked something, and
// check that what autoAnswer makes is a legal move, noted in the order's
// words. Cäsars Imperium offers the order of every game only.
func TestGamesAnswerTheirStandingOrders(t *testing.T) {
	t.Parallel()
	reg := registry()
	for _, id := range []string{"imperial", "imperial2030", "caesars-imperium"} {
		gm, err := reg.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		answered := map[string]bool{}
		var offered []game.OrderSpec
		// A forced stop on Investor is rare (a Swiss bank must meet a nation
		// passing it): play up to 12 games, fewer once every order answered.
		for seed := uint64(1); seed <= 12 && !(answered["never-battle"] && answered["force-investor"]); seed++ {
			st, err := gm.New(game.Setup{Players: []string{"A", "B", "C", "D"}, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			offered = store.OrdersOffered(st)
			for i := 0; i < 3000 && !st.Finished(); i++ {
				ds := st.ToAct()
				for _, d := range ds {
					for _, o := range everyOrder(offered[1:]) {
						mv, by, note, ok := autoAnswer(st, d.Seat, []store.StandingOrder{o}, false)
						if !ok {
							continue
						}
						spec, _ := game.FindOrder(offered, o.Order)
						if !slices.Contains(spec.Answers, d.Kind) || by != store.ByStandingOrder || note.Key() != spec.Describe(game.Order{ID: o.Order, Param: o.Param}).Key() {
							t.Fatalf("%s: order %+v answered %s (%q, %q)", id, o, d.Kind, by, words.English().Say(note))
						}
						if _, _, err := st.Apply(d.Seat, mv); err != nil {
							t.Fatalf("%s: order %+v made an illegal move %s: %v", id, o, mv, err)
						}
						answered[o.Order] = true
					}
				}
				d := ds[i%len(ds)]
				legal := st.LegalMoves(d.Seat)
				mv := legal[(i*7919+int(seed))%len(legal)].Move
				next, _, err := st.Apply(d.Seat, mv)
				if err != nil { // a listed move the engine refuses in this path: take the caretaker's
					mv, _, _ = st.Caretaker(d.Seat)
					if next, _, err = st.Apply(d.Seat, mv); err != nil {
						t.Fatal(err)
					}
				}
				st = next
			}
		}
		var ids []string
		for _, o := range offered {
			ids = append(ids, o.ID)
		}
		want := map[string][]string{
			"imperial":         {store.OrderOnlyMove, "never-battle", "force-investor"},
			"imperial2030":     {store.OrderOnlyMove, "never-battle", "force-investor", "grant-canal"},
			"caesars-imperium": {store.OrderOnlyMove},
		}[id]
		if !slices.Equal(ids, want) {
			t.Errorf("%s offers %v, want %v", id, ids, want)
		}
		for _, o := range []string{"never-battle", "force-investor"} {
			if slices.Contains(want, o) && !answered[o] {
				t.Errorf("%s: order %s never answered a decision in self-play", id, o)
			}
		}
		t.Logf("%s: orders that answered: %v", id, answered)
	}
}

// everyOrder gives each order once with each choice of its parameter.
func everyOrder(specs []game.OrderSpec) []store.StandingOrder {
	var out []store.StandingOrder
	for _, sp := range specs {
		if sp.Param == nil {
			out = append(out, store.StandingOrder{Order: sp.ID})
			continue
		}
		for _, c := range sp.Param.Choices {
			out = append(out, store.StandingOrder{Order: sp.ID, Param: c.Value})
		}
	}
	return out
}

// TestJobsOnTwoInstances runs every job on two services sharing one
// database at the same moment: one caretaker move per timeout, one mail
// per notification.
func TestJobsOnTwoInstances(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	e := newEnv(t, srv, nil)
	other, err := store.Open(e.path, store.Options{Registry: registry(), Now: e.clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	svc2, err := New(e.ctx, Options{Store: other, Config: e.cfg, Transport: e.svc.transport, Logger: e.svc.log})
	if err != nil {
		t.Fatal(err)
	}
	var games []*store.Game
	for i := range 3 {
		games = append(games, e.startGame(gametest.ID, "twice "+string(rune('A'+i)), 3, uint64(i+1), game.Options{"votes": "false"}))
	}
	for range 12 * 4 { // twelve days, every six hours
		e.clk.Add(6 * time.Hour)
		errs := make(chan error, 2)
		for _, s := range []*Service{e.svc, svc2} {
			go func() { errs <- s.Tick(e.ctx) }()
		}
		for range 2 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
	}
	timeouts := 0
	for _, g := range games {
		moves, _ := e.st.Moves(e.ctx, g.ID)
		ds, _ := e.st.DeadlinesOf(e.ctx, g.ID)
		closed := 0
		for _, d := range ds {
			if d.Outcome == store.OutcomeTimeout {
				closed++
			}
		}
		total := 0
		for seat := range 3 {
			sc, _ := e.st.SeatClockOf(e.ctx, g.ID, seat)
			total += sc.TotalTimeouts
		}
		if len(moves) < 3 || len(moves) != closed || closed != total {
			t.Errorf("game %d: %d moves, %d timed-out deadlines, %d timeouts recorded", g.ID, len(moves), closed, total)
		}
		timeouts += total
	}
	seen := map[string]int{}
	for _, m := range srv.messages() {
		seen[m.Header.Get("Message-Id")+" "+m.To]++
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("%s arrived %d times", k, n)
		}
	}
	if rows := e.outbox(""); len(rows) != len(srv.messages()) {
		t.Errorf("%d rows, %d mails arrived", len(rows), len(srv.messages()))
	}
	// Each deadline gets its 24 h reminder (its 4 h one falls between
	// ticks); each timeout is told to the three players once.
	if got := len(e.outbox(kindTimeout)); got != 3*timeouts {
		t.Errorf("%d timeout mails for %d timeouts", got, timeouts)
	}
	if got := len(e.outbox(kindReminder)); got < timeouts {
		t.Errorf("%d reminders for %d timeouts", got, timeouts)
	}
}
