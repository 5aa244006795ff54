package browser

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/rng"
	"rondel/game/words"
	"rondel/store"
)

// Positions for the board's tests are found by self-play in memory (fast),
// then the same moves are played into a game of the running Rondel.

// position is a decision reached by self-play: the game's setup and the
// moves that lead to it.
type position struct {
	game    string
	opts    game.Options
	players int
	seed    uint64
	moves   []playedMove
	state   game.State
	d       game.Decision
}

type playedMove struct {
	seat int
	move json.RawMessage
}

// search says what position to look for: stop accepts a decision; prefer
// names what the chance player prefers (a space of the rondel, a kind of
// move) on the way, three times in four.
type search struct {
	game    string
	opts    game.Options
	prefer  []string
	stop    func(s game.State, d game.Decision) bool
	seeds   int // seeds to try (from 1)
	maxMove int // moves per game
}

// find self-plays games until a decision stop accepts.
func find(t *testing.T, reg *game.Registry, q search) position {
	t.Helper()
	g, err := reg.Get(q.game)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := game.Normalize(g.Info().Options, q.opts)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= uint64(q.seeds); seed++ {
		players := 3 + int(seed%3)
		names := make([]string, players)
		for i := range names {
			names[i] = people[i].Name
		}
		s, err := g.New(game.Setup{Players: names, Options: opts, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		src := rng.New(seed)
		var moves []playedMove
		for n := 0; n < q.maxMove && !s.Finished(); n++ {
			todo := s.ToAct()
			for _, d := range todo {
				if q.stop(s, d) {
					return position{game: q.game, opts: q.opts, players: players, seed: seed, moves: moves, state: s, d: d}
				}
			}
			d := todo[src.Intn(len(todo))]
			legal := s.LegalMoves(d.Seat)
			pick := legal[src.Intn(len(legal))].Move
			if src.Intn(4) > 0 {
				if pref := preferred(legal, q.prefer); len(pref) > 0 {
					pick = pref[src.Intn(len(pref))]
				}
			}
			if s, _, err = s.Apply(d.Seat, pick); err != nil {
				t.Fatal(err)
			}
			moves = append(moves, playedMove{d.Seat, pick})
		}
	}
	t.Fatalf("no position of %s found in %d games", q.game, q.seeds)
	return position{}
}

// preferred lists the moves whose JSON says one of the words.
func preferred(legal []game.LegalMove, prefer []string) []json.RawMessage {
	var out []json.RawMessage
	for _, m := range legal {
		for _, p := range prefer {
			if strings.Contains(string(m.Move), p) {
				out = append(out, m.Move)
				break
			}
		}
	}
	return out
}

// start plays the position into a new game of the running Rondel.
func (s *server) start(p position, name string) *gameRun {
	r := s.newGame(p.game, name, p.seed, p.opts, p.players)
	ctx := context.Background()
	for i, m := range p.moves {
		if _, err := s.st.AppendMove(ctx, store.Submit{GameID: r.gameID, Seat: m.seat, Seq: i, Move: m.move, UserID: r.seats[m.seat].UserID}); err != nil {
			s.t.Fatalf("%s: move %d: %v", name, i+1, err)
		}
	}
	return r
}

// lastMove is the game's newest stored move.
func (r *gameRun) lastMove() string {
	moves, err := r.st.Moves(context.Background(), r.gameID)
	if err != nil || len(moves) == 0 {
		r.t.Fatalf("moves: %v", err)
	}
	return string(moves[len(moves)-1].Move)
}

func (r *gameRun) path() string { return fmt.Sprintf("/games/%d", r.gameID) }

// selector is a board reference (game.Ref) as a CSS selector.
func selector(ref string) string {
	pairs, err := game.ParseRef(ref)
	if err != nil {
		panic(err)
	}
	var b strings.Builder
	for _, p := range pairs {
		fmt.Fprintf(&b, `[data-%s="%s"]`, p[0], p[1])
	}
	return b.String()
}

// task is one page for act.mjs to open and act on.
type task struct {
	Name    string `json:"name"`
	Session string `json:"session"`
	Path    string `json:"path"`
	Width   int    `json:"width"`
	Height  int    `json:"height,omitempty"`
	JS      bool   `json:"js"`
	Axe     bool   `json:"axe,omitempty"`
	Touch   bool   `json:"touch,omitempty"`  // a phone's touch screen (hasTouch, isMobile)
	Status  int    `json:"status,omitempty"` // the page's HTTP status, if not 200
	Steps   []step `json:"steps"`
}

type step struct {
	Shot   string `json:"shot,omitempty"`
	Of     string `json:"of,omitempty"`   // the shot is of this element alone
	View   bool   `json:"view,omitempty"` // the shot is of the first screen alone
	Click  string `json:"click,omitempty"`
	Tap    string `json:"tap,omitempty"` // a finger's tap where Click would click
	Button string `json:"button,omitempty"`
	Form   string `json:"form,omitempty"`
	Group  string `json:"group,omitempty"`
	Nav    bool   `json:"nav,omitempty"`
	Fill   string `json:"fill,omitempty"`
	Select string `json:"select,omitempty"`
	Value  string `json:"value,omitempty"`
	Focus  string `json:"focus,omitempty"`
	Press  string `json:"press,omitempty"`
	Report bool   `json:"report,omitempty"`
	Axe    bool   `json:"axe,omitempty"`
	Until  string `json:"until,omitempty"`  // wait for this selector (live pages)
	Within int    `json:"within,omitempty"` // at most so many ms
}

// seen is what act.mjs reports of a page at a report or axe step.
type seen struct {
	URL         string   `json:"url"`
	Bar         string   `json:"bar"`
	BarButtons  []string `json:"barButtons"`
	Picks       int      `json:"picks"`
	Targets     int      `json:"targets"`
	Chosen      int      `json:"chosen"`
	Tinted      int      `json:"tinted"` // chosen and destination rings that paint over the board
	Off         int      `json:"off"`
	Focusable   int      `json:"focusable"`
	OffNames    []string `json:"offNames"`
	Why         []string `json:"why"`
	Happened    string   `json:"happened"`
	Error       string   `json:"error"`
	Notice      string   `json:"notice"`
	Messages    []string `json:"messages"`
	Buttons     []string `json:"buttons"`
	ScrollWidth int      `json:"scrollWidth"`
	// EncodedBytes and DecodedBytes are the page's body as it came and as
	// read (Navigation Timing): fewer on the wire when it came as gzip.
	EncodedBytes int         `json:"encodedBytes"`
	DecodedBytes int         `json:"decodedBytes"`
	NavHeight    float64     `json:"navHeight"`
	TapShift     *float64    `json:"tapShift"` // how far the board moved between a tap's touchstart and its click
	HitMin       *float64    `json:"hitMin"`   // the smallest side of a marked unit's box, its hit area included (CSS px)
	Axe          []violation `json:"axe"`
	Layout       *layout     `json:"layout"`
}

// layout is where the parts of a game page lie on its first screen (CSS
// px, from the window's top left; nil: not on the page).
type layout struct {
	Width  float64 `json:"width"` // the window
	Height float64 `json:"height"`
	Decide *box    `json:"decide"` // the decision form
	Board  *box    `json:"board"`  // the board's picture
	Map    *box    `json:"map"`    // the map's regions or cities, all of them
	Wheel  *box    `json:"wheel"`  // the rondel's spaces, all of them
	Strip  *box    `json:"strip"`  // the position strip
}

type box struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	W float64 `json:"w"`
	H float64 `json:"h"`
}

type violation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

type taskSeen struct {
	Name   string   `json:"name"`
	Seen   []seen   `json:"seen"`
	Errors []string `json:"errors"`
}

// act runs act.mjs on the tasks and returns what each saw, by name.
func (s *server) act(dir string, tasks []task) map[string]taskSeen {
	spec, _ := json.Marshal(tasks)
	lines := runScript(s.t, s.node, "act.mjs", 4*time.Minute, "RONDEL_URL="+s.base, "OUT="+dir, "TASKS="+string(spec))
	// what each page showed, to read beside the screenshots
	os.WriteFile(filepath.Join(dir, "seen.ndjson"), bytes.Join(lines, []byte("\n")), 0o644)
	got := map[string]taskSeen{}
	for _, line := range lines {
		var ts taskSeen
		if err := json.Unmarshal(line, &ts); err != nil {
			s.t.Fatalf("act.mjs said %q: %v", line, err)
		}
		if len(ts.Errors) > 0 {
			s.t.Errorf("%s: the page's script failed: %v", ts.Name, ts.Errors)
		}
		got[ts.Name] = ts
	}
	for _, tk := range tasks {
		if _, ok := got[tk.Name]; !ok {
			s.t.Errorf("act.mjs said nothing of %s", tk.Name)
		}
		for _, st := range tk.Steps {
			if st.Shot == "" {
				continue
			}
			if fi, err := os.Stat(filepath.Join(dir, st.Shot+".png")); err != nil || fi.Size() < 10_000 {
				s.t.Errorf("screenshot %s missing or empty: %v", st.Shot, err)
			}
		}
	}
	return got
}

// clickSteps are the clicks that make lm on the board: its pick, then its
// target (or its pick again, to confirm); where several moves share both,
// the button that names it.
func clickSteps(lm game.LegalMove, legal []game.LegalMove) []step {
	same := 0
	for _, m := range legal {
		if m.Board != nil && *m.Board == *lm.Board {
			same++
		}
	}
	steps := []step{{Click: selector(lm.Board.Pick)}, {Report: true}}
	switch {
	case same > 1 && lm.Board.Target != "":
		steps = append(steps, step{Click: selector(lm.Board.Target)}, step{Report: true})
	case same == 1 && lm.Board.Target != "":
		return append(steps, step{Click: selector(lm.Board.Target), Nav: true})
	case same == 1:
		return append(steps, step{Click: selector(lm.Board.Pick), Nav: true})
	}
	return append(steps, step{Button: words.English().Say(lm.Label), Nav: true})
}

// jsonEqual compares two moves as JSON values.
func jsonEqual(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}
