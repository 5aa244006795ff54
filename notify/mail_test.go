package notify

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/selfplay"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

func TestTurnMailOverSMTP(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	e := newEnv(t, srv, nil)
	for _, addr := range []string{"a@example.org", "b@example.org", "c@example.org"} {
		var id int64
		if err := e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
			u, err := tx.FindOrCreateUser(addr, "")
			if err == nil {
				id = u.ID
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if err := e.st.SetTimeZone(e.ctx, id, "Europe/Vienna"); err != nil {
			t.Fatal(err)
		}
	}
	g := e.startGame("imperial", "Tuesday club", 3, 7, nil)
	e.tick()
	got := srv.messages()
	// Three start mails and one turn mail.
	if len(got) != 4 {
		t.Fatalf("got %d mails, want 4", len(got))
	}
	var turn *received
	for i := range got {
		if strings.Contains(got[i].Header.Get("Message-Id"), ".turn.") {
			turn = &got[i]
		}
	}
	if turn == nil {
		t.Fatal("no turn mail")
	}
	subj := decodeHeader(turn.Header.Get("Subject"))
	if !regexp.MustCompile(`^Rondel · Tuesday club · [A-Z][a-z-]+(-[A-Z][a-z]+)? to move, round 1$`).MatchString(subj) {
		t.Errorf("subject %q", subj)
	}
	thread := fmt.Sprintf("<rondel.game%d@rondel.example>", g.ID)
	if turn.Header.Get("In-Reply-To") != thread || turn.Header.Get("References") != thread {
		t.Errorf("threading: In-Reply-To %q References %q, want %q", turn.Header.Get("In-Reply-To"), turn.Header.Get("References"), thread)
	}
	for _, m := range got {
		if strings.Contains(m.Header.Get("Message-Id"), ".turn.") {
			continue
		}
		if m.Header.Get("Message-Id") != thread {
			t.Errorf("start mail Message-ID %q, want the thread root %q", m.Header.Get("Message-Id"), thread)
		}
	}
	unsub := turn.Header.Get("List-Unsubscribe")
	if !regexp.MustCompile(`^<https://rondel\.example/notify/unsubscribe/u\.\d+\.\d+\.[A-Za-z0-9_-]+>$`).MatchString(unsub) {
		t.Errorf("List-Unsubscribe %q", unsub)
	}
	if turn.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post %q", turn.Header.Get("List-Unsubscribe-Post"))
	}
	pos, _ := e.st.Current(e.ctx, g.ID)
	d := pos.State.ToAct()[0]
	for name, body := range map[string]string{"text": turn.Text, "html": html.UnescapeString(turn.HTML)} {
		for _, want := range []string{words.English().Say(d.Prompt), "Deadline: ", "/notify/d/d.", "/notify/unsubscribe/"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s part lacks %q:\n%s", name, want, body)
			}
		}
	}
	// The deadline in the player's time zone: 3 days after Wednesday noon UTC.
	if !strings.Contains(turn.Text, "Deadline: Sat 7 Mar 2026, 13:00 CET (in 3 days 0 hours)") {
		t.Errorf("deadline not in the player's time zone:\n%s", turn.Text)
	}
	if !strings.Contains(turn.HTML, "<a href=\"https://rondel.example/notify/d/") {
		t.Errorf("html part has no decision link")
	}
	// Every legal rondel move is offered as a link (few options).
	if n := len(pos.State.LegalMoves(d.Seat)); strings.Count(turn.Text, "/notify/d/d.") != n+1 {
		t.Errorf("text has %d decision links, want %d", strings.Count(turn.Text, "/notify/d/d."), n+1)
	}
	if turn.To != e.emailOfSeat(g.ID, d.Seat) {
		t.Errorf("turn mail went to %s", turn.To)
	}
}

func decodeHeader(s string) string {
	out, err := new(mimeDecoder).DecodeHeader(s)
	if err != nil {
		return s
	}
	return out
}

func (e *env) emailOfSeat(gameID int64, seat int) string {
	seats, _ := e.st.Seats(e.ctx, gameID)
	u, _ := e.st.User(e.ctx, seats[seat].UserID)
	return u.Email
}

// playAndCount plays a whole game with the given chooser and returns, for
// each move, the seats whose turn began (the expected turn mails): asked
// after the move and not before it. The moves are the players' own, so a
// seat that stays asked after its move goes on with its turn unmailed.
func playAndCount(t *testing.T, e *env, g *store.Game, choose func(game.State) (int, []byte, bool)) map[string]bool {
	t.Helper()
	want := map[string]bool{}
	seats, _ := e.st.Seats(e.ctx, g.ID)
	pos, _ := e.st.Current(e.ctx, g.ID)
	for _, d := range pos.State.ToAct() {
		want[fmt.Sprintf("0/%d", seats[d.Seat].UserID)] = true
	}
	for i := 0; i < 5000; i++ {
		pos, err := e.st.Current(e.ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			return want
		}
		seat, mv, ok := choose(pos.State)
		if !ok {
			t.Fatal("no move")
		}
		before := bySeat(pos.State.ToAct())
		played, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv})
		if err != nil {
			t.Fatal(err)
		}
		if !played.State.Finished() {
			for s := range bySeat(played.State.ToAct()) {
				if len(before[s]) == 0 {
					want[fmt.Sprintf("%d/%d", played.Seq, seats[s].UserID)] = true
				}
			}
		}
		e.clk.Add(time.Minute)
	}
	t.Fatal("the game did not end")
	return nil
}

func TestOneMailPerTurn(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	e := newEnv(t, srv, nil)
	for _, c := range []struct {
		id   string
		n    int
		opts game.Options
	}{{gametest.ID, 3, game.Options{"votes": "true"}}, {"caesars-imperium", 3, nil}} {
		g := e.startGame(c.id, "count "+c.id, c.n, 11, c.opts)
		want := playAndCount(t, e, g, func(s game.State) (int, []byte, bool) {
			d := s.ToAct()[0]
			mv, _, err := s.Caretaker(d.Seat)
			return d.Seat, mv, err == nil
		})
		e.tick()
		have := map[string]bool{}
		for _, m := range e.outbox(kindTurn) {
			if m.GameID != g.ID {
				continue
			}
			k := fmt.Sprintf("%d/%d", m.Seq, m.UserID)
			if have[k] {
				t.Errorf("%s: two turn mails for %s", c.id, k)
			}
			have[k] = true
		}
		for k := range want {
			if !have[k] {
				t.Errorf("%s: turn %s got no mail", c.id, k)
			}
		}
		for k := range have {
			if !want[k] {
				t.Errorf("%s: mail %s for no new turn", c.id, k)
			}
		}
		if len(want) < 10 {
			t.Errorf("%s: only %d turns: the game is too short to tell", c.id, len(want))
		}
		if len(e.outbox(kindEnd)) == 0 {
			t.Errorf("%s: no end mail", c.id)
		}
	}
	// Every queued mail reached the server once.
	seen := map[string]int{}
	for _, m := range srv.messages() {
		seen[m.Header.Get("Message-Id")+" "+m.To]++
	}
	rows := e.outbox("")
	for _, r := range rows {
		if r.Status != store.OutboxSent {
			t.Errorf("mail %d %s is %s", r.ID, r.Kind, r.Status)
		}
		if n := seen[headers(r)["Message-ID"]+" "+r.ToAddr]; n != 1 {
			t.Errorf("mail %d %s arrived %d times", r.ID, r.Kind, n)
		}
	}
	if len(srv.messages()) != len(rows) {
		t.Errorf("server got %d mails, outbox has %d", len(srv.messages()), len(rows))
	}
}

func TestSMTPDownThenUpDeliversOnce(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	e := newEnv(t, srv, func(c *config.Config) { c.Notify.Sender.MaxAttempts = 20 })
	srv.down()
	g := e.startGame(gametest.ID, "outage", 3, 5, nil)
	for range 12 {
		pos, _ := e.st.Current(e.ctx, g.ID)
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
		e.clk.Add(10 * time.Minute)
		e.tick() // every attempt fails while the server is down
	}
	rows := e.outbox("")
	if len(rows) < 10 {
		t.Fatalf("only %d mails queued", len(rows))
	}
	for _, r := range rows {
		if r.Status != store.OutboxPending || r.Attempts == 0 || r.LastError == "" {
			t.Errorf("mail %d while the server is down: status %s, %d attempts, error %q", r.ID, r.Status, r.Attempts, r.LastError)
		}
	}
	srv.up()
	// Backoff: nothing is due right away for the mail tried most often.
	e.clk.Add(24 * time.Hour)
	// Two senders on two connections to the same database at once.
	other, err := store.Open(e.path, store.Options{Registry: registry(), Now: e.clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	svc2, err := New(e.ctx, Options{Store: other, Config: e.cfg, Transport: e.svc.transport, Logger: e.svc.log})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, s := range []*Service{e.svc, svc2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.SendDue(e.ctx); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	seen := map[string]int{}
	for _, m := range srv.messages() {
		seen[m.Header.Get("Message-Id")+" "+m.To]++
	}
	rows = e.outbox("")
	for _, r := range rows {
		if r.Status != store.OutboxSent {
			t.Errorf("mail %d not sent after the outage: %s", r.ID, r.Status)
		}
		if n := seen[headers(r)["Message-ID"]+" "+r.ToAddr]; n != 1 {
			t.Errorf("mail %d arrived %d times", r.ID, n)
		}
	}
	if len(srv.messages()) != len(rows) {
		t.Errorf("server got %d mails for %d rows", len(srv.messages()), len(rows))
	}
}

func TestFailedMailIsKeptForTheAdmin(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	e := newEnv(t, srv, func(c *config.Config) { c.Notify.Sender.MaxAttempts = 3; c.Notify.Sender.BackoffSeconds = 60 })
	srv.down()
	e.startGame(gametest.ID, "down", 2, 1, nil)
	var nexts []time.Time
	for range 3 {
		e.tick()
		r := e.outbox(kindTurn)[0]
		nexts = append(nexts, r.NextAt)
		e.clk.Add(time.Hour)
	}
	// Backoff doubles: 1, 2, 4 minutes after each attempt.
	for i, want := range []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute} {
		at := epoch.Add(time.Duration(i) * time.Hour)
		if got := nexts[i].Sub(at); got != want {
			t.Errorf("attempt %d: retry after %v, want %v", i+1, got, want)
		}
	}
	failed, _ := e.st.Outbox().Rows(e.ctx, store.OutboxFailed, 0)
	if len(failed) == 0 || failed[0].Attempts != 3 || failed[0].LastError == "" {
		t.Fatalf("failed mails: %+v", failed)
	}
	srv.up()
	e.clk.Add(24 * time.Hour)
	e.tick()
	if len(srv.messages()) != 0 {
		t.Errorf("a given-up mail was sent again without the admin")
	}
	if err := e.st.Outbox().Retry(e.ctx, failed[0].ID); err != nil {
		t.Fatal(err)
	}
	e.tick()
	if len(srv.messages()) != 1 {
		t.Errorf("after the admin's retry %d mails arrived, want 1", len(srv.messages()))
	}
}

// TestOneMailPerTurnImperial feeds a whole self-played Imperial
// game (uniformly random legal moves: battles, forced Investor stops and
// several governments asked at once all occur) through the store.
func TestOneMailPerTurnImperial(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	var out selfplay.Outcome
	for seed := uint64(1); ; seed++ {
		o, err := selfplay.Play(registry(), "imperial", selfplay.Config{Players: 3, MaxMoves: 4000}, seed)
		if err != nil {
			t.Fatal(err)
		}
		if o.Finished {
			out = o
			break
		}
		if seed > 5 {
			t.Fatal("no finished self-play game")
		}
	}
	var players []store.NewPlayer
	for i, p := range out.Record.Players {
		players = append(players, store.NewPlayer{Name: p.Name, Email: fmt.Sprintf("p%d@example.org", i)})
	}
	g := storetest.StartGame(t, e.st, store.NewGame{Kind: "imperial", Name: "random", Seed: out.Seed, Players: players}, nil)
	for i, m := range out.Record.Moves {
		if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: m.Seat, Seq: i, Move: m.Move}); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	if row, _ := e.st.GameRow(e.ctx, g.ID); row.Status != store.StatusFinished {
		t.Fatal("the replayed game did not finish")
	}
	checkTurnMails(t, e, g.ID)
	t.Logf("%d moves, %d turn mails", len(out.Record.Moves), len(e.outbox(kindTurn)))
}
