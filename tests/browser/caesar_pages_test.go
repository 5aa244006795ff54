package browser

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/words"
	"rondel/handlers"
	"rondel/notify"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

// gameRun is a game in a running Rondel, played through store.AppendMove
// as the pages would, with every seat signed in.
type gameRun struct {
	t        *testing.T
	node     string
	st       *store.Store
	base     string
	dir      string // where the screenshots go
	gameID   int64
	seats    []store.Seat
	sessions []string // by seat
	rand     *rand.Rand
	seekWay  bool // prefer connections after which the mover chooses the way to Rome
}

// shot is one page to photograph: as seat, at a viewport size.
type shot struct {
	Name    string `json:"name"`
	Path    string `json:"path"`
	Session string `json:"session"`
	Width   int    `json:"width"`
	Height  int    `json:"height"`
	Open    bool   `json:"open"` // unfold the overview
	NoBoard bool   `json:"-"`    // a page without the board
}

// pageSeen is what shoot.mjs reports of a page.
type pageSeen struct {
	Name      string     `json:"name"`
	Result    [][]string `json:"result"`
	TieBreak  string     `json:"tieBreak"`
	Prompts   []string   `json:"prompts"`
	Situation string     `json:"situation"`
	Legends   []string   `json:"legends"`
	Labels    []string   `json:"labels"`
	Picks     []string   `json:"picks"`
	Options   []string   `json:"options"`
	Board     int        `json:"board"`
	// ScrollWidth is how wide the page is, in CSS pixels: at most the
	// viewport's width, or the page scrolls sideways.
	ScrollWidth int    `json:"scrollWidth"`
	Lang        string `json:"lang"` // <html lang>
	Text        string `json:"text"` // the words of <main>
}

// startCaesar starts a 4-player Cäsars Imperium game.
func startCaesar(t *testing.T) *gameRun {
	r := startGame(t, game.NewRegistry(caesar.New()), caesar.ID, "Caesar club night", 7, nil)
	r.dir, _ = filepath.Abs("../../testdata-artifacts/browser/caesars-imperium-4p")
	return r
}

// startGame starts a 4-player game of kind with the given options in a
// running Rondel hosting reg.
func startGame(t *testing.T, reg *game.Registry, kind, name string, seed uint64, opts game.Options) *gameRun {
	return startServer(t, reg).newGame(kind, name, seed, opts, 4)
}

// server is a running Rondel on a test store.
type server struct {
	t    *testing.T
	node string
	st   *store.Store
	base string
	h    *handlers.Server
}

// keepPages makes every game's page parts as rondel serve's keeper does
// (a server started with keptPages): their pages then come as gzip.
func (s *server) keepPages() {
	for {
		n, err := s.h.KeepPages(context.Background())
		if err != nil {
			s.t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

// keptPages is a tweak that has the server keep games' page parts under
// a build name of its own, as rondel serve does (keepPages makes them).
func keptPages(d *handlers.Deps) { d.PagesVersion, d.KeepInPlay = "browser-test", true }

// startServer starts Rondel hosting reg, until the test ends.
func startServer(t *testing.T, reg *game.Registry) *server { return serve(t, reg, false) }

// serve starts Rondel hosting reg; withNotify adds the pages of mail
// settings and a game's deadlines (notify's jobs do not run); tweaks
// change the configuration.
func serve(t *testing.T, reg *game.Registry, withNotify bool, tweaks ...func(*config.Config)) *server {
	return serveWith(t, reg, withNotify, nil, tweaks...)
}

// serveWith is serve with deps changed by with (if not nil) before the
// server is made.
func serveWith(t *testing.T, reg *game.Registry, withNotify bool, with func(*handlers.Deps), tweaks ...func(*config.Config)) *server {
	node := needs(t)
	ctx := context.Background()
	st := storetest.Open(t, store.Options{Registry: reg, CacheBytes: 16 << 20})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.Addr = ln.Addr().String()
	cfg.BaseURL = "http://" + cfg.Addr
	for _, tw := range tweaks {
		tw(&cfg)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	deps := handlers.Deps{Store: st, Config: cfg, Logger: log}
	if withNotify {
		svc, err := notify.New(ctx, notify.Options{Store: st, Config: cfg, Logger: log})
		if err != nil {
			t.Fatal(err)
		}
		deps.Notify = svc
	}
	if with != nil {
		with(&deps)
	}
	h, err := handlers.New(deps)
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Shutdown(ctx) })
	return &server{t: t, node: node, st: st, base: cfg.BaseURL, h: h}
}

// people are the players of the games the tests start, in seat order.
var people = []store.NewPlayer{
	{Name: "Ann", Email: "ann@example.org"}, {Name: "Bob", Email: "bob@example.org"},
	{Name: "Cy", Email: "cy@example.org"}, {Name: "Dora", Email: "dora@example.org"},
	{Name: "Eve", Email: "eve@example.org"}, {Name: "Fay", Email: "fay@example.org"},
}

// newGame starts a game of kind for the first players of people, each
// accepted and signed in.
func (s *server) newGame(kind, name string, seed uint64, opts game.Options, players int) *gameRun {
	t := s.t
	ctx := context.Background()
	g, invites, err := s.st.CreateGame(ctx, store.NewGame{Kind: kind, Name: name, Seed: seed, Options: opts, Players: people[:players]})
	if err != nil {
		t.Fatal(err)
	}
	r := &gameRun{t: t, node: s.node, st: s.st, base: s.base, gameID: g.ID, rand: rand.New(rand.NewPCG(4, 1))}
	for _, inv := range invites {
		if _, err := s.st.AcceptSeat(ctx, g.ID, inv.User.ID); err != nil {
			t.Fatal(err)
		}
		token, err := s.st.SignIn().CreateSession(ctx, inv.User.ID, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		r.sessions = append(r.sessions, token)
	}
	if r.seats, err = s.st.Seats(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	return r
}

// playUntil plays random legal moves until stop accepts the open decision
// (returned) or the game ends (nil).
func (r *gameRun) playUntil(stop func(d game.Decision, legal []game.LegalMove) bool) *game.Decision {
	ctx := context.Background()
	for moves := 0; moves < 400; moves++ {
		pos, err := r.st.Current(ctx, r.gameID)
		if err != nil {
			r.t.Fatal(err)
		}
		if pos.State.Finished() {
			return nil
		}
		d := pos.State.ToAct()[0]
		legal := pos.State.LegalMoves(d.Seat)
		if len(legal) == 0 {
			r.t.Fatalf("seat %d has no legal move for %q", d.Seat, r.english().Say(d.Prompt))
		}
		if stop(d, legal) {
			return &d
		}
		pick := legal[r.rand.IntN(len(legal))].Move
		if r.seekWay {
			for _, m := range legal {
				if next, _, err := pos.State.Apply(d.Seat, m.Move); err == nil && !next.Finished() && next.ToAct()[0].Kind == "score-path" {
					pick = m.Move
					break
				}
			}
		}
		if _, err := r.st.AppendMove(ctx, store.Submit{GameID: r.gameID, Seat: d.Seat, Seq: pos.Seq, Move: pick, UserID: r.seats[d.Seat].UserID}); err != nil {
			r.t.Fatalf("move %d: %v", pos.Seq+1, err)
		}
	}
	r.t.Fatal("the game did not end in 400 moves")
	return nil
}

// english is the speaker of the pages' words in English, naming seats as
// the game does.
func (r *gameRun) english() *words.Speaker {
	names := make([]string, len(r.seats))
	for i, st := range r.seats {
		names[i] = st.Name
	}
	return words.English().WithNames(names)
}

// page is a shot of the game page (with an optional query) as seat.
func (r *gameRun) page(name string, seat int, query string, width int) shot {
	p := "/games/" + strconv.FormatInt(r.gameID, 10) + query
	return shot{Name: name, Path: p, Session: r.sessions[seat], Width: width, Height: 900}
}

// shoot runs shoot.mjs and returns what each page showed, by name.
func (r *gameRun) shoot(shots ...shot) map[string]pageSeen {
	spec, _ := json.Marshal(shots)
	seen := map[string]pageSeen{}
	for _, line := range runScript(r.t, r.node, "shoot.mjs", 2*time.Minute, "RONDEL_URL="+r.base, "OUT="+r.dir, "SHOTS="+string(spec)) {
		var p pageSeen
		if err := json.Unmarshal(line, &p); err != nil {
			r.t.Fatalf("shoot.mjs said %q: %v", line, err)
		}
		seen[p.Name] = p
	}
	for _, s := range shots {
		if fi, err := os.Stat(filepath.Join(r.dir, s.Name+".png")); err != nil || fi.Size() < 10_000 {
			r.t.Errorf("screenshot %s missing or empty: %v", s.Name, err)
		}
		if seen[s.Name].Board != 1 && !s.NoBoard {
			r.t.Errorf("%s: the page shows %d boards", s.Name, seen[s.Name].Board)
		}
		if w := seen[s.Name].ScrollWidth; w > s.Width {
			r.t.Errorf("%s: the page is %d px wide in a %d px window", s.Name, w, s.Width)
		}
	}
	return seen
}

// runScript runs a node script of this folder with env added and returns
// the lines it prints, each what it saw of a page, as JSON.
func runScript(t *testing.T, node, script string, timeout time.Duration, env ...string) [][]byte {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, script)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s%s", script, err, out, stderr.String())
	}
	var lines [][]byte
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		lines = append(lines, append([]byte(nil), sc.Bytes()...))
	}
	return lines
}

// get fetches a page as seat 0 and returns its body.
func (r *gameRun) get(path string) string {
	req, _ := http.NewRequest(http.MethodGet, r.base+path, nil)
	req.AddCookie(&http.Cookie{Name: "rondel_session", Value: r.sessions[0]})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		r.t.Errorf("%s: HTTP %d", path, resp.StatusCode)
	}
	return string(body)
}

// TestCaesarPagesInChromium plays a 4-player game to its end and shows it
// in Chromium: the connection form (narrowed down to one city when there
// are many), the choice of the way to Rome, and the finished game at a
// laptop's and a phone's width. The screenshots stay in
// testdata-artifacts/browser/caesars-imperium-4p.
func TestCaesarPagesInChromium(t *testing.T) {
	r := startCaesar(t)

	// The connection form: one fieldset per city that can be connected,
	// one radio button per way to build the roads to it.
	var want []game.LegalMove
	d := r.playUntil(func(d game.Decision, legal []game.LegalMove) bool {
		want = legal
		return d.Kind == "connect" && len(legal) >= 12
	})
	if d == nil {
		t.Fatal("no turn offered a dozen connections")
	}
	forms := r.shoot(r.page("connect", d.Seat, "", 1280), r.page("connect-phone", d.Seat, "", 390))
	form := forms["connect"]
	if !slices.Equal(forms["connect-phone"].Labels, form.Labels) {
		t.Errorf("the phone's form differs: %v", forms["connect-phone"].Labels)
	}
	if len(form.Labels) != len(want) || len(form.Picks) != 0 {
		t.Fatalf("the form offers %d connections (%d picks), the engine %d", len(form.Labels), len(form.Picks), len(want))
	}
	groups := map[string]bool{}
	en := r.english()
	for i, m := range want {
		groups[m.Group.Key()] = true
		label, group := en.Say(m.Label), en.Say(m.Group)
		if form.Labels[i] != label {
			t.Errorf("connection %d reads %q, want %q", i, form.Labels[i], label)
		}
		city := group[:strings.Index(group, " (")]
		if !strings.HasSuffix(strings.SplitN(label, " (", 2)[0], city) || !strings.Contains(label, "road") {
			t.Errorf("connection %q does not end at %s and count its roads", label, city)
		}
	}
	if len(form.Legends) != len(groups) || len(groups) < 2 {
		t.Errorf("the form has fieldsets %v for %d cities", form.Legends, len(groups))
	}

	// The way to Rome, when several shortest ways score differently.
	r.seekWay = true
	d = r.playUntil(func(d game.Decision, _ []game.LegalMove) bool { return d.Kind == "score-path" })
	r.seekWay = false
	if d == nil {
		t.Fatal("the game ended without a choice of the way to Rome")
	}
	path := r.shoot(r.page("way-to-rome", d.Seat, "", 1280))["way-to-rome"]
	if len(path.Labels) < 2 || len(path.Prompts) != 1 || !strings.Contains(path.Prompts[0], "Rome") {
		t.Fatalf("the choice of the way to Rome shows %+v", path)
	}
	for _, l := range path.Labels {
		if !strings.Contains(l, "Rome") || !strings.Contains(l, "Rome: scores ") {
			t.Errorf("way label %q does not say where it runs and who scores", l)
		}
	}

	// The finished game, as Ann.
	if r.playUntil(func(game.Decision, []game.LegalMove) bool { return false }) != nil {
		t.Fatal("the game did not end")
	}
	pos, err := r.st.Current(context.Background(), r.gameID)
	if err != nil {
		t.Fatal(err)
	}
	res := pos.State.Result()
	if pos.Game.Status != store.StatusFinished || res == nil {
		t.Fatalf("game status %q, result %v", pos.Game.Status, res)
	}
	overview := r.page("finished-overview", 0, "", 1280)
	overview.Open = true
	seen := r.shoot(r.page("finished-laptop", 0, "", 1280), r.page("finished-phone", 0, "", 390), overview)
	if svg := r.get("/games/" + strconv.FormatInt(r.gameID, 10) + "/board.svg"); !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, "Final scores") {
		t.Errorf("the board alone is not the final board: %.200q", svg)
	}
	for _, name := range []string{"finished-laptop", "finished-phone"} {
		p := seen[name]
		if tie := en.Say(res.TieBreak); !strings.Contains(p.TieBreak, tie) || tie == "" {
			t.Errorf("%s: tie-break words %q, want %q", name, p.TieBreak, tie)
		}
		if len(p.Result) != len(res.Scores) {
			t.Fatalf("%s: %d result rows, want %d", name, len(p.Result), len(res.Scores))
		}
		for seat, score := range res.Scores {
			want := []string{strconv.Itoa(res.Places[seat]), r.seats[seat].Name, strconv.Itoa(score)}
			found := false
			for _, row := range p.Result {
				found = found || strings.Join(row, "|") == strings.Join(want, "|")
			}
			if !found {
				t.Errorf("%s: no result row %v in %v", name, want, p.Result)
			}
		}
	}
}
