package caesar

import (
	"embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Rome is the node id of Rome, where every road network starts.
const Rome = "rome"

// Board is one side of the map: cities, colours and the routes between them.
// Boards are data (boards/*.yaml) so that a club owning the printed game
// could transcribe the real board.
type Board struct {
	ID      string   `yaml:"id"`
	Name    string   `yaml:"name"`
	Players []int    `yaml:"players"` // the player counts this side is for
	Width   int      `yaml:"width"`
	Height  int      `yaml:"height"`
	Rome    Point    `yaml:"rome"`
	Colours []Colour `yaml:"colours"`
	Cities  []City   `yaml:"cities"`
	Routes  []Route  `yaml:"routes"`
	// Optional drawing of land and sea, painted in order over Background.
	Background string  `yaml:"background,omitempty"`
	Shapes     []Shape `yaml:"shapes,omitempty"`

	// Filled by index after loading.
	cityIdx  map[string]int // city id -> index in Cities
	colorIdx map[string]int // colour id -> index in Colours
	adj      map[string][]int
}

// Point is a position in drawing units.
type Point struct {
	X int `yaml:"x"`
	Y int `yaml:"y"`
}

// Colour is one of the eight city colours (a region of the map).
type Colour struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	Fill string `yaml:"fill"`
}

// Shape is a filled polygon of the drawing (a sea, an island).
type Shape struct {
	Fill   string `yaml:"fill"`
	Points string `yaml:"points"` // "x,y x,y ..." in drawing units

	pts [][2]int
}

// City is one city space with its city token.
type City struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Colour string `yaml:"colour"`
	Value  int    `yaml:"value"`
	X      int    `yaml:"x"`
	Y      int    `yaml:"y"`
}

// Route joins two nodes (Rome or cities) and needs Roads roads (1 or 2).
type Route struct {
	A     string `yaml:"a"`
	B     string `yaml:"b"`
	Roads int    `yaml:"roads"`
	Sea   bool   `yaml:"sea,omitempty"`
}

// Other returns the end of r that is not n.
func (r Route) Other(n string) string {
	if r.A == n {
		return r.B
	}
	return r.A
}

//go:embed boards/*.yaml
var boardFiles embed.FS

// boardForPlayers names the side of the board the rule book prescribes.
func boardForPlayers(n int) string {
	if n <= 3 {
		return "rondel-2-3"
	}
	return "rondel-4-5"
}

// embeddedBoards parses the embedded boards once; the boards are never
// changed after parsing, so states can share them.
var embeddedBoards = sync.OnceValue(func() map[string]boardOrError {
	out := map[string]boardOrError{}
	entries, _ := boardFiles.ReadDir("boards")
	for _, e := range entries {
		id := strings.TrimSuffix(e.Name(), ".yaml")
		data, err := boardFiles.ReadFile("boards/" + e.Name())
		var b *Board
		if err == nil {
			b, err = ParseBoard(data)
		}
		if err == nil && b.ID != id {
			err = fmt.Errorf("board file %s has id %q", e.Name(), b.ID)
		}
		out[id] = boardOrError{b, err}
	}
	return out
})

type boardOrError struct {
	b   *Board
	err error
}

// LoadBoard returns an embedded board by id.
func LoadBoard(id string) (*Board, error) {
	be, ok := embeddedBoards()[id]
	if !ok {
		return nil, fmt.Errorf("no board %q", id)
	}
	return be.b, be.err
}

// ParseBoard reads a board from YAML and checks it.
func ParseBoard(data []byte) (*Board, error) {
	var b Board
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("board: %w", err)
	}
	if err := b.index(); err != nil {
		return nil, fmt.Errorf("board %s: %w", b.ID, err)
	}
	return &b, nil
}

// index builds the lookups and checks the board is sound: unique ids, known
// colours, route lengths 1 or 2, at most one route per pair of nodes, and
// every city reachable from Rome.
func (b *Board) index() error {
	b.cityIdx = map[string]int{}
	b.colorIdx = map[string]int{}
	b.adj = map[string][]int{}
	if err := b.checkDrawing(); err != nil {
		return err
	}
	for i, c := range b.Colours {
		if _, dup := b.colorIdx[c.ID]; dup {
			return fmt.Errorf("colour %q twice", c.ID)
		}
		b.colorIdx[c.ID] = i
	}
	for i, c := range b.Cities {
		if c.ID == Rome || c.ID == "" {
			return fmt.Errorf("city id %q is not allowed", c.ID)
		}
		if _, dup := b.cityIdx[c.ID]; dup {
			return fmt.Errorf("city %q twice", c.ID)
		}
		if _, ok := b.colorIdx[c.Colour]; !ok {
			return fmt.Errorf("city %s has unknown colour %q", c.ID, c.Colour)
		}
		if c.Value < 1 || c.Value > 8 {
			return fmt.Errorf("city %s has value %d, want 1 to 8", c.ID, c.Value)
		}
		b.cityIdx[c.ID] = i
	}
	pairs := map[[2]string]bool{}
	for i, r := range b.Routes {
		if !b.isNode(r.A) || !b.isNode(r.B) || r.A == r.B {
			return fmt.Errorf("route %s-%s joins unknown nodes", r.A, r.B)
		}
		if r.Roads != 1 && r.Roads != 2 {
			return fmt.Errorf("route %s-%s needs %d roads, want 1 or 2", r.A, r.B, r.Roads)
		}
		key := [2]string{min(r.A, r.B), max(r.A, r.B)}
		if pairs[key] {
			return fmt.Errorf("two routes join %s and %s", r.A, r.B)
		}
		pairs[key] = true
		b.adj[r.A] = append(b.adj[r.A], i)
		b.adj[r.B] = append(b.adj[r.B], i)
	}
	seen := map[string]bool{Rome: true}
	queue := []string{Rome}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, ri := range b.adj[n] {
			if o := b.Routes[ri].Other(n); !seen[o] {
				seen[o] = true
				queue = append(queue, o)
			}
		}
	}
	for _, c := range b.Cities {
		if !seen[c.ID] {
			return fmt.Errorf("city %s cannot be reached from Rome", c.ID)
		}
	}
	return nil
}

func (b *Board) isNode(id string) bool {
	_, ok := b.cityIdx[id]
	return ok || id == Rome
}

// route returns the index of the route joining a and b, or -1.
func (b *Board) route(a, c string) int {
	for _, ri := range b.adj[a] {
		if b.Routes[ri].Other(a) == c {
			return ri
		}
	}
	return -1
}

// colourCount returns how many cities of each colour (by colour index) the board has.
func (b *Board) colourCount() []int {
	n := make([]int, len(b.Colours))
	for _, c := range b.Cities {
		n[b.colorIdx[c.Colour]]++
	}
	return n
}

// sortedAdj returns the routes at n, ordered by the id of the other end,
// so that every listing is deterministic.
func (b *Board) sortedAdj(n string) []int {
	out := slices.Clone(b.adj[n])
	slices.SortFunc(out, func(x, y int) int {
		return strings.Compare(b.Routes[x].Other(n), b.Routes[y].Other(n))
	})
	return out
}

var hexColour = regexp.MustCompile(`^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)

// checkDrawing makes sure everything the SVG copies from the file is a
// plain colour or a list of numbers, so a board file cannot inject markup.
func (b *Board) checkDrawing() error {
	if b.Background != "" && !hexColour.MatchString(b.Background) {
		return fmt.Errorf("background %q is not a colour like #a1b2c3", b.Background)
	}
	for _, c := range b.Colours {
		if !hexColour.MatchString(c.Fill) {
			return fmt.Errorf("colour %s: fill %q is not a colour like #a1b2c3", c.ID, c.Fill)
		}
	}
	for i := range b.Shapes {
		sh := &b.Shapes[i]
		if !hexColour.MatchString(sh.Fill) {
			return fmt.Errorf("shape %d: fill %q is not a colour like #a1b2c3", i, sh.Fill)
		}
		sh.pts = nil
		for _, pair := range strings.Fields(sh.Points) {
			var x, y int
			if _, err := fmt.Sscanf(pair, "%d,%d", &x, &y); err != nil {
				return fmt.Errorf("shape %d: point %q is not x,y", i, pair)
			}
			sh.pts = append(sh.pts, [2]int{x, y})
		}
		if len(sh.pts) < 3 {
			return fmt.Errorf("shape %d has fewer than 3 points", i)
		}
	}
	return nil
}
