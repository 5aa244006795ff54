package board

import "testing"

// TestLayoutsCoverEveryRegion: every region of every map and edition has
// cells in its map's drawing, and the drawing names no stray region.
func TestLayoutsCoverEveryRegion(t *testing.T) {
	for _, name := range []string{"europe", "world2030"} {
		b := MustLoad(name)
		l, err := LoadLayout(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.CheckLayout(l); err != nil {
			t.Error(err)
		}
		for _, r := range b.Regions {
			box, ok := l.BoxOf(r.ID)
			if ok && (box.W < 2 || box.H < 2) && r.Kind != Impassable {
				t.Errorf("%s: %s has no 2x2 room for its name and pieces (%+v)", name, r.ID, box)
			}
		}
	}
}
