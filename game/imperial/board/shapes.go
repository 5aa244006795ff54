package board

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
)

// The drawing of a map: geographic outlines made by the generator in
// ./mapgen from Natural Earth data (see docs/maps.md), embedded beside the
// rules data. Coordinates are drawing units: the map is Width units wide,
// (0, 0) its top-left corner.

//go:embed data/*-shapes.json
var shapesFS embed.FS

// Shapes is the drawing of one map.
type Shapes struct {
	Map    string  `json:"map"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	// Wrap: the left and right edges are one line (Imperial 2030's Pacific).
	Wrap       bool          `json:"wrap,omitempty"`
	Regions    []RegionShape `json:"regions"`
	Scenery    Scenery       `json:"scenery"`
	SeaBorders string        `json:"sea_borders"` // borders between two seas
	Connectors []Connector   `json:"connectors,omitempty"`
	Labels     []MapLabel    `json:"labels,omitempty"` // names of scenery (Black Sea, ...)

	// byID indexes Regions (made once by parseShapes): every drawing of a
	// position asks for each region's shape twice, a scan each time.
	byID map[string]int
}

// RegionShape is one region's outline and where its pieces go.
type RegionShape struct {
	ID   string `json:"id"`
	Path string `json:"path"` // SVG path data, absolute, one or more closed rings (even-odd)
	// Label is the centre of the region's name; Box the rectangle (x, y,
	// w, h) below it where the factory, flag and units are drawn.
	Label [2]float64 `json:"label"`
	Box   [4]float64 `json:"box"`
	// Callout: the region is too small for its pieces, so Box lies outside
	// it and a leader line joins Box to Anchor, a point inside the region.
	Callout bool       `json:"callout,omitempty"`
	Anchor  [2]float64 `json:"anchor"`
	// Port: for a shipyard city, the point in its port sea where the
	// harbour's anchor is drawn.
	Port *[2]float64 `json:"port,omitempty"`

	ref string // "r-" + ID, made once by parseShapes (Ref)
	// "n-" + ID, made once by parseShapes (NameRef)
	nameRef string
}

// Ref is the id of the region's element in the map drawing ("r-" + ID):
// made once for the program, not once per drawing.
func (r *RegionShape) Ref() string {
	if r.ref == "" {
		return "r-" + r.ID
	}
	return r.ref
}

// NameRef is the id of the element of the region's name in the map
// drawing ("n-" + ID; a callout's name is its own element).
func (r *RegionShape) NameRef() string {
	if r.nameRef == "" {
		return "n-" + r.ID
	}
	return r.nameRef
}

// Scenery is what the map shows that is not a region: land that belongs
// to no region (islands the rules ignore, countries off the game) and
// water that is no sea region.
type Scenery struct {
	Land  string `json:"land"`
	Water string `json:"water"`
}

// Connector joins two regions the rules make neighbours although the
// geography cannot show them touching: a strait armies cross, a canal, or
// the Pacific wrap of Imperial 2030.
type Connector struct {
	A     string        `json:"a"`
	B     string        `json:"b"`
	Kind  string        `json:"kind"` // "strait", "canal" or "wrap"
	Name  string        `json:"name"` // id of the canal, or of the strait's words
	Path  string        `json:"path"` // the line drawn
	Ends  [2][2]float64 `json:"ends"` // end points: in A, in B
	Label [2]float64    `json:"label"`
}

// MapLabel is a name written on the map that belongs to no region.
type MapLabel struct {
	Text string     `json:"text"`
	At   [2]float64 `json:"at"`
}

var shapes, shapesErr = parseShapes()

func parseShapes() (map[string]*Shapes, error) {
	files, err := shapesFS.ReadDir("data")
	if err != nil {
		return nil, err
	}
	out := map[string]*Shapes{}
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), "-shapes.json") {
			continue
		}
		data, err := shapesFS.ReadFile("data/" + f.Name())
		if err != nil {
			return nil, err
		}
		var s Shapes
		if err := json.Unmarshal(data, &s); err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name(), err)
		}
		s.byID = make(map[string]int, len(s.Regions))
		for i := range s.Regions {
			s.byID[s.Regions[i].ID] = i
			s.Regions[i].ref = "r-" + s.Regions[i].ID
			s.Regions[i].nameRef = "n-" + s.Regions[i].ID
		}
		out[s.Map] = &s
	}
	return out, nil
}

// LoadShapes returns the drawing of a map ("europe", "world2030"). Callers
// share it and must not change it.
func LoadShapes(mapID string) (*Shapes, error) {
	if shapesErr != nil {
		return nil, shapesErr
	}
	s, ok := shapes[mapID]
	if !ok {
		return nil, fmt.Errorf("no drawing of map %q", mapID)
	}
	return s, nil
}

// Shape returns the drawing of one region.
func (s *Shapes) Shape(id string) (*RegionShape, bool) {
	if s.byID != nil {
		i, ok := s.byID[id]
		if !ok {
			return nil, false
		}
		return &s.Regions[i], true
	}
	for i := range s.Regions {
		if s.Regions[i].ID == id {
			return &s.Regions[i], true
		}
	}
	return nil, false
}
