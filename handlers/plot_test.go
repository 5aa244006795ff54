package handlers

import (
	"encoding/xml"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updatePlot = flag.Bool("update-plot", false, "rewrite testdata/plot.golden.svg")

func samplePlot() plotSpec {
	return plotSpec{ID: "chart-1", Title: "Power points per nation", Desc: "One line each for A & B",
		X: "Round", Y: "Power points", Lines: []plotLine{
			{Name: "Austria <Hungary>", Colour: "#F2C200", Values: []int{0, 2, 5, 9, 14, 25}},
			{Name: "Italy", Colour: "#2e8b3a", Values: []int{0, 1, 1, 3, 6, 8}},
			{Name: "no colour of its own", Colour: `red" onload="x`, Values: []int{0, 0, 4, 4, 4, 11}},
		}}
}

// TestPlotSVGGolden: the drawing of a fixed plot stays as it was (rerun
// with -update-plot after a change made on purpose, and look at it).
func TestPlotSVGGolden(t *testing.T) {
	t.Parallel()
	got := string(plotSVG(samplePlot()))
	checkPlotGolden(t, "plot.golden.svg", got)
}

// TestPlotSVGStructure: the plot is well-formed XML, named for a screen
// reader, a group with its name per line (a casing and a coloured line
// with its own dash, and markers), axes labelled, the words escaped and a
// colour that is not one replaced by the palette's.
func TestPlotSVGStructure(t *testing.T) {
	t.Parallel()
	type node struct {
		XMLName xml.Name
		Attrs   []xml.Attr `xml:",any,attr"`
		Text    string     `xml:",chardata"`
		Nodes   []node     `xml:",any"`
	}
	svg := string(plotSVG(samplePlot()))
	var root node
	if err := xml.Unmarshal([]byte(svg), &root); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, svg)
	}
	attr := func(n node, name string) string {
		for _, a := range n.Attrs {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	if attr(root, "role") != "img" || attr(root, "aria-labelledby") != "chart-1-title chart-1-desc" {
		t.Errorf("root: %v", root.Attrs)
	}
	var lines []node
	var texts []string
	dashes := map[string]bool{}
	for _, n := range root.Nodes {
		switch {
		case n.XMLName.Local == "title" && attr(n, "id") != "chart-1-title", n.XMLName.Local == "desc" && attr(n, "id") != "chart-1-desc":
			t.Errorf("%s without its id", n.XMLName.Local)
		case n.XMLName.Local == "g" && attr(n, "class") == "line":
			lines = append(lines, n)
		case n.XMLName.Local == "text":
			texts = append(texts, n.Text)
		}
	}
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3", len(lines))
	}
	for i, l := range lines {
		var polys, marks int
		for _, c := range l.Nodes {
			switch c.XMLName.Local {
			case "polyline":
				polys++
				if polys == 2 {
					dashes[attr(c, "stroke-dasharray")] = true
					if i == 2 && attr(c, "stroke") != seatColours[2] {
						t.Errorf("a bad colour was written: %q", attr(c, "stroke"))
					}
				}
			case "title":
				if i == 0 && c.Text != "Austria <Hungary>" {
					t.Errorf("line name %q", c.Text)
				}
			default:
				marks++
			}
		}
		if polys != 2 || marks != 6 {
			t.Errorf("line %d: %d polylines, %d markers", i, polys, marks)
		}
	}
	if len(dashes) != 3 {
		t.Errorf("the lines do not differ by their dashes: %v", dashes)
	}
	all := strings.Join(texts, "|")
	// The values' scale runs to 25 (the highest value), the rounds to 5.
	if !strings.Contains(all, "Round") || !strings.Contains(all, "Power points") || !strings.Contains(svg, ">25</text>") ||
		!strings.Contains(svg, ">5</text>") {
		t.Errorf("axes not labelled: %s", all)
	}
	if strings.Contains(svg, "onload") || strings.Contains(svg, "<Hungary>") {
		t.Error("words or colours reach the drawing unescaped")
	}
}

// TestPlotSVGEdgeCases: a plot of nothing, of one value, or of values all
// zero is still a well-formed drawing with its scale.
func TestPlotSVGEdgeCases(t *testing.T) {
	t.Parallel()
	for name, lines := range map[string][]plotLine{
		"none":  nil,
		"one":   {{Name: "A", Values: []int{7}}},
		"zeros": {{Name: "A", Values: []int{0, 0, 0}}, {Name: "B", Values: []int{0, 0, 0}}},
		"empty": {{Name: "A"}},
	} {
		svg := string(plotSVG(plotSpec{ID: "p", Title: "T", X: "x", Y: "y", Lines: lines}))
		var v struct{}
		if err := xml.Unmarshal([]byte(svg), &v); err != nil {
			t.Errorf("%s: not well-formed: %v", name, err)
		}
		if strings.Contains(svg, "NaN") || strings.Contains(svg, "Inf") {
			t.Errorf("%s: %s", name, svg)
		}
		if got := strings.Count(svg, `<g class="line"`); got != len(lines) {
			t.Errorf("%s: %d lines drawn", name, got)
		}
	}
}

// TestPlotSVGSixMarkersGolden: every marker shape and dash, drawn beside
// each other on a long plot, stay as they were (the golden was drawn
// before markers were written without fmt; -update-plot rewrites it).
func TestPlotSVGSixMarkersGolden(t *testing.T) {
	t.Parallel()
	p := plotSpec{ID: "chart-6", Title: "Six", Desc: "Six lines", X: "Round", Y: "Points", XStart: 1}
	for i := range 6 {
		var vs []int
		for k := range 57 {
			vs = append(vs, (k*(i+3)+i*7)%41)
		}
		p.Lines = append(p.Lines, plotLine{Name: fmt.Sprint("line ", i), Colour: seatColours[(i+2)%6], Values: vs})
	}
	got := string(plotSVG(p))
	checkPlotGolden(t, "plot6.golden.svg", got)
}

// checkPlotGolden compares a drawn plot with its golden in testdata
// (-update-plot rewrites it after a change made on purpose).
func checkPlotGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *updatePlot {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got+"\n" != string(want) {
		t.Errorf("plot differs from %s (rerun with -update-plot if on purpose):\n%s", path, got)
	}
}
