package main

import (
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"os"

	"rondel/game/imperial/board"
)

// writePNG draws the label grid, one pixel per cell, for looking at a plan
// while editing it (mapgen -png DIR).
func (pa *painter) writePNG(path string) error {
	g := pa.g
	img := image.NewRGBA(image.Rect(0, 0, g.w, g.h))
	col := func(l int32) color.RGBA {
		switch l {
		case labScenery:
			return color.RGBA{200, 200, 200, 255}
		case labLake:
			return color.RGBA{20, 20, 60, 255}
		case labWater:
			return color.RGBA{255, 0, 0, 255}
		case labLand:
			return color.RGBA{255, 0, 255, 255}
		}
		h := fnv.New32a()
		h.Write([]byte(pa.b.Regions[l].ID))
		v := h.Sum32()
		r := pa.b.Regions[l]
		switch r.Kind {
		case board.Sea:
			return color.RGBA{uint8(60 + v%60), uint8(120 + (v>>8)%80), uint8(190 + (v>>16)%60), 255}
		case board.Impassable:
			return color.RGBA{240, 240, 240, 255}
		}
		return color.RGBA{uint8(140 + v%110), uint8(120 + (v>>8)%110), uint8(60 + (v>>16)%110), 255}
	}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			l := g.at(x, y)
			c := col(l)
			// darken borders
			if (x+1 < g.w && g.at(x+1, y) != l) || (y+1 < g.h && g.at(x, y+1) != l) {
				c = color.RGBA{c.R / 3, c.G / 3, c.B / 3, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	for _, s := range pa.seeds {
		x, y := int(s.at.x), int(s.at.y)
		for d := -2; d <= 2; d++ {
			for _, q := range [][2]int{{x + d, y}, {x, y + d}} {
				if g.in(q[0], q[1]) {
					img.SetRGBA(q[0], q[1], color.RGBA{255, 0, 0, 255})
				}
			}
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return png.Encode(f, img)
}
