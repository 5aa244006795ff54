package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// client is one simulated browser. It signs in as whichever member a
// request is for (their session cookie) and keeps its CSRF cookie, as a
// browser keeps it across pages.
type client struct {
	d         *driver
	r         *rand.Rand
	csrf      string
	lat       []time.Duration // every request
	posts     []time.Duration // moves: the POSTs alone
	errs      map[string]int  // unexpected answers by status ("transport": no answer)
	accepted  int
	conflicts int
	// body is the last answer, read into room kept from one request to
	// the next: reading 80 KB pages into new slices cost this tool more
	// CPU than the rest of a request, CPU the server on the same machine
	// then did not get. Valid until the next request.
	body bytes.Buffer
	// zipped: the last answer came as gzip. The client asks for gzip, as
	// a browser does, and leaves a page packed unless it reads the page
	// (text): a browser unpacks on its own machine, and here the tool's
	// CPU is the server's machine's.
	zipped bool
	text   bytes.Buffer // the last page unpacked
	unzip  *gzip.Reader
}

// step makes one request (moves: one attempt at a move, two or three).
func (c *client) step() {
	d := c.d
	switch d.o.Page {
	case "game", "history", "floor":
		g := d.gameFor(c.r)
		path := fmt.Sprintf("/games/%d", g.ID)
		if d.o.Page == "history" {
			path += "/history"
		}
		c.get(path, d.seated(c.r, g))
	case "dashboard":
		c.get("/", d.users[c.r.IntN(len(d.users))])
	case "ladder":
		c.get("/ladder/"+d.kinds[c.r.IntN(len(d.kinds))], d.users[c.r.IntN(len(d.users))])
	case "moves":
		c.move()
	}
}

// get loads a page as user and counts anything but 200 as an error.
func (c *client) get(path string, user int64) ([]byte, bool) {
	status, body, _ := c.do(http.MethodGet, path, user, nil)
	if status == 0 {
		return nil, false
	}
	if status != http.StatusOK {
		c.errs[strconv.Itoa(status)]++
		return nil, false
	}
	return body, true
}

// do sends one request and times it to the last byte of the answer; a
// transport error is counted here and gives status 0.
func (c *client) do(method, path string, user int64, form url.Values) (int, []byte, time.Duration) {
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, c.d.o.URL+path, body)
	if err != nil {
		c.errs["transport"]++
		return 0, nil, 0
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.AddCookie(&http.Cookie{Name: sessionCookie, Value: c.d.sessions[user].Token})
	if c.csrf != "" {
		req.AddCookie(&http.Cookie{Name: csrfCookie, Value: c.csrf})
	}
	req.Header.Set("Accept-Encoding", "gzip") // said here, the transport leaves the answer packed
	t := time.Now()
	resp, err := c.d.http.Do(req)
	if err != nil {
		c.lat = append(c.lat, time.Since(t))
		c.errs["transport"]++
		return 0, nil, 0
	}
	c.body.Reset()
	_, err = c.body.ReadFrom(resp.Body)
	resp.Body.Close()
	data := c.body.Bytes()
	lat := time.Since(t)
	c.zipped = resp.Header.Get("Content-Encoding") == "gzip"
	c.lat = append(c.lat, lat)
	if err != nil {
		c.errs["transport"]++
		return 0, nil, lat
	}
	for _, ck := range resp.Cookies() {
		if ck.Name == csrfCookie && ck.Value != "" {
			c.csrf = ck.Value
		}
	}
	return resp.StatusCode, data, lat
}

// move plays one legal move in a game in play: it opens the game as one
// of its players, and if that player has nothing to decide, as a player
// the page shows to act; then it posts a move taken from the form.
func (c *client) move() {
	g, ok := c.d.activeGame(c.r)
	if !ok {
		time.Sleep(10 * time.Millisecond) // every game has ended
		return
	}
	first := c.d.seated(c.r, g)
	body, ok := c.get(fmt.Sprintf("/games/%d", g.ID), first)
	if !ok {
		return
	}
	page := parseGamePage(c.page(body))
	if page.seats > 0 && len(page.toAct) == 0 {
		c.d.ended(g.ID) // nobody has anything to decide: the game is over
		return
	}
	if page.form == nil {
		// Those the page marks to act, else everyone else (in case the
		// page's markup changed).
		var next []int64
		for _, seat := range page.toAct {
			if seat < len(g.Users) {
				next = append(next, g.Users[seat])
			}
		}
		if len(page.toAct) == 0 {
			next = append(next, g.Users...)
		}
		c.r.Shuffle(len(next), func(i, j int) { next[i], next[j] = next[j], next[i] })
		next = slicesWithout(next, first)
		for _, u := range next {
			if _, ok := c.d.sessions[u]; !ok {
				continue
			}
			if body, ok = c.get(fmt.Sprintf("/games/%d", g.ID), u); !ok {
				return
			}
			if page = parseGamePage(c.page(body)); page.form != nil {
				first = u
				break
			}
		}
	}
	if page.form == nil {
		return // another client moved meanwhile
	}
	f := page.form
	form := url.Values{"csrf": {f.csrf}, "seq": {f.seq}, "move": {f.moves[c.r.IntN(len(f.moves))]}}
	status, answer, lat := c.do(http.MethodPost, fmt.Sprintf("/games/%d/move", g.ID), first, form)
	if status == 0 {
		return
	}
	c.posts = append(c.posts, lat)
	switch {
	case status == http.StatusSeeOther:
		c.accepted++
	case status == http.StatusConflict && bytes.Contains(answer, []byte("The game changed")):
		c.conflicts++
	case status == http.StatusConflict && bytes.Contains(answer, []byte("The game is not in play")):
		// another client's move ended the game between our read and our
		// move: a right answer, counted with the conflicts
		c.conflicts++
	default:
		c.errs[strconv.Itoa(status)]++
	}
}

// page is the last answer's body unpacked if it came as gzip (valid until
// the next request); a body that does not unpack counts an error and
// reads as nothing.
func (c *client) page(body []byte) []byte {
	if !c.zipped {
		return body
	}
	var err error
	if c.unzip == nil {
		c.unzip, err = gzip.NewReader(bytes.NewReader(body))
	} else {
		err = c.unzip.Reset(bytes.NewReader(body))
	}
	c.text.Reset()
	if err == nil {
		_, err = c.text.ReadFrom(c.unzip)
	}
	if err != nil {
		c.errs["gzip"]++
		return nil
	}
	return c.text.Bytes()
}

func slicesWithout(s []int64, x int64) []int64 {
	out := make([]int64, 0, len(s))
	for _, v := range s {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}
