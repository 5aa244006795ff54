package main

import (
	"fmt"
	"math"
)

// projection turns degrees into plane coordinates (unscaled, y up).
type projection struct {
	Kind string  `yaml:"kind"` // "lcc" (Lambert conformal conic) or "miller"
	Lon0 float64 `yaml:"lon0"`
	Lat0 float64 `yaml:"lat0"`
	Lat1 float64 `yaml:"lat1"`
	Lat2 float64 `yaml:"lat2"`
}

func rad(d float64) float64 { return d * math.Pi / 180 }

func (p projection) fn() (func(lon, lat float64) pt, error) {
	switch p.Kind {
	case "miller":
		return func(lon, lat float64) pt {
			return pt{rad(lon - p.Lon0), 1.25 * math.Log(math.Tan(math.Pi/4+0.4*rad(lat)))}
		}, nil
	case "lcc":
		f1, f2, f0 := rad(p.Lat1), rad(p.Lat2), rad(p.Lat0)
		t := func(f float64) float64 { return math.Tan(math.Pi/4 + f/2) }
		n := math.Log(math.Cos(f1)/math.Cos(f2)) / math.Log(t(f2)/t(f1))
		F := math.Cos(f1) * math.Pow(t(f1), n) / n
		rho0 := F / math.Pow(t(f0), n)
		return func(lon, lat float64) pt {
			rho := F / math.Pow(t(rad(lat)), n)
			a := n * rad(lon-p.Lon0)
			return pt{rho * math.Sin(a), rho0 - rho*math.Cos(a)}
		}, nil
	}
	return nil, fmt.Errorf("unknown projection %q", p.Kind)
}

// mapper projects degrees to drawing units and to raster cells.
type mapper struct {
	proj          func(lon, lat float64) pt
	x0, y1, scale float64 // plane left, plane top, units per plane unit
	width, height float64 // drawing units
	cells         float64 // cells per unit
	cols, rows    int
}

func newMapper(p *plan) (*mapper, error) {
	f, err := p.Projection.fn()
	if err != nil {
		return nil, err
	}
	west, east := p.Frame.West/1000, p.Frame.East/1000
	north, south := p.Frame.North/1000, p.Frame.South/1000
	if east <= west || north <= south {
		return nil, fmt.Errorf("frame is empty")
	}
	m := &mapper{proj: f, x0: west, y1: north, scale: p.Width / (east - west), width: p.Width, cells: p.Cells}
	m.height = math.Round((north - south) * m.scale)
	m.cols = int(m.width * m.cells)
	m.rows = int(m.height * m.cells)
	return m, nil
}

// unit projects degrees to drawing units.
func (m *mapper) unit(lon, lat float64) pt {
	q := m.proj(lon, lat)
	return pt{(q.x - m.x0) * m.scale, (m.y1 - q.y) * m.scale}
}

// cell projects degrees to raster coordinates (cell corners are integers).
func (m *mapper) cell(lon, lat float64) pt {
	u := m.unit(lon, lat)
	return pt{u.x * m.cells, u.y * m.cells}
}
