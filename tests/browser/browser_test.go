// Package browser holds the real-browser test: Debian's chromium driven by
// playwright-core (drive.mjs) through a 3-player Imperial game.
package browser

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/handlers"
	"rondel/store"
	"rondel/store/config"
)

const chromium = "/usr/bin/chromium"

// needs skips the test, saying what is missing, unless the browser, node
// and playwright-core (npm ci in tests/browser) are installed.
func needs(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("real-browser test skipped in -short mode")
	}
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("chromium is not installed (apt-get install chromium)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed (apt-get install nodejs)")
	}
	if _, err := os.Stat("node_modules/playwright-core"); err != nil {
		t.Skip("playwright-core is not installed (npm ci in tests/browser)")
	}
	return node
}

func TestImperialInChromium(t *testing.T) {
	node := needs(t)
	reg := game.NewRegistry(imperial.New())
	st, err := store.Open(filepath.Join(t.TempDir(), "browser.db"), store.Options{Registry: reg, CacheSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	if err := st.CheckSchema(ctx, true); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.Addr = ln.Addr().String()
	cfg.BaseURL = "http://" + cfg.Addr
	h, err := handlers.New(handlers.Deps{Store: st, Config: cfg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	defer srv.Shutdown(ctx)

	artifacts, _ := filepath.Abs("../../testdata-artifacts/browser")
	runCtx, cancel := context.WithTimeout(ctx, 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(runCtx, node, "drive.mjs")
	cmd.Env = append(os.Environ(), "RONDEL_URL="+cfg.BaseURL, "ARTIFACTS="+artifacts)
	outb, err := cmd.CombinedOutput()
	t.Logf("browser run:\n%s", outb)
	if err != nil {
		t.Fatalf("drive.mjs: %v", err)
	}

	// What the browser did is in the log: check it there, not only in the page.
	games, err := st.GamesOf(ctx, 1)
	if err != nil || len(games) != 1 {
		t.Fatalf("games of the host: %v %v", games, err)
	}
	moves, err := st.Moves(ctx, games[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, m := range moves {
		for _, e := range m.EventList() {
			all.WriteString(e.Text + "\n")
		}
	}
	for _, want := range []string{" imported ", " by convoy ", "investor card"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("no event with %q in %d moves", want, len(moves))
		}
	}
	for _, shot := range []string{"04-after-convoy", "06-board-laptop", "08-board-phone"} {
		if fi, err := os.Stat(filepath.Join(artifacts, shot+".png")); err != nil || fi.Size() < 10_000 {
			t.Errorf("screenshot %s missing or empty: %v", shot, err)
		}
	}
}
