package browser

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/handlers"
	"rondel/notify"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

// TestTurnMailInChromium shows a turn mail as the local outbox delivers
// it, and the game page its decision link opens without signing in, at a
// laptop's and a phone's width, checked by axe-core. The mail reaches a
// player in the middle of a turn (a maneuver after the rondel): the link
// opens the board and the maneuver; one unit is moved from it in
// Chromium, and the same link then opens the maneuver's next step.
// Screenshots stay in testdata-artifacts/browser/turn-mail.
func TestTurnMailInChromium(t *testing.T) {
	node := needs(t)
	ctx := context.Background()
	st := storetest.Open(t, store.Options{Registry: game.NewRegistry(imperial.New()), CacheBytes: 16 << 20})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.Addr = ln.Addr().String()
	cfg.BaseURL = "http://" + cfg.Addr
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := notify.New(ctx, notify.Options{Store: st, Config: cfg, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	h, err := handlers.New(handlers.Deps{Store: st, Config: cfg, Logger: log, Notify: svc})
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Shutdown(ctx) })
	s := &server{t: t, node: node, st: st, base: cfg.BaseURL}

	r := s.newGame("imperial", "Thursday club", 11, nil, 3)
	// Moves from elsewhere (no one on the web): each turn is mailed at once.
	rnd := rand.New(rand.NewPCG(2, 7))
	var pos *store.Position
	for range 400 {
		if pos, err = st.Current(ctx, r.gameID); err != nil {
			t.Fatal(err)
		}
		d := pos.State.ToAct()[0]
		if d.Kind == "maneuver" && pos.Seq > 40 && len(pos.State.LegalMoves(d.Seat)) > 4 {
			break
		}
		legal := pos.State.LegalMoves(d.Seat)
		if _, err := st.AppendMove(ctx, store.Submit{GameID: r.gameID, Seat: d.Seat, Seq: pos.Seq, Move: legal[rnd.IntN(len(legal))].Move}); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	seat := pos.State.ToAct()[0].Seat
	mails, _ := st.LocalMails(ctx, 1000)
	var mail store.LocalMail
	for _, m := range mails {
		if m.ToAddr == people[seat].Email && strings.Contains(m.Body, "/notify/d/") {
			mail = m
			break
		}
	}
	link := regexp.MustCompile(`/notify/d/[A-Za-z0-9._-]+`).FindString(mail.Body)
	if link == "" {
		t.Fatalf("no turn mail to %s", people[seat].Email)
	}
	var unit game.LegalMove
	for _, m := range pos.State.LegalMoves(seat) {
		if !m.Pass && m.Board != nil {
			unit = m
			break
		}
	}
	mailPath := fmt.Sprintf("/outbox/%d", mail.ID)
	dir, _ := filepath.Abs("../../testdata-artifacts/browser/turn-mail")
	shotStep := func(name string) []step { return []step{{Report: true}, {Axe: true}, {Shot: name}} }
	tasks := []task{
		{Name: "mail-1280", Session: r.sessions[seat], Path: mailPath, Width: 1280, JS: true, Axe: true, Steps: shotStep("turn-mail-1280")},
		{Name: "mail-390", Session: r.sessions[seat], Path: mailPath, Width: 390, Height: 844, JS: true, Axe: true, Steps: shotStep("turn-mail-390")},
		{Name: "link-390", Path: link, Width: 390, Height: 844, JS: true, Axe: true, Steps: shotStep("turn-link-390")},
		{Name: "link-1280", Path: link, Width: 1280, JS: true, Axe: true, Steps: append(shotStep("turn-link-1280"),
			step{Form: string(unit.Move), Group: r.english().Say(unit.Group), Nav: true}, step{Report: true}, step{Shot: "turn-link-next-1280"})},
	}
	got := s.act(dir, tasks)
	for _, tk := range tasks {
		for _, sn := range got[tk.Name].Seen {
			for _, v := range sn.Axe {
				t.Errorf("%s: axe: %s (%s): %s\n  %s", tk.Name, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
			}
			if sn.Axe == nil && sn.ScrollWidth > tk.Width {
				t.Errorf("%s: the page is %d px wide in a %d px window", tk.Name, sn.ScrollWidth, tk.Width)
			}
		}
	}
	moves, _ := st.Moves(ctx, r.gameID)
	last := moves[len(moves)-1]
	if last.Seq != pos.Seq+1 || last.Seat != seat || last.UserID == nil || *last.UserID != r.seats[seat].UserID || !jsonEqual(last.Move, string(unit.Move)) {
		t.Fatalf("the move from the link: %+v, want %s by seat %d", last, unit.Move, seat)
	}
	after := got["link-1280"].Seen
	if next := after[len(after)-1]; !strings.HasPrefix(next.URL, link) || next.Happened == "" {
		t.Errorf("after the unit moved the browser is at %s, showing what happened: %q", next.URL, next.Happened)
	}
	now, _ := st.Current(ctx, r.gameID)
	if d := now.State.ToAct()[0]; d.Seat == seat {
		// The maneuver goes on: the same link still opens it.
		resp, err := http.Get(s.base + link)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("the link after one unit: HTTP %d", resp.StatusCode)
		}
	}
}
