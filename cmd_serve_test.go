package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"rondel/handlers"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

func TestServeStartsAndShutsDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	db := filepath.Join(t.TempDir(), "rondel.db")
	go func() { done <- runServe(ctx, []string{"--addr", addr, "--db", db}, io.Discard, io.Discard) }()
	var resp *http.Response
	for range 100 {
		if resp, err = http.Get("http://" + addr + "/healthz"); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("healthz: %d", resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve ended with %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not shut down")
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("no database file: %v", err)
	}
}

func TestServeRefusesANewerSchema(t *testing.T) {
	db := filepath.Join(t.TempDir(), "rondel.db")
	if err := runMigrate(context.Background(), []string{"--db", db}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	raw, err := store.Open(db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if err := raw.Exec(`INSERT INTO goose_db_version (version_id, is_applied) VALUES (99999, 1)`); err != nil {
		t.Fatal(err)
	}
	err = runServe(context.Background(), []string{"--addr", "127.0.0.1:0", "--db", db}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("serve on a newer schema: %v", err)
	}
}

// player is one person's browser in the end-to-end test.
type player struct {
	t      *testing.T
	base   string
	client *http.Client
}

func (p *player) get(path string) *goquery.Document {
	p.t.Helper()
	resp, err := p.client.Get(p.base + path)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, _ := goquery.NewDocumentFromReader(resp.Body)
	if resp.StatusCode != 200 {
		p.t.Fatalf("GET %s: %d %s", path, resp.StatusCode, doc.Find("main").Text())
	}
	return doc
}

// submit posts the form sel of doc with the browser's defaults plus set.
func (p *player) submit(doc *goquery.Document, sel string, set url.Values) *goquery.Document {
	p.t.Helper()
	form := doc.Find(sel).First()
	vals := url.Values{}
	form.Find("input[type=hidden], input[type=email], input:not([type])").Each(func(_ int, in *goquery.Selection) {
		n, _ := in.Attr("name")
		v, _ := in.Attr("value")
		vals.Set(n, v)
	})
	form.Find("input[type=radio]").Each(func(_ int, in *goquery.Selection) {
		n, _ := in.Attr("name")
		v, _ := in.Attr("value")
		if _, ok := in.Attr("checked"); ok || vals.Get(n) == "" {
			vals.Set(n, v) // the checked one, else the first
		}
	})
	form.Find("select").Each(func(_ int, s *goquery.Selection) {
		n, _ := s.Attr("name")
		opt := s.Find("option[selected]")
		if opt.Length() == 0 {
			opt = s.Find(`option:not([value=""])`)
		}
		v, _ := opt.First().Attr("value")
		vals.Set(n, v)
	})
	for k, v := range set {
		vals[k] = v
	}
	action, _ := form.Attr("action")
	resp, err := p.client.PostForm(p.base+action, vals)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := goquery.NewDocumentFromReader(resp.Body)
	if resp.StatusCode != 200 {
		p.t.Fatalf("POST %s: %d %s", action, resp.StatusCode, strings.Join(strings.Fields(out.Find("main").Text()), " "))
	}
	return out
}

// TestEveryHostedGamePlaysThroughTheWeb creates a game of each registered
// kind through the pages, accepts the invitations from the outbox and
// plays the first offered move of whoever must act, many times.
func TestEveryHostedGamePlaysThroughTheWeb(t *testing.T) {
	reg := registry()
	for _, info := range reg.List() {
		t.Run(info.ID, func(t *testing.T) {
			st := storetest.Open(t, store.Options{Registry: reg, CacheBytes: 8 << 20})
			cfg := config.Default()
			cfg.BaseURL = "http://rondel.test"
			h, err := handlers.New(handlers.Deps{Store: st, Config: cfg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			if err != nil {
				t.Fatal(err)
			}
			ts := httptest.NewServer(h)
			defer ts.Close()
			link := func(addr string) string {
				mails, _ := st.LocalMails(context.Background(), 100)
				for _, m := range mails {
					if m.ToAddr == addr {
						return strings.TrimPrefix(m.Link, cfg.BaseURL)
					}
				}
				t.Fatalf("no mail to %s", addr)
				return ""
			}
			n := max(info.MinPlayers, min(3, info.MaxPlayers))
			var players []*player
			for range n {
				jar, _ := cookiejar.New(nil)
				players = append(players, &player{t: t, base: ts.URL, client: &http.Client{Jar: jar}})
			}
			host := players[0]
			host.submit(host.get("/signin"), `form[action="/signin"]`, url.Values{"email": {"p0@x.org"}})
			host.submit(host.get(link("p0@x.org")), "main form", nil)
			set := url.Values{"name": {"E2E " + info.ID}, "game": {info.ID}, "order": {"entered"}}
			for i := range n {
				set.Set(fmt.Sprintf("name%d", i), fmt.Sprintf("Player%d", i))
				set.Set(fmt.Sprintf("email%d", i), fmt.Sprintf("p%d@x.org", i))
			}
			host.submit(host.get("/games/new"), `form[action="/games"]`, set)
			for i := 1; i < n; i++ {
				players[i].submit(players[i].get(link(fmt.Sprintf("p%d@x.org", i))), "main form", nil)
			}
			games, _ := st.GamesOf(context.Background(), 1)
			path := fmt.Sprintf("/games/%d", games[0].ID)
			for move := 0; move < 40; move++ {
				moved := false
				for _, p := range players {
					doc := p.get(path)
					if doc.Find("form.move").Length() == 0 {
						continue
					}
					if pick := doc.Find("ul.pick a"); pick.Length() > 0 {
						href, _ := pick.First().Attr("href")
						doc = p.get(strings.Split(href, "#")[0])
					}
					// A choice and "Play", or a button of its own (an
					// answer to a question, End the maneuver).
					form, set := "form.move", url.Values(nil)
					if doc.Find("form.move input[type=radio]").Length() == 0 {
						v, _ := doc.Find("form.move-now button[name=move]").First().Attr("value")
						form, set = "form.move-now", url.Values{"move": {v}}
					}
					out := p.submit(doc, form, set)
					if out.Find("#happened li").Length() == 0 {
						t.Fatalf("move %d: the page shows no events", move+1)
					}
					moved = true
					break
				}
				if !moved {
					g, _ := st.GameRow(context.Background(), games[0].ID)
					if g.Status != store.StatusFinished {
						t.Fatalf("after %d moves nobody is offered a move, game %s", move, g.Status)
					}
					break
				}
			}
			if doc := host.get(path + "/history?at=1"); doc.Find("section.history ol.moves > li").Length() == 0 {
				t.Error("history is empty")
			}
		})
	}
}

// TestWarnsLoudlyWithoutSMTPBeyondLoopback: listening beyond this machine
// with mail kept local prints a banner; on the loopback address it does not.
func TestWarnsLoudlyWithoutSMTPBeyondLoopback(t *testing.T) {
	for addr, loud := range map[string]bool{"127.0.0.1:8080": false, "localhost:8080": false, "0.0.0.0:8080": true, ":8080": true, "192.0.2.7:80": true} {
		cfg := config.Default()
		cfg.Addr = addr
		var out, logs strings.Builder
		warnLocalMail(cfg, slog.New(slog.NewTextHandler(&logs, nil)), &out)
		if got := strings.Contains(out.String(), "WARNING") && strings.Contains(logs.String(), "level=WARN"); got != loud {
			t.Errorf("%s: warned %v, want %v:\n%s%s", addr, got, loud, out.String(), logs.String())
		}
	}
}

// The configured memory limit reaches the runtime unless GOMEMLIMIT is
// set; 0 sets none.
func TestGCPercentFromConfig(t *testing.T) {
	for _, c := range []struct {
		name             string
		memoryMB, config int
		env              map[string]string
		want             int
	}{
		{"default", 100, 400, nil, 400},
		{"configured", 112, 150, nil, 150},
		{"GOGC wins", 112, 400, map[string]string{"GOGC": "200"}, 0},
		{"GOGC off wins", 112, 400, map[string]string{"GOGC": "off"}, 0},
		{"no limit: Go's own", 0, 400, nil, 0},
		{"GOMEMLIMIT is a limit", 0, 300, map[string]string{"GOMEMLIMIT": "200MiB"}, 300},
	} {
		cfg := config.Default()
		cfg.MemoryMB, cfg.GCPercent = c.memoryMB, c.config
		if got := gcPercent(cfg, func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%s: gc percent %d, want %d", c.name, got, c.want)
		}
	}
}

func TestMemoryLimitFromConfig(t *testing.T) {
	cfg := config.Default()
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "GOMEMLIMIT" {
				return v
			}
			return ""
		}
	}
	if got, want := memoryLimit(cfg, env("")), int64(cfg.MemoryMB)<<20; got != want || want == 0 {
		t.Errorf("default: limit %d, want %d (non-zero)", got, want)
	}
	if got := memoryLimit(cfg, env("300MiB")); got != 0 {
		t.Errorf("with GOMEMLIMIT set: limit %d, want none (the environment wins)", got)
	}
	cfg.MemoryMB = 0
	if got := memoryLimit(cfg, env("")); got != 0 {
		t.Errorf("memory_mb 0: limit %d, want none", got)
	}
}
