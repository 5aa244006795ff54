package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// raceResult is race's JSON line for one game.
type raceResult struct {
	Game        int64  `json:"game"`
	Seq         string `json:"seq"` // the position every submission was made from
	Submissions int    `json:"submissions"`
	Accepted    int    `json:"accepted"`
	Conflicts   int    `json:"conflicts"`
	Errors      int    `json:"errors"`
}

// runRace submits one move many times at once, spread over several
// instances of the service (two `rondel serve` on one PostgreSQL): of the
// submissions exactly one may be accepted, every other told the game
// changed.
//
//	go run ./tests/load race --url URL1,URL2 --dir DIR [--games N --submissions M]
func runRace(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("race", flag.ContinueOnError)
	fs.SetOutput(stderr)
	urls := fs.String("url", "http://localhost:8080", "the instances' base `URLs`, comma-separated")
	dir := fs.String("dir", ".", "`directory` of sessions.tsv and games.tsv")
	games := fs.Int("games", 5, "games in play to race a move in, one after the other")
	subs := fs.Int("submissions", 100, "concurrent submissions of the move in each game")
	if err := fs.Parse(args); err != nil {
		return err
	}
	bases := strings.Split(*urls, ",")
	d, err := newDriver(runOpts{URL: bases[0], Dir: *dir, Page: "moves", Clients: *subs, Duration: time.Minute, Timeout: time.Minute})
	if err != nil {
		return err
	}
	defer d.http.CloseIdleConnections()
	enc := json.NewEncoder(stdout)
	done := 0
	for _, g := range d.active {
		if done == *games || ctx.Err() != nil {
			break
		}
		res, ok := race(d, bases, g, *subs)
		if !ok {
			continue // nobody with a session has a decision here
		}
		done++
		if err := enc.Encode(res); err != nil {
			return err
		}
		if res.Accepted != 1 || res.Errors > 0 {
			return fmt.Errorf("game %d: %d of %d submissions accepted, %d errors", g.ID, res.Accepted, res.Submissions, res.Errors)
		}
	}
	if done == 0 {
		return errors.New("no game in play has a player with a session to act")
	}
	return nil
}

// race finds a player of g with a decision, reads their form on the first
// instance and posts its first move subs times at once, round-robin over
// the instances.
func race(d *driver, bases []string, g gameRow, subs int) (*raceResult, bool) {
	c := &client{d: d, r: rand.New(rand.NewPCG(1, uint64(g.ID))), errs: map[string]int{}}
	var user int64
	var form *moveForm
	for _, u := range g.Users {
		if _, ok := d.sessions[u]; !ok {
			continue
		}
		body, ok := c.get(fmt.Sprintf("/games/%d", g.ID), u)
		if !ok {
			continue
		}
		if p := parseGamePage(body); p.form != nil {
			user, form = u, p.form
			break
		}
	}
	if form == nil {
		return nil, false
	}
	values := url.Values{"csrf": {form.csrf}, "seq": {form.seq}, "move": {form.moves[0]}}
	res := &raceResult{Game: g.ID, Seq: form.seq, Submissions: subs}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range subs {
		base := bases[i%len(bases)]
		wg.Go(func() {
			<-start
			status, body := post(d, base+fmt.Sprintf("/games/%d/move", g.ID), d.sessions[user].Token, c.csrf, values)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case status == http.StatusSeeOther:
				res.Accepted++
			case status == http.StatusConflict && strings.Contains(body, "The game changed"):
				res.Conflicts++
			default:
				res.Errors++
			}
		})
	}
	close(start)
	wg.Wait()
	return res, true
}

// post sends one form as the session's holder; status 0: no answer.
func post(d *driver, target, session, csrf string, form url.Values) (int, string) {
	req, err := http.NewRequest(http.MethodPost, target, strings.NewReader(form.Encode()))
	if err != nil {
		return 0, ""
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(&http.Cookie{Name: sessionCookie, Value: session})
	req.AddCookie(&http.Cookie{Name: csrfCookie, Value: csrf})
	resp, err := d.http.Do(req)
	if err != nil {
		return 0, ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}
