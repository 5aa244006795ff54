package imperial

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"rondel/game/imperial/board"
	"rondel/game/picture"
)

// TestPictureRegionOwners: every region of the rules is drawn, and in its
// owner's colour: its pixels are mostly the tint of the nation whose home it is or
// whose flag it holds, else the plain land or sea. So the picture can
// never show a flag the position does not have. Not only the centre
// pixel: the colour most of the region's own pixels have (its pieces
// cover less of it).
func TestPictureRegionOwners(t *testing.T) {
	for _, c := range playedBoards(t) {
		s, sh := c.s, c.sh
		sc := s.Picture(-1, nil)
		b, err := picture.PNG(sc, 1200)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		flags := 0
		// Which pixels are whose: the regions alone, each filled with its
		// index as a colour (edges blend and match no index).
		ids := &picture.Scene{Width: sc.Width, Height: sc.Height, Background: "#ffffff"}
		for ri, r := range s.b.Regions {
			if rs, ok := sh.Shape(r.ID); ok {
				ids.Add(picture.Path(rs.Path, fmt.Sprintf("#%06x", ri+1), "", 0))
			}
		}
		idImg, err := picture.Render(ids, 1200)
		if err != nil {
			t.Fatal(err)
		}
		count := make([]map[string]int, len(s.b.Regions))
		for y := 0; y < idImg.Bounds().Dy(); y++ {
			for x := 0; x < idImg.Bounds().Dx(); x++ {
				c := idImg.RGBAAt(x, y)
				ri := int(c.R)<<16 | int(c.G)<<8 | int(c.B) - 1
				if ri < 0 || ri >= len(count) {
					continue
				}
				if count[ri] == nil {
					count[ri] = map[string]int{}
				}
				count[ri][hexAt(img, x, y)]++
			}
		}
		for ri, r := range s.b.Regions {
			if _, ok := sh.Shape(r.ID); !ok {
				t.Errorf("%s: region %s has no shape", c.game, r.ID)
				continue
			}
			if s.Flags[ri] >= 0 {
				flags++
			}
			want := ownerColour(s, ri)
			got, n := "", 0
			for col, k := range count[ri] {
				if k > n || k == n && col < got {
					got, n = col, k
				}
			}
			if got != want {
				t.Errorf("%s: region %s is mostly %s (%d pixels), want %s (flag %d)", c.game, r.ID, got, n, want, s.Flags[ri])
			}
		}
		if flags == 0 {
			t.Errorf("%s: no flags in the position: the test checks nothing of them", c.game)
		}
	}
}

// ownerColour restates the rule: a home province in a 38% tint of its
// nation, a flagged land or sea in a 25% tint of the flag's nation over
// land or sea, the rest plain.
func ownerColour(s *State, ri int) string {
	r := s.b.Regions[ri]
	bg := map[board.Kind]string{board.Sea: "#bcd8ec", board.Impassable: "#d4d4d4"}[r.Kind]
	if bg == "" {
		bg = "#eee6d3"
	}
	switch {
	case r.Kind == board.Home:
		return picture.Mix("#ffffff", nationHex[s.b.Nations[r.NationIdx].Colour], 0.38)
	case r.Kind != board.Impassable && s.Flags[ri] >= 0:
		return picture.Mix(bg, nationHex[s.b.Nations[s.Flags[ri]].Colour], 0.25)
	}
	return bg
}

func hexAt(img image.Image, x, y int) string {
	r, g, b, _ := img.At(x, y).RGBA()
	return "#" + hex2(r>>8) + hex2(g>>8) + hex2(b>>8)
}

func hex2(v uint32) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[v>>4], digits[v&15]})
}
