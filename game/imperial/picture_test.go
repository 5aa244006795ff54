package imperial_test

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/game/picture"
	"rondel/game/selfplay"
)

var pictureShots = flag.String("picture.dir", "", "also write each picture as a PNG into this directory (to look at)")

// pictureCase is a position drawn as a picture, with the earlier position
// whose changes it marks (nil: none).
type pictureCase struct {
	name          string
	state, before *imperial.State
	viewer        int
}

// pictureCases: the board cases, and the same games some moves earlier as
// the "before" of the mid-game positions, so that moves, battles, new
// units, flags and rondel moves are marked.
func pictureCases(t testing.TB) []pictureCase {
	t.Helper()
	var out []pictureCase
	for _, c := range boardCases(t) {
		out = append(out, pictureCase{name: c.name, state: c.state, viewer: 0})
	}
	reg := game.NewRegistry(imperial.New(), imperial.New2030())
	for _, c := range []struct {
		game          string
		players       int
		seed          uint64
		before, moves int
	}{
		{"imperial", 5, 12, 230, 260},
		{"imperial2030", 6, 14, 270, 300},
	} {
		var st [2]*imperial.State
		for i, n := range []int{c.before, c.moves} {
			o, err := selfplay.Play(reg, c.game, selfplay.Config{Players: c.players, MaxMoves: n}, c.seed)
			if err != nil {
				t.Fatal(err)
			}
			st[i] = o.Final.(*imperial.State)
		}
		viewer := -1
		if ds := st[1].ToAct(); len(ds) > 0 {
			viewer = ds[0].Seat
		}
		out = append(out, pictureCase{name: c.game + "_changes", state: st[1], before: st[0], viewer: viewer})
	}
	return out
}

func (c pictureCase) png(t testing.TB) []byte {
	t.Helper()
	var before game.State
	if c.before != nil {
		before = c.before
	}
	b, err := picture.PNG(c.state.Picture(c.viewer, before), 1200)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPictureGolden compares each picture with its golden PNG within a
// small tolerance (a rasteriser's rounding may move an edge pixel); run
// with -update after an intended change and look at the pictures.
func TestPictureGolden(t *testing.T) {
	for _, c := range pictureCases(t) {
		b := c.png(t)
		path := filepath.Join("testdata", "picture_"+c.name+".png")
		if *updateBoards {
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if *pictureShots != "" {
			if err := os.WriteFile(filepath.Join(*pictureShots, "picture_"+c.name+".png"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if msg := picture.Compare(want, b, 0.002); msg != "" {
			t.Errorf("%s: %s (run with -update after looking at the picture)", c.name, msg)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if w := img.Bounds().Dx(); w != 1200 {
			t.Errorf("%s: %d pixels wide, want 1200", c.name, w)
		}
		if _, ok := img.(*image.Paletted); !ok {
			t.Errorf("%s: not a paletted PNG (%T)", c.name, img)
		}
		if c.before != nil && len(c.state.Picture(c.viewer, c.before).Marks) == 0 {
			t.Errorf("%s: nothing marked between two positions 30 moves apart", c.name)
		}
	}
}

// TestPictureMarksTheChanges: the positions with changes mark, between
// them, every kind of change a game of Imperial has: moves, battles, new
// units, flags, factories and rondel moves, and the reader's decision.
func TestPictureMarksTheChanges(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range pictureCases(t) {
		if c.before == nil {
			continue
		}
		for _, m := range c.state.Picture(c.viewer, c.before).Marks {
			seen[m] = true
		}
	}
	for _, m := range (&imperial.State{}).PictureMarks() {
		if !seen[m] {
			t.Errorf("no case marks %q (marked: %v)", m, seen)
		}
	}
}

// TestPictureMarksOnlyChanges: a position compared with itself marks
// nothing.
func TestPictureMarksOnlyChanges(t *testing.T) {
	for _, c := range pictureCases(t) {
		sc := c.state.Picture(-1, c.state)
		if len(sc.Marks) != 0 {
			t.Errorf("%s: marks %v between a position and itself", c.name, sc.Marks)
		}
	}
}

func ExampleState_Picture() {
	g := imperial.New()
	st, _ := g.New(game.Setup{Players: []string{"A", "B"}, Seed: 1})
	sc := st.(*imperial.State).Picture(-1, nil)
	fmt.Println(sc.Width, sc.Background)
	// Output: 1000 #fbf8f1
}
