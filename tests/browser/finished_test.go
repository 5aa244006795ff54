package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/record"
	"rondel/store"
)

// importGolden imports one of the engines' golden records (a complete
// game) into the running Rondel, its seats taken by people, and returns
// the game's path and a session of its first player.
func (s *server) importGolden(name string) (string, string) {
	t := s.t
	ctx := context.Background()
	data, err := os.ReadFile(filepath.Join("..", "..", "game", "record", "testdata", "golden", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	var emails []string
	for i := range rec.Players {
		emails = append(emails, people[i].Email)
	}
	g, err := s.st.ImportRecord(ctx, rec, store.ImportSpec{Name: "Finished " + name, Emails: emails})
	if err != nil {
		t.Fatal(err)
	}
	seats, err := s.st.Seats(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	token, err := s.st.SignIn().CreateSession(ctx, seats[0].UserID, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("/games/%d", g.ID), token
}

// TestFinishedGamesInChromium photographs and checks with axe-core (WCAG
// 2 A and AA) a finished game of Imperial and of Cäsars Imperium, with
// its plots and statistics (and the table of values unfolded), and the
// history of the Imperial game by rounds (its newest page and an older
// one showing the board after a move), at a laptop's and a phone's width;
// no page is wider than the phone's screen. The games' parts are kept, as
// rondel serve keeps them: each game page comes as gzip made of its
// compressed parts. Screenshots stay in testdata-artifacts/browser/finished.
func TestFinishedGamesInChromium(t *testing.T) {
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
	srv := serveWith(t, reg, false, keptPages)
	dir, _ := filepath.Abs("../../testdata-artifacts/browser/finished")
	imp, impSession := srv.importGolden("imperial-standard-4p-v2")
	cae, caeSession := srv.importGolden("caesars-imperium-colour-sum-3p-v2")
	srv.keepPages()
	var tasks []task
	for _, w := range []int{1280, 390} {
		for _, g := range []struct{ name, path, session string }{{"imperial", imp, impSession}, {"caesar", cae, caeSession}} {
			name := fmt.Sprintf("%s-finished-%d", g.name, w)
			tasks = append(tasks, task{Name: name, Session: g.session, Path: g.path, Width: w, Height: 844, JS: true, Axe: true,
				Steps: []step{{Report: true}, {Axe: true}, {Shot: name}, {Shot: name + "-account", Of: "section.account"},
					{Shot: name + "-plot", Of: "section.account figure.chart"},
					{Click: "section.account figure.chart details > summary"}, {Axe: true}, {Report: true}}})
		}
		for _, h := range []struct{ name, query string }{{"newest", ""}, {"older", "?before=300&at=280"}} {
			name := fmt.Sprintf("imperial-history-%s-%d", h.name, w)
			tasks = append(tasks, task{Name: name, Session: impSession, Path: imp + "/history" + h.query, Width: w, Height: 844, JS: true, Axe: true,
				Steps: []step{{Report: true}, {Axe: true}, {Shot: name}, {Shot: name + "-moves", Of: "section.history section.round"}}})
		}
	}
	got := srv.act(dir, tasks)
	for _, tk := range tasks {
		for _, s := range got[tk.Name].Seen {
			for _, v := range s.Axe {
				t.Errorf("%s: axe: %s (%s): %s\n  %s", tk.Name, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
			}
			if s.Axe == nil && s.ScrollWidth > tk.Width {
				t.Errorf("%s: the page is %d px wide in a %d px window", tk.Name, s.ScrollWidth, tk.Width)
			}
			// A game page came compressed (a fifth of its bytes or less).
			if game := !strings.Contains(tk.Path, "/history"); game && s.Axe == nil && (s.DecodedBytes == 0 || s.EncodedBytes*3 > s.DecodedBytes) {
				t.Errorf("%s: %d bytes came for a page of %d: not as gzip", tk.Name, s.EncodedBytes, s.DecodedBytes)
			}
		}
	}
}
