package imperial_test

import (
	"encoding/xml"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rondel/game/words"
)

// svgElement is one element of a drawing, with its attributes.
type svgElement struct {
	name  string
	attrs map[string]string
	title string // text of its <title> child, if any
}

func svgElements(t *testing.T, svg string) []svgElement {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	var out []svgElement
	var stack []int // indexes into out
	inTitle := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if el.Name.Local == "title" {
				inTitle = true
			}
			e := svgElement{name: el.Name.Local, attrs: map[string]string{}}
			for _, a := range el.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			out = append(out, e)
			stack = append(stack, len(out)-1)
		case xml.EndElement:
			if el.Name.Local == "title" {
				inTitle = false
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if inTitle && len(stack) >= 2 {
				out[stack[len(stack)-2]].title += string(el)
			}
		}
	}
}

// TestBoardSVGRegionHooks: every region of the engine is one <path> with
// data-region and a tooltip naming it; nothing else that is a shape
// claims a region; unit markers, factory sites and rondel spaces carry
// what a click-to-act script needs, and agree with the position.
func TestBoardSVGRegionHooks(t *testing.T) {
	for _, c := range boardCases(t) {
		svg := c.state.BoardSVG(0, words.English())
		els := svgElements(t, svg)
		b := c.state.Board()
		paths := map[string]int{}
		units := map[string]int{} // region/nation/kind -> count drawn
		sites := map[string]bool{}
		slots := map[string]int{}
		for _, e := range els {
			if e.name == "svg" && (e.attrs["role"] != "img" || e.attrs["aria-labelledby"] == "") {
				t.Errorf("%s: the root is not an accessible image", c.name)
			}
			if s := e.attrs["data-slot"]; s != "" && e.name == "path" {
				slots[s]++
			}
			id, ok := e.attrs["data-region"]
			if !ok {
				continue
			}
			ri, known := b.Region(id)
			if !known {
				t.Errorf("%s: data-region %q is no region", c.name, id)
				continue
			}
			switch {
			case e.name == "path" || e.name == "polygon":
				paths[id]++
				if !strings.HasPrefix(e.title, b.Regions[ri].Name+" — ") {
					t.Errorf("%s: the outline of %s has the tooltip %q", c.name, id, e.title)
				}
			case e.attrs["data-unit"] != "":
				n, err := strconv.Atoi(e.attrs["data-count"])
				if err != nil || n < 1 {
					t.Errorf("%s: unit marker in %s has count %q", c.name, id, e.attrs["data-count"])
				}
				units[id+"/"+e.attrs["data-nation"]+"/"+e.attrs["data-unit"]] += n
			case e.attrs["data-factory"] != "":
				sites[id] = true
			default:
				t.Errorf("%s: a <%s> claims region %s", c.name, e.name, id)
			}
		}
		for _, r := range b.Regions {
			if paths[r.ID] != 1 {
				t.Errorf("%s: %s is drawn as %d paths, want exactly one", c.name, r.ID, paths[r.ID])
			}
			if (r.Kind == "home") != sites[r.ID] {
				t.Errorf("%s: factory site marker of %s: %v", c.name, r.ID, sites[r.ID])
			}
		}
		want := map[string]int{}
		for nid, n := range c.state.Summarize().Nations {
			for rid, u := range n.Units {
				if u.Armies > 0 {
					want[rid+"/"+nid+"/army"] += u.Armies
				}
				if u.Fleets > 0 {
					want[rid+"/"+nid+"/fleet"] += u.Fleets
				}
			}
		}
		for k, n := range want {
			if units[k] != n {
				t.Errorf("%s: %s drawn %d times, the position has %d", c.name, k, units[k], n)
			}
		}
		if len(units) != len(want) {
			t.Errorf("%s: %d unit groups drawn, the position has %d", c.name, len(units), len(want))
		}
		for _, s := range []string{"factory", "production1", "maneuver1", "investor", "import", "production2", "maneuver2", "taxation"} {
			if slots[s] != 1 {
				t.Errorf("%s: rondel space %s drawn %d times", c.name, s, slots[s])
			}
		}
	}
}

// TestBoardSVGWordsComeFromTheTable: no phrase key reaches the picture
// (a key shows when its phrase is missing from svg_words.go).
func TestBoardSVGWordsComeFromTheTable(t *testing.T) {
	key := regexp.MustCompile(`>([a-z]+\.[a-z0-9]+)<`)
	for _, c := range boardCases(t) {
		for _, viewer := range []int{-1, 0} {
			if m := key.FindStringSubmatch(c.state.BoardSVG(viewer, words.English())); m != nil {
				t.Errorf("%s: the phrase %q is missing", c.name, m[1])
			}
		}
	}
}
