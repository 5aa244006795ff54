// Package browser holds the real-browser test: Debian's chromium driven by
// playwright-core (drive.mjs) through a 3-player Imperial game.
package browser

import (
	"context"
	"fmt"
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
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/words"
	"rondel/handlers"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

const chromium = "/usr/bin/chromium"

// needs skips the test, saying what is missing, unless the browser, node,
// playwright-core and axe-core (npm ci in tests/browser) are installed.
func needs(t *testing.T) string {
	t.Helper()
	node, why := missing()
	if why != "" {
		t.Skip(why)
	}
	return node
}

// missing finds node, or says what the real-browser test lacks here.
func missing() (node, why string) {
	if !gametest.Long() {
		return "", "a long run: RONDEL_LONG=1 go test ./tests/browser/ runs it"
	}
	if _, err := os.Stat(chromium); err != nil {
		return "", "chromium is not installed (apt-get install chromium)"
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return "", "node is not installed (apt-get install nodejs)"
	}
	for _, pkg := range []string{"playwright-core", "axe-core"} {
		if _, err := os.Stat("node_modules/" + pkg); err != nil {
			return "", pkg + " is not installed (npm ci in tests/browser)"
		}
	}
	return node, ""
}

// drive starts Rondel hosting every game it tests, runs drive.mjs for
// gameID and returns the store to check what was played.
func drive(t *testing.T, gameID string, moves int) (*store.Store, string) {
	node := needs(t)
	reg := game.NewRegistry(imperial.New(), caesar.New())
	st := storetest.Open(t, store.Options{Registry: reg, CacheBytes: 16 << 20})
	ctx := context.Background()
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
	t.Cleanup(func() { srv.Shutdown(ctx) })

	artifacts, _ := filepath.Abs("../../testdata-artifacts/browser")
	runCtx, cancel := context.WithTimeout(ctx, 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(runCtx, node, "drive.mjs")
	cmd.Env = append(os.Environ(), "RONDEL_URL="+cfg.BaseURL, "ARTIFACTS="+artifacts, "GAME="+gameID, fmt.Sprintf("MOVES=%d", moves))
	out, err := cmd.CombinedOutput()
	t.Logf("browser run:\n%s", out)
	if err != nil {
		t.Fatalf("drive.mjs: %v", err)
	}
	for _, shot := range []string{"06-board-laptop", "08-board-phone"} {
		if fi, err := os.Stat(filepath.Join(artifacts, gameID, shot+".png")); err != nil || fi.Size() < 10_000 {
			t.Errorf("screenshot %s missing or empty: %v", shot, err)
		}
	}
	return st, filepath.Join(artifacts, gameID)
}

// played returns the moves of the host's only game and all their events.
func played(t *testing.T, st *store.Store) ([]store.Move, string) {
	ctx := context.Background()
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
			all.WriteString(words.English().Say(e.Msg) + "\n")
		}
	}
	return moves, all.String()
}

// TestImperialInChromium plays a full round: imports, a maneuver with a
// convoy and an investor turn, all through the pages.
func TestImperialInChromium(t *testing.T) {
	st, dir := drive(t, "imperial", 0)
	moves, events := played(t, st)
	for _, want := range []string{" imported ", " by convoy ", "investor card"} {
		if !strings.Contains(events, want) {
			t.Errorf("no event with %q in %d moves", want, len(moves))
		}
	}
	if !strings.Contains(events, " bought ") && !strings.Contains(events, " upgraded ") {
		t.Errorf("no bond bought or upgraded in an investor turn in %d moves", len(moves))
	}
	if _, err := os.Stat(filepath.Join(dir, "04-after-convoy.png")); err != nil {
		t.Error("no screenshot after the convoy")
	}
}

// TestCaesarInChromium plays the first offered move a dozen times.
func TestCaesarInChromium(t *testing.T) {
	st, _ := drive(t, caesar.ID, 12)
	if moves, _ := played(t, st); len(moves) != 12 {
		t.Errorf("%d moves stored, want 12", len(moves))
	}
}
