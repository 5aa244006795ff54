package handlers

import (
	"path/filepath"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/words"
)

// TestPlotSizeNeverLess: the room made for a plot holds its drawing (a
// builder grown past it copies the whole account once more), and is not
// much more than it: every golden game's plots, and a long game's (fewer
// markers than values).
func TestPlotSizeNeverLess(t *testing.T) {
	var specs []plotSpec
	names, _ := filepath.Glob(filepath.Join("..", "game", "record", "testdata", "golden", "*.json"))
	for _, name := range names {
		acc, err := game.ReadAccount(goldenAccount(t, strings.TrimSuffix(filepath.Base(name), ".json")))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range sayAccount(words.Default().Speaker("en", nil), acc).Charts {
			specs = append(specs, c.plot)
		}
	}
	long := plotSpec{ID: "chart-1", Title: "<&>", Desc: "long", X: "x", Y: "y"}
	for i := range 7 {
		v := make([]int, 333)
		for k := range v {
			v[k] = (k * (i + 3)) % 997
		}
		long.Lines = append(long.Lines, plotLine{Name: "line", Colour: "#ABCDEF", Values: v})
	}
	specs = append(specs, long)
	if len(specs) < 3 {
		t.Fatalf("only %d plots", len(specs))
	}
	for i, p := range specs {
		if got, room := len(plotSVG(p)), plotSize(p); got > room || room > got*5/4+4096 {
			t.Errorf("plot %d: %d bytes, room for %d", i, got, room)
		}
	}
}

// TestAccountRoomNeverLess: the room made for an account's HTML holds it
// in every language (a builder grown past it copies it once more), and
// is not much more (the room stays allocated while the page is made):
// every golden game's account.
func TestAccountRoomNeverLess(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join("..", "game", "record", "testdata", "golden", "*.json"))
	if len(names) < 3 {
		t.Fatalf("only %d golden games", len(names))
	}
	for _, name := range names {
		acc, err := game.ReadAccount(goldenAccount(t, strings.TrimSuffix(filepath.Base(name), ".json")))
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range words.Languages {
			r := testReader(lang)
			a := sayAccount(r.sp, acc)
			if got, room := len(accountHTML(r, a)), accountRoom(a); got > room || room > got*9/8+4096 {
				t.Errorf("%s in %s: %d bytes, room for %d", filepath.Base(name), lang, got, room)
			}
		}
	}
}
