package notify

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/words"
)

// TestImperialByReplies plays a 3-player Imperial game through replies
// only: at every decision its player answers the newest mail that asks it
// (the turn mail, or the answer to their last reply) with one of the legal
// moves in words, in the player's language, and the reply is delivered to
// HandleReply as it would come from the club's mail server. With
// RONDEL_LONG=1 the game is played to its end and every kind of decision
// must have been answered by mail; the quick loop plays the first 60.
func TestImperialByReplies(t *testing.T) {
	e := newEnv(t, nil, repliesOn)
	g := e.startGame("imperial", "By mail", 3, 7, nil)
	langs := []string{"en", "de", "zh"}
	pos, err := e.st.Current(e.ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range pos.Seats {
		u, err := e.st.User(e.ctx, s.UserID)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.st.UpdateProfile(e.ctx, s.UserID, u.Name(), langs[i], "each"); err != nil {
			t.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(7, 22))
	limit := 60
	if gametest.Long() {
		limit = 20000
	}
	kinds := map[string]int{}
	began := time.Now()
	replies, multi := 0, 0
	for ; replies < limit; replies++ {
		pos, err := e.st.Current(e.ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			break
		}
		d := pos.State.ToAct()[0]
		u, err := e.st.User(e.ctx, pos.Seats[d.Seat].UserID)
		if err != nil {
			t.Fatal(err)
		}
		text, steps := e.sayMoves(r, u.Language, pos.State, d.Seat)
		to := e.replyTo(g.ID, u.ID, pos.Seq)
		e.clk.Add(4 * time.Minute) // a player answers within minutes, under the hourly limit
		if err := e.svc.HandleReply(e.ctx, replyMail{From: u.Email, To: to, Body: text}.raw()); err != nil {
			t.Fatal(err)
		}
		if n := e.moves(g.ID); n != pos.Seq+len(steps) {
			as := e.answers(u.ID)
			t.Fatalf("reply %d (%s, %s) %q not played: %d moves; answer:\n%s", replies, d.Kind, u.Language, text, n, as[len(as)-1].TextBody)
		}
		for _, k := range steps {
			kinds[k]++
		}
		if len(steps) > 1 {
			multi++
		}
	}
	final, err := e.st.Current(e.ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d replies (%d of several lines) played in %v (%v a reply); decisions by kind %v; finished %v", replies, multi,
		time.Since(began).Round(time.Millisecond), (time.Since(began) / time.Duration(max(replies, 1))).Round(time.Microsecond), kinds, final.State.Finished())
	rows, err := e.st.MovesSince(e.ctx, g.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rows {
		if words.Decode(m.Note).ID != "mail.note.mail_reply" || m.By != "player" {
			t.Fatalf("move %d was not played by reply: by %s, note %q", m.Seq, m.By, m.Note)
		}
	}
	// Answers that ask the next step of a turn show the board, as turn
	// mails do (drawn when sent), and carry the step's own Reply-To.
	pictured := 0
	for _, a := range e.outbox(kindReply) {
		h := headers(a)
		if h[pictureHeader] != "" && h["Reply-To"] != "" && strings.Contains(a.HTMLBody, "cid:") {
			pictured++
		}
	}
	if pictured == 0 {
		t.Error("no answer shows the board for the next step")
	}
	if !gametest.Long() {
		return
	}
	if multi == 0 {
		t.Error("no reply played several steps at once")
	}
	if !final.State.Finished() {
		t.Fatalf("not finished after %d replies", replies)
	}
	for _, k := range []string{"rondel", "invest", "import", "factory", "maneuver", "battle", "demand-battle"} {
		if kinds[k] == 0 {
			t.Errorf("no %s decision was answered by mail", k)
		}
	}
}

// sayMoves writes a reply of one to three steps of seat's turn, one a
// line (a maneuver unit by unit, the investment after the rondel), each
// a random legal move as sayMove writes it; it returns the reply and the
// kinds of the decisions it answers. The reply is checked as the reader
// will read it, whole: where the reader would set a line aside (a last
// line that names nothing of the first decision's moves reads as a
// greeting), fewer steps are written.
func (e *env) sayMoves(r *rand.Rand, lang string, st game.State, seat int) (string, []string) {
	e.t.Helper()
	var lines, kinds []string
	first := st
	for range 1 + r.IntN(3) {
		asked := st.ToAct()
		if st.Finished() || len(asked) == 0 || asked[0].Seat != seat {
			break
		}
		text, move := e.sayMove(r, lang, st, seat)
		res := e.svc.reader.Read(first, seat, strings.Join(append(lines, text), "\n"))
		if len(res.Moves) != len(lines)+1 {
			break
		}
		next, _, err := st.Apply(seat, move)
		if err != nil {
			e.t.Fatal(err)
		}
		lines, kinds, st = append(lines, text), append(kinds, asked[0].Kind), next
	}
	if len(lines) == 0 {
		text, _ := e.sayMove(r, lang, first, seat)
		return text, []string{first.ToAct()[0].Kind}
	}
	return strings.Join(lines, "\n"), kinds
}

// sayMove picks a random legal move of seat and writes it as a player
// would from the mail's list: its group and label in lang. A move whose
// words the reader would take for another (or ask back) is left for
// another; the reader's own tests hold it to that.
func (e *env) sayMove(r *rand.Rand, lang string, st game.State, seat int) (string, json.RawMessage) {
	e.t.Helper()
	sp := speaker(lang, nil)
	legal := st.LegalMoves(seat)
	for _, i := range r.Perm(len(legal)) {
		m := legal[i]
		text := strings.TrimSpace(sp.Say(m.Group) + " " + sp.Say(m.Label))
		res := e.svc.reader.Read(st, seat, text)
		if len(res.Moves) == 1 && string(res.Moves[0].Move) == string(m.Move) {
			return text, m.Move
		}
	}
	e.t.Fatalf("no legal move of seat %d reads as itself in %s", seat, lang)
	return "", nil
}
