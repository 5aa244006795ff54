package handlers

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"rondel/store"
)

func TestStandingOrdersAndAbsenceFromTheWeb(t *testing.T) {
	t.Parallel()
	e, _, g := notifyEnv(t)
	ctx := context.Background()
	seats, _ := e.store.Seats(ctx, g.ID)
	ann := e.browser()
	ann.signIn("ann@example.org")
	path := "/games/" + strconv.FormatInt(g.ID, 10) + "/notify"
	code, doc := ann.get(path)
	if code != http.StatusOK || !strings.Contains(text(doc), "Your standing orders") {
		t.Fatalf("orders page: %d %s", code, text(doc))
	}
	// The form offers the order of every game and the game's own, one
	// option for each choice of its parameter.
	var offered []string
	doc.Find(`select[name="order"] option`).Each(func(_ int, o *goquery.Selection) { offered = append(offered, o.AttrOr("value", "")) })
	if want := []string{"only-move", "always-vote/cheer", "always-vote/groan"}; !slices.Equal(offered, want) {
		t.Errorf("orders offered %v, want %v", offered, want)
	}
	code, doc = ann.submit(doc, `form[action="`+path+`/orders"]`, map[string]string{"order": "always-vote/groan"})
	if code != http.StatusOK || !strings.Contains(text(doc), "Always groan at a multiple of five") {
		t.Fatalf("after adding an order: %d %s", code, text(doc))
	}
	orders, _ := e.store.StandingOrders(ctx, g.ID, store.SeatOf(seats, seats[0].UserID))
	if len(orders) != 1 || orders[0].Order != "always-vote" || orders[0].Param != "groan" {
		t.Fatalf("orders stored: %+v", orders)
	}
	// An order the game does not offer, one without the choice it needs,
	// and one with a choice it does not have are refused.
	for _, o := range []string{"never-battle/FR", "always-vote", "always-vote/boo", "only-move/x", ""} {
		if code, _ := ann.submit(doc, `form[action="`+path+`/orders"]`, map[string]string{"order": o}); code != http.StatusBadRequest {
			t.Errorf("order %q: %d, want 400", o, code)
		}
	}
	if orders, _ := e.store.StandingOrders(ctx, g.ID, store.SeatOf(seats, seats[0].UserID)); len(orders) != 1 {
		t.Errorf("refused orders were stored: %+v", orders)
	}
	// Someone without a seat cannot give orders.
	zed := e.browser()
	zed.signIn("zed@example.org")
	_, zdoc := zed.get("/signin")
	csrf, _ := zdoc.Find(`input[name="csrf"]`).Attr("value")
	if code, _ := zed.post(path+"/orders", map[string][]string{"csrf": {csrf}, "order": {"only-move"}}); code != http.StatusForbidden {
		t.Errorf("order from outside the game: %d", code)
	}
	// Absence: the deadline of the asked seat moves.
	pos, _ := e.store.Current(ctx, g.ID)
	asked := pos.State.ToAct()[0].Seat
	who := map[int64]*browser{seats[0].UserID: ann}
	b, ok := who[seats[asked].UserID]
	if !ok {
		b = e.browser()
		b.signIn("bob@example.org")
	}
	before := openDue(t, e, g.ID, asked)
	_, doc = b.get("/notify/settings")
	from := e.clock.Now().Format("2006-01-02")
	code, doc = b.submit(doc, `form[action="/notify/settings/absence"]`, map[string]string{"from": from, "days": "3"})
	if code != http.StatusOK || !strings.Contains(text(doc), "Saved") {
		t.Fatalf("absence: %d %s", code, text(doc))
	}
	if after := openDue(t, e, g.ID, asked); after.Sub(before) < 2*24*time.Hour {
		t.Errorf("deadline %v -> %v after a 3-day absence", before, after)
	}
	_, doc = b.get("/notify/settings")
	if code, doc := b.submit(doc, `form[action="/notify/settings/absence"]`, map[string]string{"from": from, "days": "20"}); code != http.StatusBadRequest {
		t.Errorf("a 20-day absence: %d %s", code, text(doc))
	}
}

func openDue(t *testing.T, e *env, gameID int64, seat int) time.Time {
	t.Helper()
	ds, _ := e.store.DeadlinesOf(context.Background(), gameID)
	for _, d := range ds {
		if d.Seat == seat && d.ClosedAt == nil {
			return d.DueAt
		}
	}
	t.Fatal("no open deadline")
	return time.Time{}
}

func TestUndeliveredMailForAdmins(t *testing.T) {
	t.Parallel()
	var failedID int64
	e, _, _ := notifyEnvWith(t, func(d *Deps) { d.Config.Admins = []string{"ann@example.org"} })
	ctx := context.Background()
	rows, _ := e.store.Outbox().Rows(ctx, "", 1)
	failedID = rows[0].ID
	if err := e.store.Outbox().MarkFailed(ctx, failedID, errors.New("550 mailbox unavailable"), e.clock.Now(), true); err != nil {
		t.Fatal(err)
	}
	ann := e.browser()
	ann.signIn("ann@example.org")
	code, doc := ann.get("/notify/mail")
	if code != http.StatusOK || !strings.Contains(text(doc), "550 mailbox unavailable") {
		t.Fatalf("admin page: %d %s", code, text(doc))
	}
	code, _ = ann.submit(doc, `form[action="/notify/mail/`+strconv.FormatInt(failedID, 10)+`/retry"]`, nil)
	if code != http.StatusOK {
		t.Fatalf("retry: %d", code)
	}
	if m, _ := e.store.Outbox().ByID(ctx, failedID); m.Status != store.OutboxPending {
		t.Errorf("after retry the mail is %s", m.Status)
	}
	bob := e.browser()
	bob.signIn("bob@example.org")
	if code, _ := bob.get("/notify/mail"); code != http.StatusForbidden {
		t.Errorf("non-admin: %d", code)
	}
}

func TestSubstituteSeatFromTheWeb(t *testing.T) {
	t.Parallel()
	e, svc, g := notifyEnvWith(t, func(d *Deps) {
		d.Config.Notify.Timeout.Policy = "substitute"
	})
	ctx := context.Background()
	pos, _ := e.store.Current(ctx, g.ID)
	seat := pos.State.ToAct()[0].Seat
	e.clock.Add(73 * time.Hour)
	if err := svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	var link string
	mails, _ := e.store.LocalMails(ctx, 100)
	for _, m := range mails {
		if i := strings.Index(m.Body, testBase+"/notify/substitute/"); i >= 0 {
			link = strings.Fields(m.Body[i:])[0]
		}
	}
	if link == "" {
		t.Fatal("no substitute invitation in the outbox")
	}
	zed := e.browser()
	zed.signIn("zed@example.org")
	code, doc := zed.get(pathOf(t, link))
	if code != http.StatusOK || !strings.Contains(text(doc), "Take this seat") {
		t.Fatalf("offer page: %d %s", code, text(doc))
	}
	code, doc = zed.submit(doc, "main form", map[string]string{"name": "Zed"})
	if code != http.StatusOK {
		t.Fatalf("taking the seat: %d %s", code, text(doc))
	}
	seats, _ := e.store.Seats(ctx, g.ID)
	u, _ := e.store.User(ctx, seats[seat].UserID)
	if u.Email != "zed@example.org" || seats[seat].Name != "Zed" {
		t.Errorf("seat %d is held by %s as %q", seat, u.Email, seats[seat].Name)
	}
	if code, _ := zed.get(pathOf(t, link)); code != http.StatusNotFound {
		t.Errorf("the offer is still open after it was taken: %d", code)
	}
}
