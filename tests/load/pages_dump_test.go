package main

import (
	"flag"
	"fmt"
	"html"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"rondel/handlers"
	"rondel/store/config"
)

// csrfValue is the form token, random per session: left out of the dump.
var csrfValue = regexp.MustCompile(`name="csrf" value="[^"]*"`)

// olderLink is the dashboard's link to its next page of finished games.
var olderLink = regexp.MustCompile(`<a href="([^"]*)" rel="next">`)

var dumpDir = flag.String("dump", "", "write the pages of the seeded -db's games to this folder, to compare two builds")

// TestDumpPages writes every member's dashboard (and its second page of
// finished games) and ladders, and the game page and the
// history of every game of the seeded database as one of its players sees
// it (form tokens left out, a fixed clock), so that a change
// meant to make pages cheaper can be shown to leave them byte for byte
// the same (diff the folders of two builds):
//
//	go test ./tests/load -run TestDumpPages -db club.db -dump DIR
func TestDumpPages(t *testing.T) {
	if *dumpDir == "" || *benchDB == "" {
		t.Skip("no -dump and -db")
	}
	p := openPageBench(t)
	// A fixed clock: pages say how long a seat has been waiting.
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	deps := handlers.Deps{Store: p.st, Config: config.Default(), Now: func() time.Time { return now },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if *keptPages { // the pages read the parts openPageBench kept
		deps.PagesVersion, deps.KeepInPlay = benchPagesVersion, true
	}
	h, err := handlers.New(deps)
	if err != nil {
		t.Fatal(err)
	}
	p.h = h
	if err := os.MkdirAll(*dumpDir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(u int64, path, file string) {
		w := p.serve(u, path)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d", path, w.Code)
		}
		if err := os.WriteFile(filepath.Join(*dumpDir, file), csrfValue.ReplaceAll(w.Body.Bytes(), []byte(`name="csrf" value="-"`)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, u := range p.d.users {
		write(u, "/", fmt.Sprintf("dashboard-%d.html", u))
		// The second page of finished games, when there is one.
		if m := olderLink.FindSubmatch(p.serve(u, "/").Body.Bytes()); m != nil {
			write(u, html.UnescapeString(string(m[1])), fmt.Sprintf("dashboard-%d-older.html", u))
		}
		for _, k := range p.d.kinds {
			write(u, "/ladder/"+k, fmt.Sprintf("ladder-%s-%d.html", k, u))
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range p.d.byCat {
		for _, g := range c {
			u := p.d.seated(r, g)
			for name, path := range map[string]string{
				"game": fmt.Sprintf("/games/%d", g.ID), "history": fmt.Sprintf("/games/%d/history", g.ID),
				"history-at-3": fmt.Sprintf("/games/%d/history?at=3", g.ID),
			} {
				write(u, path, fmt.Sprintf("%d-%d-%s.html", g.ID, u, name))
			}
		}
	}
}
