package caesar

import (
	"strings"
	"testing"
)

// The two sides of the board: 40 cities in 8 colours of 5
// with values 1..8, and a 30-city side using the same city tokens.
func TestBoards(t *testing.T) {
	large, err := LoadBoard("rondel-4-5")
	if err != nil {
		t.Fatal(err)
	}
	small, err := LoadBoard("rondel-2-3")
	if err != nil {
		t.Fatal(err)
	}
	if len(large.Cities) != 40 || len(small.Cities) != 30 {
		t.Fatalf("cities: %d and %d, want 40 and 30", len(large.Cities), len(small.Cities))
	}
	values := map[int]bool{}
	for i, n := range large.colourCount() {
		if n != 5 {
			t.Errorf("colour %s has %d cities, want 5", large.Colours[i].ID, n)
		}
	}
	for _, c := range large.Cities {
		values[c.Value] = true
	}
	if len(values) != 8 {
		t.Errorf("values used: %v, want 1 to 8", values)
	}
	for _, c := range small.Cities {
		i, ok := large.cityIdx[c.ID]
		if !ok || large.Cities[i].Colour != c.Colour || large.Cities[i].Value != c.Value {
			t.Errorf("city %s of the small side is not a token of the large side", c.ID)
		}
	}
	for _, b := range []*Board{large, small} {
		sea, two := 0, 0
		for _, r := range b.Routes {
			if r.Sea {
				sea++
			}
			if r.Roads == 2 {
				two++
			}
		}
		if sea == 0 || two == 0 || two == len(b.Routes) {
			t.Errorf("%s: %d sea routes, %d of %d routes need 2 roads", b.ID, sea, two, len(b.Routes))
		}
		if len(b.adj[Rome]) < 4 {
			t.Errorf("%s: only %d routes leave Rome", b.ID, len(b.adj[Rome]))
		}
	}
}

func TestBoardErrors(t *testing.T) {
	good := "id: x\nname: x\nplayers: [2]\nwidth: 10\nheight: 10\nrome: {x: 1, y: 1}\n" +
		"colours: [{id: red, name: r, fill: \"#c00\"}]\n" +
		"cities: [{id: a, name: a, colour: red, value: 1, x: 1, y: 1}]\n" +
		"routes: [{a: rome, b: a, roads: 1}]\n"
	if _, err := ParseBoard([]byte(good)); err != nil {
		t.Fatalf("the base of the bad boards is itself bad: %v", err)
	}
	for name, change := range map[string][2]string{
		"unreachable":    {"value: 1, x: 1, y: 1}]", "value: 1, x: 1, y: 1}, {id: b, name: b, colour: red, value: 1, x: 1, y: 1}]"},
		"three roads":    {"roads: 1", "roads: 3"},
		"twice":          {"roads: 1}]", "roads: 1}, {a: a, b: rome, roads: 2}]"},
		"unknown colour": {"colour: red", "colour: blue"},
		"value":          {"value: 1", "value: 9"},
		"unknown field":  {"y: 1}]", "y: 1, size: 3}]"},
		"rome as city":   {"id: a, name: a", "id: rome, name: a"},
		"unknown place":  {"b: a,", "b: atlantis,"},
		"markup in fill": {"fill: \"#c00\"", `fill: '"/><script>'`},
		"bad shape":      {"routes:", "shapes: [{fill: \"#fff\", points: \"1,2 3\"}]\nroutes:"},
		"bad background": {"routes:", "background: url(x)\nroutes:"},
	} {
		bad := strings.Replace(good, change[0], change[1], 1)
		if bad == good {
			t.Fatalf("%s: the change does not apply", name)
		}
		if _, err := ParseBoard([]byte(bad)); err == nil {
			t.Errorf("%s: board accepted", name)
		}
	}
}
