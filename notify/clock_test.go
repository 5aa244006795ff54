package notify

import (
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
)

func TestCalendar(t *testing.T) {
	t.Parallel()
	fri := time.Date(2026, 3, 6, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name  string
		cal   calendar
		start time.Time
		d     time.Duration
		want  time.Time
	}{
		{"plain", newCalendar(false, nil), fri, 24 * time.Hour, fri.Add(24 * time.Hour)},
		{"weekend skipped", newCalendar(true, nil), fri, 24 * time.Hour, time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC)},
		{"asked on Saturday", newCalendar(true, nil), fri.Add(24 * time.Hour), 6 * time.Hour, time.Date(2026, 3, 9, 6, 0, 0, 0, time.UTC)},
		{"ends before the weekend", newCalendar(true, nil), fri, 6 * time.Hour, fri.Add(6 * time.Hour)},
		{"absence", newCalendar(false, []pause{{fri.Add(2 * time.Hour), fri.Add(50 * time.Hour)}}), fri, 10 * time.Hour, fri.Add(58 * time.Hour)},
		{"absence over a weekend", newCalendar(true, []pause{{fri.Add(-48 * time.Hour), time.Date(2026, 3, 7, 6, 0, 0, 0, time.UTC)}}), fri.Add(-72 * time.Hour), 30 * time.Hour,
			time.Date(2026, 3, 9, 6, 0, 0, 0, time.UTC)},
	}
	for _, c := range cases {
		if got := c.cal.add(c.start, c.d); !got.Equal(c.want) {
			t.Errorf("%s: add = %v, want %v", c.name, got, c.want)
		}
		if got := c.cal.counted(c.start, c.want); got != c.d {
			t.Errorf("%s: counted = %v, want %v", c.name, got, c.d)
		}
	}
}

func deadlineOf(t *testing.T, e *env, gameID int64, seat int) store.Deadline {
	t.Helper()
	ds, err := e.st.DeadlinesOf(e.ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Seat == seat && d.ClosedAt == nil {
			return d
		}
	}
	t.Fatalf("seat %d has no open deadline", seat)
	return store.Deadline{}
}

func TestRemindersAtOffsets(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil) // 3 days per move, reminders 24 h and 4 h before
	g := e.startGame(gametest.ID, "reminders", 2, 3, game.Options{"votes": "false"})
	pos, _ := e.st.Current(e.ctx, g.ID)
	seat := pos.State.ToAct()[0].Seat
	due := deadlineOf(t, e, g.ID, seat).DueAt
	if want := epoch.Add(72 * time.Hour); !due.Equal(want) {
		t.Fatalf("due %v, want %v", due, want)
	}
	steps := []struct {
		at   time.Duration // before the deadline
		want int
	}{{30 * time.Hour, 0}, {24*time.Hour + time.Minute, 0}, {24 * time.Hour, 1}, {23 * time.Hour, 1}, {4*time.Hour + time.Second, 1}, {4 * time.Hour, 2}, {time.Hour, 2}}
	for _, s := range steps {
		e.clk.Set(due.Add(-s.at))
		e.tick()
		e.tick() // twice: harmless
		if got := len(e.outbox(kindReminder)); got != s.want {
			t.Fatalf("%v before the deadline: %d reminders, want %d", s.at, got, s.want)
		}
	}
	r := e.outbox(kindReminder)[0]
	if !strings.Contains(r.Subject, "reminder: 4 hours") || r.ToAddr != e.emailOfSeat(g.ID, seat) || !strings.Contains(r.TextBody, "Choose") && !strings.Contains(r.TextBody, "Take") {
		t.Errorf("reminder: %s to %s\n%s", r.Subject, r.ToAddr, r.TextBody)
	}
}

func TestTimeoutAppliesCaretakerAndTellsEveryone(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.Timeout.DropAfter = 2 })
	g := e.startGame(gametest.ID, "timeouts", 3, 3, game.Options{"votes": "false"})
	pos, _ := e.st.Current(e.ctx, g.ID)
	seat := pos.State.ToAct()[0].Seat
	wantMove, why, _ := pos.State.Caretaker(seat)
	e.clk.Add(72*time.Hour - time.Minute)
	e.tick()
	if moves, _ := e.st.Moves(e.ctx, g.ID); len(moves) != 0 {
		t.Fatal("the caretaker moved before the deadline")
	}
	e.clk.Add(time.Minute)
	e.tick()
	moves, _ := e.st.Moves(e.ctx, g.ID)
	if len(moves) != 1 {
		t.Fatalf("%d moves after the deadline", len(moves))
	}
	m := moves[0]
	en := words.English()
	if m.By != store.ByCaretaker || m.Seat != seat || m.Move != string(wantMove) || en.Say(words.Decode(m.Note)) != "timeout: "+en.Say(why) {
		t.Errorf("move %+v, want the caretaker's %s (%s)", m, wantMove, en.Say(why))
	}
	mails := e.outbox(kindTimeout)
	if len(mails) != 3 {
		t.Fatalf("%d timeout mails, want one to each of 3 players", len(mails))
	}
	if !strings.Contains(mails[0].TextBody, en.Say(why)) {
		t.Errorf("timeout mail does not give the caretaker's reason:\n%s", mails[0].TextBody)
	}
	sc, _ := e.st.SeatClockOf(e.ctx, g.ID, seat)
	if sc.Timeouts != 1 || sc.TotalTimeouts != 1 || sc.Dropped {
		t.Errorf("seat clock %+v", sc)
	}
	ds, _ := e.st.DeadlinesOf(e.ctx, g.ID)
	if ds[0].Outcome != store.OutcomeTimeout {
		t.Errorf("deadline outcome %q", ds[0].Outcome)
	}
	// The same seat times out again at its next turn: dropped.
	for range 20 {
		sc, _ = e.st.SeatClockOf(e.ctx, g.ID, seat)
		if sc.Dropped {
			break
		}
		pos, _ := e.st.Current(e.ctx, g.ID)
		next := pos.State.ToAct()[0].Seat
		if next == seat {
			e.clk.Add(73 * time.Hour)
			e.tick()
			continue
		}
		mv, _, _ := pos.State.Caretaker(next)
		if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: next, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	if !sc.Dropped || sc.TotalTimeouts != 2 {
		t.Fatalf("after two timeouts in a row: %+v", sc)
	}
	if !strings.Contains(e.outbox(kindTimeout)[0].TextBody, "for the rest of the game") {
		t.Errorf("nobody was told the seat was dropped")
	}
	// From now on the caretaker plays the seat at once, with no turn mail.
	turns := len(e.outbox(kindTurn))
	for range 30 {
		pos, _ := e.st.Current(e.ctx, g.ID)
		if pos.State.Finished() {
			break
		}
		next := pos.State.ToAct()[0].Seat
		if next == seat {
			t.Fatalf("the dropped seat is still asked")
		}
		mv, _, _ := pos.State.Caretaker(next)
		if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: next, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range e.outbox(kindTurn)[:len(e.outbox(kindTurn))-turns] {
		if m.ToAddr == e.emailOfSeat(g.ID, seat) {
			t.Errorf("the dropped seat got a turn mail: %s", m.Subject)
		}
	}
}

func TestSubstituteFlow(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.Timeout.Policy = "substitute"; c.Notify.Timeout.SubstituteHours = 48 })
	g := e.startGame(gametest.ID, "subs", 3, 3, game.Options{"votes": "false"})
	pos, _ := e.st.Current(e.ctx, g.ID)
	seat := pos.State.ToAct()[0].Seat
	e.clk.Add(72*time.Hour + time.Minute)
	e.tick()
	if moves, _ := e.st.Moves(e.ctx, g.ID); len(moves) != 0 {
		t.Fatal("the caretaker moved instead of offering the seat")
	}
	offers := e.outbox(kindSubstitute)
	if len(offers) != 3 {
		t.Fatalf("%d offer mails, want 3", len(offers))
	}
	link := ""
	for _, line := range strings.Split(offers[0].TextBody, "\n") {
		if strings.Contains(line, "/notify/substitute/") {
			link = strings.TrimSpace(line)
		}
	}
	token := link[strings.LastIndex(link, "/")+1:]
	e.clk.Add(24 * time.Hour)
	e.tick() // still waiting
	if moves, _ := e.st.Moves(e.ctx, g.ID); len(moves) != 0 {
		t.Fatal("the game did not wait for a replacement")
	}
	var newcomer store.User
	if err := e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
		u, err := tx.FindOrCreateUser("zed@example.org", "Zed")
		newcomer = *u
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.TakeSeat(e.ctx, "forged"+token, newcomer.ID, ""); err == nil {
		t.Error("a forged substitute link was accepted")
	}
	if _, err := e.st.TakeSeat(e.ctx, token, newcomer.ID, ""); err != nil {
		t.Fatal(err)
	}
	seats, _ := e.st.Seats(e.ctx, g.ID)
	if seats[seat].UserID != newcomer.ID {
		t.Fatalf("seat %d is held by %d, want the newcomer %d", seat, seats[seat].UserID, newcomer.ID)
	}
	if len(e.outbox(kindReplaced)) != 3 {
		t.Errorf("%d replacement mails, want 3", len(e.outbox(kindReplaced)))
	}
	if _, err := e.st.TakeSeat(e.ctx, token, newcomer.ID, ""); err == nil {
		t.Error("the link worked twice")
	}
	d := deadlineOf(t, e, g.ID, seat)
	if !d.DueAt.Equal(e.clk.Now().Add(72 * time.Hour)) {
		t.Errorf("the newcomer's deadline is %v", d.DueAt)
	}
	// Nobody takes the next offer: the caretaker moves after the limit.
	e.clk.Add(72*time.Hour + time.Minute)
	e.tick()
	e.clk.Add(47 * time.Hour)
	e.tick()
	if moves, _ := e.st.Moves(e.ctx, g.ID); len(moves) != 0 {
		t.Fatal("moved before the substitute limit")
	}
	e.clk.Add(2 * time.Hour)
	e.tick()
	moves, _ := e.st.Moves(e.ctx, g.ID)
	if len(moves) != 1 || moves[0].By != store.ByCaretaker {
		t.Fatalf("after the substitute limit: %+v", moves)
	}
}

func TestWeekendsDoNotCount(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.SkipWeekends = true; c.Notify.Deadline = "24h" })
	e.clk.Set(time.Date(2026, 3, 6, 12, 0, 0, 0, time.UTC)) // a Friday
	g := e.startGame(gametest.ID, "weekend", 2, 3, game.Options{"votes": "false"})
	pos, _ := e.st.Current(e.ctx, g.ID)
	d := deadlineOf(t, e, g.ID, pos.State.ToAct()[0].Seat)
	if want := time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC); !d.DueAt.Equal(want) {
		t.Errorf("due %v, want Monday noon %v", d.DueAt, want)
	}
	e.clk.Set(time.Date(2026, 3, 8, 23, 0, 0, 0, time.UTC))
	e.tick()
	if moves, _ := e.st.Moves(e.ctx, g.ID); len(moves) != 0 {
		t.Error("timed out during the weekend")
	}
}

func TestTimeBank(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.Deadline = "bank" }) // 120 h, +24 h, cap 240 h
	g := e.startGame(gametest.ID, "bank", 2, 3, game.Options{"votes": "false"})
	pos, _ := e.st.Current(e.ctx, g.ID)
	seat := pos.State.ToAct()[0].Seat
	if d := deadlineOf(t, e, g.ID, seat); !d.DueAt.Equal(epoch.Add(120 * time.Hour)) {
		t.Fatalf("first deadline %v", d.DueAt)
	}
	e.clk.Add(10 * time.Hour)
	mv, _, _ := pos.State.Caretaker(seat)
	if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
		t.Fatal(err)
	}
	sc, _ := e.st.SeatClockOf(e.ctx, g.ID, seat)
	if want := int64((120 - 10 + 24) * 3600); sc.BankSecs != want {
		t.Errorf("bank after a 10 h move: %d s, want %d", sc.BankSecs, want)
	}
}
