package caesar

import (
	"math"
	"strconv"

	"rondel/game/picture"
	"rondel/game/words"
)

// The board's map part for one position, described once as a
// picture.Scene (issue 21): the land and Rome by reference to the map
// file, the routes with their road slots, and each city in a group with
// the data-city a page's click-to-act script reads (game.BoardAct). The
// web board writes it as SVG (picture.WriteOps) over the map file or in
// the whole board; the mail's picture rasters it, with the roads built
// and cities claimed since the reader's last turn ringed. The score track
// and the legend stay outside: they are words in the reader's language.

// sceneFor says for which back end the scene is built.
type sceneFor struct {
	// sp says the map's words (the web): the treasures' labels and the
	// cities' names. nil: no words (the picture), a gold treasure is a
	// plain gold tile.
	sp *words.Speaker
	// old, if set, is the position at the reader's last turn: what was
	// built or claimed since is ringed (the picture's change marks).
	old *State
	// lent, if set, is the memory the scene is built in, its ops and its
	// cities' children (lent by the web board: only a scene dropped at
	// once may take it). mapScene leaves in it all the memory it used,
	// for the board to clear.
	lent *lentScene
}

// lentScene is the memory a web board's scene is built in, lent from one
// drawing to the next (svg.go's sceneOps): its ops and cities' children,
// and its routes' lines' ends.
type lentScene struct {
	ops  []picture.Op
	ends [][2]float64
}

// cityOps is the most ops a city's group holds (sceneCity).
const cityOps = 6

// mapScene builds the scene.
func (s *State) mapScene(f sceneFor) *picture.Scene {
	b := s.b
	w, h := float64(b.Width), float64(b.Height)
	sc := &picture.Scene{Width: w, Height: h, Background: "#f4efe4"}
	var kids []picture.Op // the cities' children, when lent
	if f.lent != nil {
		// room for the ops and every city's group at once: a city's
		// children grown by appending were some 60 KB of fresh memory a
		// board (an op is 352 bytes), the most of a board's garbage
		top := 2 + len(b.Cities) // the land, Rome, the cities
		for _, r := range b.Routes {
			top += 2 + r.Roads // the line, the slots, a change ring
		}
		need := top + cityOps*len(b.Cities)
		buf := f.lent.ops
		if cap(buf) < need {
			buf = make([]picture.Op, 0, need)
		}
		buf = buf[:need]
		f.lent.ops = buf
		// capped: a scene outgrowing its part is copied out, never over
		// the children
		sc.Ops, kids = buf[:0:top], buf[top:top:need]
	}
	var land []picture.Op
	if f.sp == nil {
		// the land's stand-in: only the raster draws it (the SVG back end
		// writes a map element as a <use> of the map file's, never its ops)
		bg := "#dcebf2"
		if b.Background != "" {
			bg = b.Background
		}
		land = []picture.Op{picture.Rect(0, 0, w, h, bg, "", 0)}
		for _, shp := range b.Shapes {
			pts := make([][2]float64, len(shp.pts))
			for i, p := range shp.pts {
				pts[i] = [2]float64{float64(p[0]), float64(p[1])}
			}
			land = append(land, picture.Poly(pts, shp.Fill, "#9db7c4", 1))
		}
	}
	sc.Add(picture.MapElement("land", land...))
	// every route's line's two ends in one allocation, or the lent one,
	// not one each (a board's seventy routes were half of its allocations)
	var ends [][2]float64
	if f.lent != nil && cap(f.lent.ends) >= 2*len(b.Routes) {
		ends = f.lent.ends[:2*len(b.Routes)]
	} else {
		ends = make([][2]float64, 2*len(b.Routes))
	}
	if f.lent != nil {
		f.lent.ends = ends
	}
	for ri := range b.Routes {
		s.sceneRoute(sc, ri, f, ends[2*ri:2*ri+2:2*ri+2])
	}
	sc.Add(picture.MapElement("rome", picture.Circle(float64(b.Rome.X), float64(b.Rome.Y), 17, "#8b1a1a", "#f2d16b", 3)))
	data := make([]picture.Attr, len(b.Cities)) // every city's data-city in one allocation
	for ci := range b.Cities {
		var ops []picture.Op
		if cap(kids)-len(kids) >= cityOps {
			ops, kids = kids[len(kids):len(kids):len(kids)+cityOps], kids[:len(kids)+cityOps]
		}
		s.sceneCity(sc, ci, f, ops, data[ci:ci+1:ci+1])
	}
	return sc
}

// sceneRoute draws the line and one slot per road, filled when built. An
// empty slot is pale and dashed so that it never looks like a road of the
// white player, which is solid white with a black edge. ends is the
// room for the line's two ends.
func (s *State) sceneRoute(sc *picture.Scene, ri int, f sceneFor, ends [][2]float64) {
	r := s.b.Routes[ri]
	x1, y1 := s.nodePoint(r.A)
	x2, y2 := s.nodePoint(r.B)
	ends[0], ends[1] = [2]float64{x1, y1}, [2]float64{x2, y2}
	line := picture.Op{Kind: picture.OpPoly, Points: ends} // picture.Line's, in ends
	if r.Sea {
		line.Stroke, line.Width = "#4f86a8", 2.5
		sc.Add(line.DashGap(7, 5))
	} else {
		line.Stroke, line.Width = "#a08a62", 3
		sc.Add(line)
	}
	angle := math.Atan2(y2-y1, x2-x1) * 180 / math.Pi
	o := s.d.Built[ri]
	// the route's slots alike but for where they lie: made once, each
	// copied where it is kept (made slot by slot, each was copied three
	// times and looked its builder's colour up again)
	slot := picture.Rect(-9, -4, 18, 8, "#fbf8f0", "#8c7b5a", 1.2)
	if o >= 0 {
		slot.Fill, slot.Stroke = playerFill[playerColours[o]], "#111"
	} else {
		slot.Opacity, slot.Dash, slot.Gap = 0.6, 3, 2
	}
	slot.R, slot.Turn = 2, angle
	for k := 1; k <= r.Roads; k++ {
		t := float64(k) / float64(r.Roads+1)
		sc.Ops = append(sc.Ops, slot)
		at := &sc.Ops[len(sc.Ops)-1]
		at.TX, at.TY = x1+(x2-x1)*t, y1+(y2-y1)*t
	}
	if f.old != nil && o >= 0 && f.old.d.Built[ri] < 0 {
		sc.Add(picture.Circle((x1+x2)/2, (y1+y2)/2, 14, "", "#e67e22", 3))
		sc.Mark(picture.MarkRoad)
	}
}

// sceneCity draws a city in its group: colour disc with its value, name
// below, and either its treasure (available) or a ring in the claimer's
// colour (claimed); the city waiting for a choice of way is ringed.
// The group's children are appended to ops (empty: lent room, or nil)
// and its data-city set in data (one attribute's room).
func (s *State) sceneCity(sc *picture.Scene, ci int, f sceneFor, ops []picture.Op, data []picture.Attr) {
	c := s.b.Cities[ci]
	x, y := float64(c.X), float64(c.Y)
	fill := s.b.Colours[s.b.colorIdx[c.Colour]].Fill
	if owner := s.d.Owner[ci]; owner >= 0 {
		// The claimer's colour as a wide ring; the city's own colour stays readable.
		ops = append(ops, picture.Circle(x, y, 17, playerFill[playerColours[owner]], "#111", 1),
			picture.Circle(x, y, 11, fill, "#111", 1))
		if f.old != nil && f.old.d.Owner[ci] < 0 {
			ops = append(ops, picture.Circle(x, y, 22, "", "#e67e22", 3))
			sc.Mark(picture.MarkCity)
		}
	} else {
		ops = append(ops, picture.Circle(x, y, 13, fill, "#222", 1.5))
		t := s.d.Treasures[ci]
		switch {
		case f.sp != nil:
			bg := "#fffdf5"
			if t == Gold {
				bg = "#f5c518"
			}
			name := f.sp.Arg(treasureArg(t))
			tw := float64(textWidth(name, 10) + 6)
			tile := picture.Rect(float64(c.X-int(tw)/2), y-30, tw, 13, bg, "#555", 0.8)
			tile.R = 3
			ops = append(ops, tile, picture.Text(x, y-20, 10, name, "#222", "middle", false))
		case t == Gold:
			ops = append(ops, picture.Rect(x-6, y-27, 12, 8, "#f5c518", "#555555", 0.8))
		}
	}
	if c.ID == s.d.Pending {
		// The city whose way to Rome the mover is choosing.
		ops = append(ops, picture.Circle(x, y, 23, "", decisionColour, 2.5).DashGap(5, 3))
		sc.Mark(picture.MarkDecision)
	}
	value := picture.Text(x, y+4, 12, strconv.Itoa(c.Value), "#fff", "middle", true).WithHalo("#000")
	value.HaloWidth, value.HaloOver = 0.4, true
	ops = append(ops, value)
	if f.sp != nil {
		name := picture.Text(x, y+27, 10, f.sp.Arg(s.b.nodeArg(c.ID)), "#222", "middle", false).WithHalo("#dcebf2")
		name.HaloWidth = 3
		ops = append(ops, name)
	}
	data[0] = picture.Attr{Name: "city", Value: c.ID}
	sc.Add(picture.Group(data, ops...))
}
