package notify

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/letters"
	"rondel/store/storetest"
)

// verified requires the derived data to equal a fresh rebuild.
func (e *env) verified() {
	e.t.Helper()
	rep, err := e.st.Tools().Verify(e.ctx, false)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, p := range rep.Problems {
		e.t.Errorf("verify: game %d: %s", p.GameID, p.What)
	}
}

// TestInvitationsRunOut: the creator hears once about each invitation
// that ran out and, on the page, about one that could not be delivered;
// a game left with no working invitation for abandon_days ends as
// expired and its players are told.
func TestInvitationsRunOut(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	srv.refuseRcpt("c@example.org", 550)
	e := newEnv(t, srv, nil)
	ann := e.person("a@example.org", "Ann", "en", "UTC")
	g, invites, err := e.st.CreateGame(e.ctx, store.NewGame{Kind: gametest.ID, Name: "Slow start", Seed: 1,
		Players: storetest.Players(3), CreatedBy: ann, InviteTTL: 14 * 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	for _, inv := range invites {
		m := letters.InvitationMail(letters.Invitation{Lang: "en", To: inv.User.Email, Name: inv.Seat.Name, Inviter: "Ann", Game: g.Name, Link: "https://x/invite/" + inv.Token})
		m.Kind, m.GameID, m.UserID, m.TellUserID = "invite", g.ID, inv.User.ID, ann
		_ = e.svc.Send(e.ctx, m) // Cy's is refused for good
	}
	states, err := e.st.InvitationStates(e.ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if states[1].Failed || !states[2].Failed || states[1].Expired {
		t.Errorf("invitation states: %+v", states)
	}

	e.clk.Add(15 * 24 * time.Hour)
	e.tick()
	e.tick() // told once
	told := e.outbox(kindInvExpiry)
	if len(told) != 2 {
		t.Fatalf("%d mails about invitations that ran out, want 2", len(told))
	}
	for _, m := range told {
		if m.UserID != ann || !strings.Contains(m.TextBody, "did not accept the invitation") {
			t.Errorf("mail to %d: %s", m.UserID, m.TextBody)
		}
	}
	if states, _ := e.st.InvitationStates(e.ctx, g.ID); !states[1].Expired {
		t.Errorf("Bob's invitation after 15 days: %+v", states[1])
	}
	// Bob's invitation is sent again: the game waits on.
	if _, err := e.st.ResendInvitation(e.ctx, g.ID, ann, 1, 14*24*time.Hour, store.Limits{}); err != nil {
		t.Fatal(err)
	}
	e.clk.Add(50 * 24 * time.Hour) // Bob's second link ran out 36 days ago
	e.tick()
	if row, _ := e.st.GameRow(e.ctx, g.ID); row.Status != store.StatusInviting {
		t.Fatalf("the game ended while an invitation worked within abandon_days: %s", row.Status)
	}
	e.clk.Add(30 * 24 * time.Hour)
	e.tick()
	row, _ := e.st.GameRow(e.ctx, g.ID)
	if row.Status != store.StatusFinished || row.Ending != store.EndExpired {
		t.Fatalf("after abandon_days with no working invitation: %s %q", row.Status, row.Ending)
	}
	if n := len(e.outbox(kindExpired)); n != 3 {
		t.Errorf("%d mails saying the game never started, want one to each of 3 seats", n)
	}
	e.verified()
}

// TestResignToSubstitute: where the game asks for substitutes, resigning
// mails everyone a link; the caretaker plays the seat until someone takes
// it; the newcomer plays it; on the ladder the one who resigned ranks
// last, in place of the newcomer.
func TestResignToSubstitute(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.Timeout.Policy = store.PolicySubstitute })
	g := e.startGame(gametest.ID, "Resigned", 3, 5, nil)
	if err := e.st.Exec(`UPDATE games SET rated = TRUE WHERE id = ?`, g.ID); err != nil {
		t.Fatal(err)
	}
	seats, _ := e.st.Seats(e.ctx, g.ID)
	bob := seats[1].UserID
	if _, err := e.st.Resign(e.ctx, g.ID, bob); err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.Resign(e.ctx, g.ID, bob); err == nil {
		t.Error("resigned twice")
	}
	mails := e.outbox(kindResigned)
	if len(mails) != 3 {
		t.Fatalf("%d resignation mails, want 3", len(mails))
	}
	m := regexp.MustCompile(`/notify/substitute/([A-Za-z0-9_-]+)`).FindStringSubmatch(mails[0].TextBody)
	if m == nil {
		t.Fatalf("no substitute link: %s", mails[0].TextBody)
	}
	if body := mails[0].TextBody; !strings.Contains(body, "resigned from the game") || !strings.Contains(body, "offered to a replacement") ||
		strings.Contains(body, "did not decide in time") {
		t.Errorf("resignation mail: %s", body)
	}
	if sc, _ := e.st.SeatClockOf(e.ctx, g.ID, 1); !sc.Dropped {
		t.Error("the resigned seat is not the caretaker's meanwhile")
	}
	dee := e.person("dee@example.org", "Dee", "en", "UTC")
	if _, err := e.st.TakeSeat(e.ctx, m[1], dee, ""); err != nil {
		t.Fatal(err)
	}
	if sc, _ := e.st.SeatClockOf(e.ctx, g.ID, 1); sc.Dropped {
		t.Error("the caretaker still plays the seat Dee took")
	}
	for range 200 {
		pos, err := e.st.Current(e.ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			break
		}
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: json.RawMessage(mv)}); err != nil {
			t.Fatal(err)
		}
	}
	rated, err := e.st.RatedGames(e.ctx, gametest.ID)
	if err != nil || len(rated) != 1 {
		t.Fatalf("rated: %v %v", rated, err)
	}
	for _, p := range rated[0].Players {
		switch p.Member {
		case store.MemberID(bob):
			if !p.Dropped {
				t.Error("Bob resigned but is not last")
			}
		case store.MemberID(dee):
			t.Error("the substitute is rated for a game she joined late")
		default:
			if p.Dropped {
				t.Errorf("%s dropped", p.Member)
			}
		}
	}
	e.verified()
}
