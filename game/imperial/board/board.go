// Package board holds the printed-board facts of an Imperial map (regions,
// adjacency, ports, supplies, charts and set-up tables), loaded from
// embedded data files and indexed for the rules engine.
package board

import (
	"embed"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

//go:embed data/*.yaml
var dataFS embed.FS

// Kind is the kind of a region.
type Kind string

const (
	Home       Kind = "home"       // a nation's home province (one city)
	Land       Kind = "land"       // a neutral land region
	Sea        Kind = "sea"        // a sea region
	Impassable Kind = "impassable" // Switzerland: never entered
)

// Region is one region of the map.
type Region struct {
	ID      string `yaml:"id"`
	Name    string `yaml:"name"`
	Kind    Kind   `yaml:"kind"`
	Nation  string `yaml:"nation"`  // home provinces: the owning nation's id
	Factory string `yaml:"factory"` // home provinces: "armaments" or "shipyard"
	Port    string `yaml:"port"`    // shipyard cities: the anchor sea

	Index     int   `yaml:"-"`
	NationIdx int   `yaml:"-"` // -1 unless Home
	PortIdx   int   `yaml:"-"` // -1 unless a port
	Adj       []int `yaml:"-"` // all neighbours, sorted
	// Term is the catalogue term naming the region
	// ("imperial.region.<id>"), made once here because nearly every
	// event and legal move names regions.
	Term string `yaml:"-" json:"-"`
}

// IsLand reports whether armies may stand here.
func (r *Region) IsLand() bool { return r.Kind == Home || r.Kind == Land }

// Shipyard reports whether the city is a shipyard city (fleets may be placed).
func (r *Region) Shipyard() bool { return r.Factory == "shipyard" }

// Nation is one of the map's powers.
type Nation struct {
	ID        string   `yaml:"id"`
	Name      string   `yaml:"name"`
	Colour    string   `yaml:"colour"`
	Armies    int      `yaml:"armies"` // supply of pieces
	Fleets    int      `yaml:"fleets"`
	Flags     int      `yaml:"flags"`
	Factories []string `yaml:"factories"` // starting factories

	Index int    `yaml:"-"`
	Homes []int  `yaml:"-"`          // home provinces, in data order
	Order []int  `yaml:"-"`          // factory production order when supply is short
	Term  string `yaml:"-" json:"-"` // the catalogue term naming it ("imperial.nation.<id>")
}

// Bond is one bond value.
type Bond struct {
	Cost     int `yaml:"cost"`
	Interest int `yaml:"interest"`
}

// TaxStep is one row of the tax chart.
type TaxStep struct {
	Min    int `yaml:"min"`
	Max    int `yaml:"max"`
	Value  int `yaml:"value"`  // the chart space
	Points int `yaml:"points"` // power points gained
	Bonus  int `yaml:"bonus"`  // fixed bonus (Imperial 2030 chart)
}

// CardBond is one bond printed on the back of a flag card.
type CardBond struct {
	Nation string `yaml:"nation"`
	Cost   int    `yaml:"cost"`
}

// Deal says how flag cards are dealt for one player count.
type Deal struct {
	Shuffle []string            `yaml:"shuffle"`
	Add     map[string][]string `yaml:"add"`
}

// Board is a complete map with its tables.
type Board struct {
	ID                  string                `yaml:"id"`
	FirstNationFallback string                `yaml:"first_nation_fallback"`
	Nations             []*Nation             `yaml:"nations"`
	Regions             []*Region             `yaml:"regions"`
	Adjacency           [][2]string           `yaml:"adjacency"`
	Rail                [][2]string           `yaml:"rail"` // extra railway links between home provinces
	Bonds               []Bond                `yaml:"bonds"`
	TaxChart            []TaxStep             `yaml:"tax_chart"`
	StartingMoney       map[int]int           `yaml:"starting_money"`
	ExperiencedMoney    map[int]int           `yaml:"experienced_money"`
	FlagCards           map[string][]CardBond `yaml:"flag_cards"`
	Deals               map[int]Deal          `yaml:"deal"`
	ProductionOrder     map[string][]string   `yaml:"production_order"`
	Canals              []*Canal              `yaml:"canals"`      // Imperial 2030: Panama, Suez
	MaxRevenue          int                   `yaml:"max_revenue"` // 0: no cap beyond the chart
	Editions            map[string]Edition    `yaml:"editions"`    // other editions' differences

	regionByID map[string]int
	nationByID map[string]int
	railAdj    [][]int // per region: extra rail neighbours
	rail       [][]int // per region: every railway neighbour
}

// Load returns an embedded board by name ("europe"). Boards are parsed once,
// when the program starts, and never changed afterwards: every game shares them.
func Load(name string) (*Board, error) { return LoadEdition(name, "") }

// parse reads an embedded board afresh.
func parse(name string) (*Board, error) {
	data, err := dataFS.ReadFile("data/" + name + ".yaml")
	if err != nil {
		return nil, fmt.Errorf("board %q: %w", name, err)
	}
	var b Board
	if err := yaml.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("board %q: %w", name, err)
	}
	if err := b.index(); err != nil {
		return nil, fmt.Errorf("board %q: %w", name, err)
	}
	return &b, nil
}

// boards holds every embedded board and edition, keyed "map" or
// "map/edition"; it is filled once at start-up and only read afterwards.
var boards, boardsErr = parseAll()

func parseAll() (map[string]*Board, error) {
	files, err := dataFS.ReadDir("data")
	if err != nil {
		return nil, err
	}
	out := map[string]*Board{}
	for _, f := range files {
		name := strings.TrimSuffix(f.Name(), ".yaml")
		b, err := parse(name)
		if err != nil {
			return nil, err
		}
		out[name] = b
		for ed := range b.Editions {
			eb, err := parse(name)
			if err != nil {
				return nil, err
			}
			if err := eb.applyEdition(ed); err != nil {
				return nil, err
			}
			out[name+"/"+ed] = eb
		}
	}
	return out, nil
}

// MustLoad is Load for the boards compiled into the binary.
func MustLoad(name string) *Board {
	b, err := Load(name)
	if err != nil {
		panic(err)
	}
	return b
}

func (b *Board) index() error {
	b.regionByID = map[string]int{}
	b.nationByID = map[string]int{}
	for i, n := range b.Nations {
		n.Index, n.Term = i, "imperial.nation."+n.ID
		b.nationByID[n.ID] = i
	}
	for i, r := range b.Regions {
		if _, dup := b.regionByID[r.ID]; dup {
			return fmt.Errorf("region %s listed twice", r.ID)
		}
		r.Index, r.NationIdx, r.PortIdx, r.Term = i, -1, -1, "imperial.region."+r.ID
		b.regionByID[r.ID] = i
	}
	for _, r := range b.Regions {
		if r.Kind == Home {
			ni, ok := b.nationByID[r.Nation]
			if !ok {
				return fmt.Errorf("region %s: unknown nation %s", r.ID, r.Nation)
			}
			r.NationIdx = ni
			b.Nations[ni].Homes = append(b.Nations[ni].Homes, r.Index)
		}
		if r.Port != "" {
			pi, ok := b.regionByID[r.Port]
			if !ok || b.Regions[pi].Kind != Sea {
				return fmt.Errorf("region %s: port %s is not a sea", r.ID, r.Port)
			}
			r.PortIdx = pi
		}
	}
	for _, p := range b.Adjacency {
		x, okx := b.regionByID[p[0]]
		y, oky := b.regionByID[p[1]]
		if !okx || !oky || x == y {
			return fmt.Errorf("bad adjacency %v", p)
		}
		b.Regions[x].Adj = append(b.Regions[x].Adj, y)
		b.Regions[y].Adj = append(b.Regions[y].Adj, x)
	}
	b.railAdj = make([][]int, len(b.Regions))
	for _, p := range b.Rail {
		x, okx := b.regionByID[p[0]]
		y, oky := b.regionByID[p[1]]
		if !okx || !oky {
			return fmt.Errorf("bad rail link %v", p)
		}
		b.railAdj[x] = append(b.railAdj[x], y)
		b.railAdj[y] = append(b.railAdj[y], x)
	}
	if err := b.indexCanals(); err != nil {
		return err
	}
	for _, r := range b.Regions {
		slices.Sort(r.Adj)
		r.Adj = slices.Compact(r.Adj)
	}
	b.rail = make([][]int, len(b.Regions))
	for i, reg := range b.Regions {
		for _, y := range reg.Adj {
			if o := b.Regions[y]; reg.Kind == Home && o.Kind == Home && o.NationIdx == reg.NationIdx {
				b.rail[i] = append(b.rail[i], y)
			}
		}
		b.rail[i] = append(b.rail[i], b.railAdj[i]...)
	}
	for _, n := range b.Nations {
		for _, id := range b.ProductionOrder[n.ID] {
			i, ok := b.regionByID[id]
			if !ok {
				return fmt.Errorf("production order of %s: unknown %s", n.ID, id)
			}
			n.Order = append(n.Order, i)
		}
		if len(n.Order) == 0 {
			n.Order = n.Homes
		}
	}
	return nil
}

// Region returns the index of a region id.
func (b *Board) Region(id string) (int, bool) {
	i, ok := b.regionByID[id]
	return i, ok
}

// Nation returns the index of a nation id.
func (b *Board) Nation(id string) (int, bool) {
	i, ok := b.nationByID[id]
	return i, ok
}

// Adjacent reports whether two regions share a border.
func (b *Board) Adjacent(x, y int) bool {
	_, ok := slices.BinarySearch(b.Regions[x].Adj, y)
	return ok
}

// RailNeighbours returns the home provinces joined to r by railway: its land
// neighbours of the same nation plus any extra links of the map. The slice
// is shared: do not change it.
func (b *Board) RailNeighbours(r int) []int { return b.rail[r] }

// Tax returns the chart row for a revenue.
func (b *Board) Tax(revenue int) TaxStep {
	for _, t := range b.TaxChart {
		if revenue >= t.Min && revenue <= t.Max {
			return t
		}
	}
	if revenue < b.TaxChart[0].Min {
		return b.TaxChart[0]
	}
	return b.TaxChart[len(b.TaxChart)-1]
}

// Interest returns the interest of a bond cost (0 if no such bond).
func (b *Board) Interest(cost int) int {
	for _, bd := range b.Bonds {
		if bd.Cost == cost {
			return bd.Interest
		}
	}
	return 0
}
