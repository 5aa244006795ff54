package notify

import (
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/config"
)

// offerSeatAfterTimeout starts a substitute game and lets the first seat's
// deadline pass, so its seat is offered; it returns the game, the seat and
// the offer's token.
func offerSeatAfterTimeout(t *testing.T, e *env) (*store.Game, int, string) {
	t.Helper()
	g := e.startGame(gametest.ID, "subs", 3, 3, game.Options{"votes": "false"})
	pos, _ := e.st.Current(e.ctx, g.ID)
	seat := pos.State.ToAct()[0].Seat
	e.clk.Add(72*time.Hour + time.Minute)
	e.tick()
	offers := e.outbox(kindSubstitute)
	if len(offers) == 0 {
		t.Fatal("no offer mail")
	}
	body := offers[0].TextBody
	i := strings.Index(body, "/notify/substitute/")
	if i < 0 {
		t.Fatalf("no link in the offer:\n%s", body)
	}
	token := strings.Fields(body[i+len("/notify/substitute/"):])[0]
	return g, seat, token
}

// TestSubstituteTakesTheSeatByName: a newcomer known only by address (they
// signed in by link) takes the seat under the name they give: the seat,
// the game's state and the mail to everyone say that name, never their
// address.
func TestSubstituteTakesTheSeatByName(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.Timeout.Policy = "substitute"; c.Notify.Timeout.SubstituteHours = 48 })
	g, seat, token := offerSeatAfterTimeout(t, e)
	seats, _ := e.st.Seats(e.ctx, g.ID)
	old := seats[seat].Name
	var newcomer store.User
	if err := e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
		u, err := tx.FindOrCreateUser("zed@example.org", "")
		newcomer = *u
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.TakeSeat(e.ctx, token, newcomer.ID, seats[(seat+1)%3].Name); err == nil {
		t.Error("the newcomer took another player's name")
	}
	if _, err := e.st.TakeSeat(e.ctx, token, newcomer.ID, "  Zed\u202E Zorro "); err != nil {
		t.Fatal(err)
	}
	seats, _ = e.st.Seats(e.ctx, g.ID)
	if seats[seat].Name != "Zed Zorro" || seats[seat].UserID != newcomer.ID {
		t.Fatalf("the seat is %+v, want Zed Zorro's", seats[seat])
	}
	pos, err := e.st.Current(e.ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	state, _ := pos.State.MarshalJSON()
	if !strings.Contains(string(state), "Zed Zorro") || strings.Contains(string(state), `"`+old+`"`) {
		t.Errorf("the game still names %s: %s", old, state)
	}
	replaced := e.outbox(kindReplaced)
	if len(replaced) != 3 {
		t.Fatalf("%d replacement mails, want 3", len(replaced))
	}
	for _, m := range replaced {
		if !strings.Contains(m.Subject, "Zed Zorro replaces "+old) || strings.Contains(m.Subject+m.TextBody, "zed@example.org") {
			t.Errorf("replacement mail to %s: %q\n%s", m.ToAddr, m.Subject, m.TextBody)
		}
	}
	if u, _ := e.st.User(e.ctx, newcomer.ID); u.DisplayName != "Zed Zorro" {
		t.Errorf("the newcomer's name is %q", u.DisplayName)
	}
}

// TestTimesInEachReadersZone: the substitute offer and the absence mail
// give their times in each reader's own time zone.
func TestTimesInEachReadersZone(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.Timeout.Policy = "substitute"; c.Notify.Timeout.SubstituteHours = 48 })
	for _, addr := range []string{"a@example.org", "b@example.org", "c@example.org"} {
		var id int64
		_ = e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
			u, err := tx.FindOrCreateUser(addr, "")
			id = u.ID
			return err
		})
		if addr != "c@example.org" {
			if err := e.st.SetTimeZone(e.ctx, id, "America/New_York"); err != nil {
				t.Fatal(err)
			}
		}
	}
	g, _, _ := offerSeatAfterTimeout(t, e)
	for _, m := range e.outbox(kindSubstitute) {
		want := map[bool]string{true: "UTC", false: "EDT"}[m.ToAddr == "c@example.org"]
		if !strings.Contains(m.TextBody, want) {
			t.Errorf("offer to %s not in %s:\n%s", m.ToAddr, want, m.TextBody)
		}
	}
	seats, _ := e.st.Seats(e.ctx, g.ID)
	from := e.clk.Now().Add(24 * time.Hour)
	if err := e.svc.DeclareAbsence(e.ctx, seats[0].UserID, from, from.Add(48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	got := e.outbox(kindAbsence)
	if len(got) != 2 {
		t.Fatalf("%d absence mails, want 2", len(got))
	}
	for _, m := range got {
		want := map[bool]string{true: "UTC", false: "EDT"}[m.ToAddr == "c@example.org"]
		if !strings.Contains(m.TextBody, want) || (want == "EDT" && strings.Contains(m.TextBody, "UTC")) {
			t.Errorf("absence mail to %s not in %s:\n%s", m.ToAddr, want, m.TextBody)
		}
	}
}
