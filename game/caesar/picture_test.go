package caesar

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"rondel/game"
	"rondel/game/picture"
	"rondel/game/selfplay"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden pictures in testdata/")

// pictureStates: a 4-player game after 12 and after 20 moves (marks
// between them), and a finished 3-player game.
func pictureStates(t *testing.T) (mid, before, over *State) {
	t.Helper()
	reg := game.NewRegistry(New())
	play := func(players, moves int, seed uint64) *State {
		o, err := selfplay.Play(reg, ID, selfplay.Config{Players: players, MaxMoves: moves}, seed)
		if err != nil {
			t.Fatal(err)
		}
		return o.Final.(*State)
	}
	return play(4, 20, 5), play(4, 12, 5), play(3, 1000, 6)
}

func decodePNG(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestPictureGolden compares the pictures with golden PNGs within a small
// tolerance (-update rewrites them; look at them first).
func TestPictureGolden(t *testing.T) {
	mid, before, over := pictureStates(t)
	for _, c := range []struct {
		name   string
		scene  *picture.Scene
		marked bool
	}{
		{"mid_changes", mid.Picture(mid.d.Turn, before), true},
		{"over", over.Picture(0, nil), false},
	} {
		b, err := picture.PNG(c.scene, 1200)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "picture_"+c.name+".png")
		if *updateGolden {
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if msg := picture.Compare(want, b, 0.002); msg != "" {
			t.Errorf("%s: %s", c.name, msg)
		}
		if got := decodePNG(t, b).Bounds().Dx(); got != 1200 {
			t.Errorf("%s: %d pixels wide", c.name, got)
		}
		if c.marked != (len(c.scene.Marks) > 0) {
			t.Errorf("%s: marks %v", c.name, c.scene.Marks)
		}
	}
}

// TestPictureOwners: every claimed city is ringed and every built route's
// slots filled in its player's colour, every free one pale.
func TestPictureOwners(t *testing.T) {
	mid, _, over := pictureStates(t)
	for _, s := range []*State{mid, over} {
		b, err := picture.PNG(s.Picture(-1, nil), 1200)
		if err != nil {
			t.Fatal(err)
		}
		img := decodePNG(t, b)
		k := 1200 / float64(s.b.Width)
		at := func(x, y float64) string {
			r, g, bl, _ := img.At(int(x*k), int(y*k)).RGBA()
			return hexOf(r>>8, g>>8, bl>>8)
		}
		claimed := 0
		for ci, c := range s.b.Cities {
			if o := s.d.Owner[ci]; o >= 0 {
				claimed++
				if got, want := at(float64(c.X)+14, float64(c.Y)), playerFill[playerColours[o]]; got != want {
					t.Errorf("city %s: ring %s, want %s", c.ID, got, want)
				}
			}
		}
		built := 0
		for ri, r := range s.b.Routes {
			x1, y1 := s.nodePoint(r.A)
			x2, y2 := s.nodePoint(r.B)
			f := 1 / float64(r.Roads+1)
			want := "#fbf8f0"
			if o := s.d.Built[ri]; o >= 0 {
				built++
				want = playerFill[playerColours[o]]
			}
			if got := at(x1+(x2-x1)*f, y1+(y2-y1)*f); got != want {
				t.Errorf("route %s-%s: slot %s, want %s", r.A, r.B, got, want)
			}
		}
		if claimed == 0 || built == 0 {
			t.Errorf("%d cities claimed, %d routes built: nothing to check", claimed, built)
		}
	}
}

func hexOf(r, g, b uint32) string {
	const digits = "0123456789abcdef"
	return string([]byte{'#', digits[r>>4], digits[r&15], digits[g>>4], digits[g&15], digits[b>>4], digits[b&15]})
}
