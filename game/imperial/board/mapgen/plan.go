package main

import (
	"bytes"
	"fmt"
	"os"

	"go.yaml.in/yaml/v3"
)

// plan is everything drawn by hand for one map, over the geography of its
// source: which countries make which regions, seed points that split a
// country between regions (each land cell goes to the nearest seed among
// its country's regions), seed points of the seas (the water is flooded
// from them), channels carved through land where the rules need water,
// and the connectors of straits and canals. See docs/maps.md.
type plan struct {
	Map        string                  `yaml:"map"`
	Source     sourceSpec              `yaml:"source"`
	Projection projection              `yaml:"projection"`
	Frame      frameSpec               `yaml:"frame"`
	Width      float64                 `yaml:"width"`
	Cells      float64                 `yaml:"cells"`      // raster cells per drawing unit
	Simplify   float64                 `yaml:"simplify"`   // tolerance in cells
	MinIsland  int                     `yaml:"min_island"` // scenery land smaller than this (cells) is dropped
	Wrap       bool                    `yaml:"wrap"`
	Countries  map[string][]string     `yaml:"countries"` // country -> regions; absent: scenery
	Seeds      map[string][][2]float64 `yaml:"seeds"`     // region -> seed points (lon, lat)
	Lakes      [][2]float64            `yaml:"lakes"`     // seeds of water that is no sea region
	Channels   []channel               `yaml:"channels"`
	Polar      *polarSpec              `yaml:"polar"`
	Connectors []connectorSpec         `yaml:"connectors"`
	Labels     []labelSpec             `yaml:"labels"`
	Boxes      []boxSpec               `yaml:"boxes"` // where a region's name and pieces go, when not found by itself
}

// frameSpec gives the drawn rectangle in the projection's plane
// (thousandths of the earth's radius).
type frameSpec struct {
	West  float64 `yaml:"west"`
	East  float64 `yaml:"east"`
	North float64 `yaml:"north"`
	South float64 `yaml:"south"`
}

// channel is water carved through land along a line (a strait the source
// closes at this scale, or one the rules need open). Label, when set,
// fixes the channel's water as that sea ("lake": no sea region).
type channel struct {
	Name  string       `yaml:"name"`
	Path  [][2]float64 `yaml:"path"`
	Width float64      `yaml:"width"` // drawing units
	Label string       `yaml:"label"`
}

// polarSpec: everything north of the line (and the listed countries) is
// the impassable polar region.
type polarSpec struct {
	Region    string       `yaml:"region"`
	Line      [][2]float64 `yaml:"line"`
	Countries []string     `yaml:"countries"`
}

type connectorSpec struct {
	A     string     `yaml:"a"`
	B     string     `yaml:"b"`
	Kind  string     `yaml:"kind"`
	Name  string     `yaml:"name"`
	From  [2]float64 `yaml:"from"`
	To    [2]float64 `yaml:"to"`
	Label [2]float64 `yaml:"label"`
}

// boxSpec places a region's name and pieces by hand: a box centred at a
// place inside the region, or, for a region too small to hold them, in
// the sea or land beside it (a callout, joined to the region by a line).
type boxSpec struct {
	Region string      `yaml:"region"`
	At     [2]float64  `yaml:"at"`     // box centre (lon, lat)
	Size   [2]float64  `yaml:"size"`   // drawing units
	Anchor *[2]float64 `yaml:"anchor"` // a callout's line ends here (lon, lat), in the region
}

type labelSpec struct {
	Text string     `yaml:"text"`
	At   [2]float64 `yaml:"at"`
}

func readPlan(path string) (*plan, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var p plan
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &p, nil
}
