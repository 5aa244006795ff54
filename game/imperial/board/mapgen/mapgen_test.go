package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"rondel/game/gametest"
)

// TestShapesAreGenerated: the shapes the game draws are exactly what the
// generator makes from the plans and sources in the repository, and the
// generated maps match the rules (no problem reported), so the drawing
// and its sources cannot drift apart. After changing a plan or the
// generator, run `go run ./game/imperial/board/mapgen` from the
// repository's root.
func TestShapesAreGenerated(t *testing.T) {
	todo := maps
	if !gametest.Long() {
		todo = maps[:1] // each map takes seconds to draw; RONDEL_LONG=1 draws both
	}
	for _, name := range todo {
		t.Run(name, func(t *testing.T) {
			p, err := readPlan(filepath.Join("plans", name+".yaml"))
			if err != nil {
				t.Fatal(err)
			}
			src, err := readSource(filepath.Join("source", p.Source.File))
			if err != nil {
				t.Fatal(err)
			}
			res, err := generate(p, src)
			if err != nil {
				t.Fatal(err)
			}
			for _, pr := range res.problems {
				t.Errorf("%s: %s", name, pr)
			}
			got, err := encodeShapes(res.shapes)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("..", "data", name+"-shapes.json"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("data/%s-shapes.json is not what mapgen makes of plans/%s.yaml: regenerate it", name, name)
			}
		})
	}
}

// TestPathData: the path writer's numbers read back exactly.
func TestPathData(t *testing.T) {
	cases := map[int]string{0: "0", 5: ".5", -5: "-.5", 15: "1.5", -120: "-12", 3: ".3"}
	for n, want := range cases {
		if got := tenths(n); got != want {
			t.Errorf("tenths(%d) = %q, want %q", n, got, want)
		}
	}
}
