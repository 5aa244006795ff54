package notify

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"sync"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

// noQuiet mails every turn at once (no quiet delay), so that each move
// of these tests makes turn mails.
func noQuiet(c *config.Config) { c.Notify.QuietMinutes = 0 }

// crash makes the store commit changes and never call AfterCommit, as
// if the process died between the commit and the render.
func (e *env) crash() { e.st.SetObserver(store.ObserverFuncs{In: e.svc.InTx}) }

// recover puts the whole observer back.
func (e *env) recover() { e.st.SetObserver(e.svc) }

// playOne plays the caretaker's move for the first seat asked.
func (e *env) playOne(gameID int64) *store.Played {
	e.t.Helper()
	pos, err := e.st.Current(e.ctx, gameID)
	if err != nil {
		e.t.Fatal(err)
	}
	d := pos.State.ToAct()[0]
	mv, _, err := pos.State.Caretaker(d.Seat)
	if err != nil {
		e.t.Fatal(err)
	}
	played, err := e.st.AppendMove(e.ctx, store.Submit{GameID: gameID, Seat: d.Seat, Seq: pos.Seq, Move: mv})
	if err != nil {
		e.t.Fatal(err)
	}
	return played
}

func (e *env) intents() []store.MailIntent {
	e.t.Helper()
	in, err := e.st.MailIntents(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	return in
}

// turnMails lists the turn mails of a game, keyed by turn and person.
func (e *env) turnMails(gameID int64) map[string]store.OutboxMail {
	out := map[string]store.OutboxMail{}
	for _, m := range e.outbox(kindTurn) {
		if m.GameID == gameID {
			k := fmt.Sprintf("%d/%d", m.Seq, m.UserID)
			if _, dup := out[k]; dup {
				e.t.Errorf("two turn mails %s", k)
			}
			out[k] = m
		}
	}
	return out
}

// TestIntentLeftByACrashIsRenderedOnce: moves committed whose turn mails
// were never rendered (the process died after the commit) leave intents;
// the job renders each once, into the very mails the after-commit step
// renders in a twin database that did not crash.
func TestIntentLeftByACrashIsRenderedOnce(t *testing.T) {
	t.Parallel()
	twin := newEnv(t, nil, noQuiet)
	e := newEnv(t, nil, noQuiet)
	gt := twin.startGame(gametest.ID, "twin", 3, 5, nil)
	g := e.startGame(gametest.ID, "twin", 3, 5, nil)
	e.crash()
	for range 4 {
		twin.playOne(gt.ID)
		e.playOne(g.ID)
		twin.clk.Add(time.Minute)
		e.clk.Add(time.Minute)
	}
	if len(e.intents()) == 0 {
		t.Fatal("the crashed moves left no intents")
	}
	before := len(e.turnMails(g.ID))
	e.recover()
	e.tick()
	e.tick() // a second run finds nothing more
	if left := e.intents(); len(left) != 0 {
		t.Fatalf("intents left after the job: %+v", left)
	}
	got, want := e.turnMails(g.ID), twin.turnMails(gt.ID)
	if len(got) == before || len(got) != len(want) {
		t.Fatalf("%d turn mails after the job (%d before it), the twin has %d", len(got), before, len(want))
	}
	for k, w := range want {
		m, ok := got[k]
		switch {
		case !ok:
			t.Errorf("turn mail %s missing", k)
		case m.Subject != w.Subject || unsigned(m.TextBody) != unsigned(w.TextBody) || unsigned(m.HTMLBody) != unsigned(w.HTMLBody):
			t.Errorf("turn mail %s differs from the twin's:\n%s\n%s\n%s\nwant\n%s\n%s\n%s", k, m.Subject, unsigned(m.TextBody), unsigned(m.HTMLBody), w.Subject, unsigned(w.TextBody), unsigned(w.HTMLBody))
		}
	}
}

// signature is a link's signature: each database has its own key.
var signature = regexp.MustCompile(`\.[A-Za-z0-9_-]{24}(["\s]|$)`)

func unsigned(s string) string { return signature.ReplaceAllString(s, ".SIG$1") }

// TestTwoRenderersQueueEachMailOnce: two services on one database render
// the intents a crash left at the same time; each intent is rendered by
// one of them, and each turn mail is queued once.
func TestTwoRenderersQueueEachMailOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, noQuiet)
	st2 := storetest.OpenFile(t, e.path, store.Options{Registry: registry(), Now: e.clk.Now, CacheBytes: 16 << 20})
	second, err := New(e.ctx, Options{Store: st2, Config: e.cfg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	var games []int64
	for i := range 6 {
		games = append(games, e.startGame(gametest.ID, fmt.Sprintf("g%d", i), 3, uint64(i+1), nil).ID)
	}
	e.crash()
	for range 5 {
		for _, id := range games {
			e.playOne(id)
		}
	}
	made := len(e.intents())
	if made < 20 {
		t.Fatalf("only %d intents: too few to tell", made)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	rendered := 0
	for _, s := range []*Service{e.svc, second} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := s.renderIntents(e.ctx, 0)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			rendered += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	if rendered != made {
		t.Errorf("%d renders of %d intents", rendered, made)
	}
	if left := e.intents(); len(left) != 0 {
		t.Errorf("%d intents left", len(left))
	}
	total := 0
	for _, id := range games {
		total += len(e.turnMails(id)) // turnMails fails on a duplicate
	}
	if total < made {
		t.Errorf("%d turn mails for %d intents", total, made)
	}
}

// TestFailedRenderKeepsTheIntent: a render that fails after the commit
// loses neither the move nor its mail: the intent stays, with the error,
// and the job renders it once the retry is due.
func TestFailedRenderKeepsTheIntent(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, noQuiet)
	g := e.startGame(gametest.ID, "fails", 3, 9, nil)
	e.svc.renderFault = func(store.MailIntent) error { return errors.New("disk full") }
	played := e.playOne(g.ID)
	pos, err := e.st.Current(e.ctx, g.ID)
	if err != nil || pos.Seq != played.Seq {
		t.Fatalf("the move is lost: at %d, played %d (%v)", pos.Seq, played.Seq, err)
	}
	left := e.intents()
	if len(left) == 0 || left[0].LastError == "" || left[0].Seq != played.Seq {
		t.Fatalf("intents after the failed render: %+v", left)
	}
	if n := e.turnMailsAt(g.ID, played.Seq); n != 0 {
		t.Fatalf("%d turn mails queued though their render failed", n)
	}
	e.svc.renderFault = nil
	e.tick() // the retry is not due yet
	if len(e.intents()) != len(left) {
		t.Fatalf("the intent was retried before its time")
	}
	e.clk.Add(intentRetry)
	e.tick()
	if n := len(e.intents()); n != 0 {
		t.Fatalf("%d intents left after the retry", n)
	}
	if n := e.turnMailsAt(g.ID, played.Seq); n != len(left) {
		t.Errorf("%d turn mails for move %d, want %d", n, played.Seq, len(left))
	}
}

func (e *env) turnMailsAt(gameID int64, seq int) int {
	n := 0
	for _, m := range e.outbox(kindTurn) {
		if m.GameID == gameID && m.Seq == seq {
			n++
		}
	}
	return n
}

// TestTakeBackDropsAnUnrenderedTurnMail: a turn mail whose render failed
// is still an intent when its move is taken back; the take-back drops it,
// so nobody is told later that it is their turn at a position that no
// longer stands (they were never told of it, so they get no take-back
// notice either).
func TestTakeBackDropsAnUnrenderedTurnMail(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, noQuiet)
	g := e.startGame(gametest.ID, "taken", 3, 5, game.Options{"votes": "false"})
	pos, err := e.st.Current(e.ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	mover := pos.State.ToAct()[0].Seat
	e.svc.renderFault = func(store.MailIntent) error { return errors.New("disk full") }
	played, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: mover, Seq: pos.Seq,
		Move: pos.State.LegalMoves(mover)[0].Move, UserID: pos.Seats[mover].UserID})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.intents()) == 0 {
		t.Fatal("the failed render left no intent")
	}
	e.svc.renderFault = nil
	if _, err := e.st.TakeBack(e.ctx, g.ID, mover, played.Seq, pos.Seats[mover].UserID); err != nil {
		t.Fatal(err)
	}
	e.clk.Add(intentRetry)
	e.tick()
	if left := e.intents(); len(left) != 0 {
		t.Errorf("intents of the cancelled move left: %+v", left)
	}
	if n := e.turnMailsAt(g.ID, played.Seq); n != 0 {
		t.Errorf("%d turn mails for the position taken back", n)
	}
}
