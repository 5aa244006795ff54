package main

import (
	"encoding/json"
	"fmt"
	"os"
)

// The source file of one map: Natural Earth admin-0 countries cut to the
// map's box, rounded to Unit degrees; each ring is a start point followed
// by the differences to the next points.
type source struct {
	Comment   string     `json:"comment"`
	Unit      float64    `json:"unit"`
	BBox      [4]float64 `json:"bbox"` // west, south, east, north
	Countries []country  `json:"countries"`
}

type country struct {
	Name  string  `json:"name"`
	Rings [][]int `json:"rings"`
}

const sourceComment = "Natural Earth 4.1.0 admin-0 countries (public domain), from the npm package world-atlas 2.0.2; cut, simplified and rounded by mapgen -extract. See docs/maps.md."

// sourceSpec says how a map's source is cut from world-atlas.
type sourceSpec struct {
	File      string     `yaml:"file"`      // in mapgen/source/
	From      string     `yaml:"from"`      // world-atlas file
	BBox      [4]float64 `yaml:"bbox"`      // west, south, east, north (after the cut)
	Cut       float64    `yaml:"cut"`       // longitude where the map starts (0: none)
	Unit      float64    `yaml:"unit"`      // rounding, degrees
	Tolerance float64    `yaml:"tolerance"` // simplification, degrees
}

func readSource(path string) (*source, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s source
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &s, nil
}

// rings decodes a country's rings into degrees.
func (s *source) rings(c country) [][]pt {
	var out [][]pt
	for _, enc := range c.Rings {
		r := make([]pt, 0, len(enc)/2)
		var x, y int
		for i := 0; i+1 < len(enc); i += 2 {
			x += enc[i]
			y += enc[i+1]
			r = append(r, pt{float64(x) * s.Unit, float64(y) * s.Unit})
		}
		out = append(out, r)
	}
	return out
}

// writeSource writes a source compactly: one country per line.
func writeSource(path string, s *source) error {
	head, err := json.Marshal(struct {
		Comment string     `json:"comment"`
		Unit    float64    `json:"unit"`
		BBox    [4]float64 `json:"bbox"`
	}{s.Comment, s.Unit, s.BBox})
	if err != nil {
		return err
	}
	buf := append(head[:len(head)-1], []byte(",\n\"countries\": [\n")...)
	for i, c := range s.Countries {
		line, err := json.Marshal(c)
		if err != nil {
			return err
		}
		buf = append(buf, line...)
		if i < len(s.Countries)-1 {
			buf = append(buf, ',')
		}
		buf = append(buf, '\n')
	}
	buf = append(buf, []byte("]}\n")...)
	return os.WriteFile(path, buf, 0o644)
}
