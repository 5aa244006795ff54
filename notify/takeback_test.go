package notify

import (
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store"
)

// TestTakeBackAnswersItsMails: when a player takes back a move, whoever the
// move mailed gets one short mail saying so (nobody else does), the player
// gets no turn mail for the decision they are back at, and the deadlines
// follow: the player's runs again, the one the move had started is closed.
func TestTakeBackAnswersItsMails(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	g := e.startGame(gametest.ID, "Tuesday", 3, 5, game.Options{"votes": "false"})
	pos, err := e.st.Current(e.ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	mover := pos.State.ToAct()[0].Seat
	played, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: mover, Seq: pos.Seq,
		Move: pos.State.LegalMoves(mover)[0].Move, UserID: pos.Seats[mover].UserID})
	if err != nil {
		t.Fatal(err)
	}
	next := played.State.ToAct()[0].Seat
	turns := 0
	for _, m := range e.outbox(kindTurn) {
		if m.Seq == played.Seq {
			turns++
		}
	}
	if turns != 1 {
		t.Fatalf("the move queued %d turn mails, want 1", turns)
	}
	back, err := e.st.TakeBack(e.ctx, g.ID, mover, played.Seq, pos.Seats[mover].UserID)
	if err != nil {
		t.Fatal(err)
	}
	var told []store.OutboxMail
	for _, m := range e.outbox(kindTakeBack) {
		if m.Seq == back.Seq {
			told = append(told, m)
		}
	}
	if len(told) != 1 || told[0].UserID != pos.Seats[next].UserID {
		t.Fatalf("take-back mails %+v, want one to seat %d", told, next)
	}
	if !strings.Contains(told[0].Subject, "took back a move") || !strings.Contains(told[0].TextBody, "took back their last move (move 1)") {
		t.Errorf("take-back mail: %q\n%s", told[0].Subject, told[0].TextBody)
	}
	for _, m := range e.outbox(kindTurn) {
		if m.Seq == back.Seq {
			t.Errorf("a turn mail after the take-back, to user %d", m.UserID)
		}
	}
	err = e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
		open, err := tx.OpenDeadlines(g.ID)
		if err != nil {
			return err
		}
		if len(open) != 1 || open[0].Seat != mover || open[0].AskedSeq != back.Seq {
			t.Errorf("open deadlines after the take-back: %+v, want one for seat %d asked at %d", open, mover, back.Seq)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The history a later turn mail tells says the move was taken back.
	if line := describeMove(speakerFor(store.User{Language: "en"}, &gameView{seats: pos.Seats}), store.Move{Seat: mover, Seq: back.Seq, TakeBack: true}); !strings.Contains(line, "took back move 1") {
		t.Errorf("a take-back in the history reads %q", line)
	}
}

// TestTakeBackTellsTheChat: a chat told whose turn a move made is told,
// after the move is taken back, that it is its player's turn again.
func TestTakeBackTellsTheChat(t *testing.T) {
	t.Parallel()
	e, _ := hookEnv(t)
	c := newChat(t, answer{code: 204}, answer{code: 204}, answer{code: 204}, answer{code: 204})
	e.addHook(c, 0, "discord", "en", 0)
	g := e.startGame(gametest.ID, "Friday", 2, 3, game.Options{"votes": "false"})
	pos, _ := e.st.Current(e.ctx, g.ID)
	mover := pos.State.ToAct()[0].Seat
	played, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: mover, Seq: pos.Seq,
		Move: pos.State.LegalMoves(mover)[0].Move, UserID: pos.Seats[mover].UserID})
	if err != nil {
		t.Fatal(err)
	}
	back, err := e.st.TakeBack(e.ctx, g.ID, mover, played.Seq, pos.Seats[mover].UserID)
	if err != nil {
		t.Fatal(err)
	}
	var after []store.OutboxMail
	for _, n := range e.outbox(kindNotice) {
		if n.Seq == back.Seq {
			after = append(after, n)
		}
	}
	if len(after) != 1 || !strings.Contains(after[0].TextBody, pos.Seats[mover].Name) {
		t.Fatalf("notices after the take-back: %+v", after)
	}
}
