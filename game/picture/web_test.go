package picture

import (
	"strings"
	"testing"
)

// TestWriteOpsOverAMap: an op referring to a map element is a <use> of it
// over the map, carrying fill, class, data- attributes and tooltip, and
// its own path alone; a group referring to one is always a <use>; groups
// carry their data- attributes once; symbols are placed by <use>.
func TestWriteOpsOverAMap(t *testing.T) {
	region := Path("M0 0H10V10Z", "#eee6d3", "#5d5a52", 0.7).Of("r-a").Classed("land").
		With(Attr{Name: "region", Value: "a"}).Tip(`A & "B"`)
	ops := []Op{region, MapElement("names", Text(1, 2, 12, "x", "#000000", "start", false)),
		Group([]Attr{{Name: "unit", Value: "army"}}, Use("sym", 3, 4.25, "#ff0000"))}
	for _, c := range []struct {
		name string
		url  string
		over bool
		want []string
		not  []string
	}{
		{"over", "/maps/m.svg", true, []string{
			`<use href="/maps/m.svg#r-a" data-region="a" fill="#eee6d3" class="land"><title>A &amp; &#34;B&#34;</title></use>`,
			`<use href="/maps/m.svg#names"/>`,
			`<g data-unit="army"><use href="#sym" x="3" y="4.3" fill="#ff0000"/></g>`,
		}, []string{"<path", "<text"}},
		{"alone", "", false, []string{
			`<path d="M0 0H10V10Z" data-region="a" fill="#eee6d3" class="land" fill-rule="evenodd"><title>`,
			`<use href="#names"/>`,
		}, []string{"<text"}},
	} {
		var w strings.Builder
		WriteOps(&w, ops, c.url, c.over)
		for _, s := range c.want {
			if !strings.Contains(w.String(), s) {
				t.Errorf("%s: no %s in %s", c.name, s, w.String())
			}
		}
		for _, s := range c.not {
			if strings.Contains(w.String(), s) {
				t.Errorf("%s: %s in %s", c.name, s, w.String())
			}
		}
	}
}

// TestRasterDrawsSymbolsGroupsAndFlatFills: the raster draws a symbol in
// the use's colour, a group's children, a map element's stand-in, and a
// pattern fill in its flat colour.
func TestRasterDrawsSymbolsGroupsAndFlatFills(t *testing.T) {
	s := &Scene{Width: 40, Height: 10, Background: "#ffffff",
		Symbols: map[string][]Op{"sq": {Rect(-2, -2, 4, 4, Inherit, "", 0)}},
		Flat:    map[string]string{"url(#p)": "#00ff00"}}
	s.Add(Group(nil, Use("sq", 5, 5, "#ff0000")),
		MapElement("m", Rect(12, 2, 6, 6, "#0000ff", "", 0)),
		Rect(22, 2, 6, 6, "url(#p)", "", 0))
	img, err := Render(s, 40)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x, y    int
		r, g, b uint8
	}{{5, 5, 255, 0, 0}, {15, 5, 0, 0, 255}, {25, 5, 0, 255, 0}, {35, 5, 255, 255, 255}} {
		if p := img.RGBAAt(c.x, c.y); p.R != c.r || p.G != c.g || p.B != c.b {
			t.Errorf("(%d, %d) is %v", c.x, c.y, p)
		}
	}
	if cs := s.colours(); strings.Contains(strings.Join(cs, " "), "url(") || strings.Contains(strings.Join(cs, " "), Inherit) {
		t.Errorf("the palette names no colour: %v", cs)
	}
}
