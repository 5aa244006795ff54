package caesar

import (
	"slices"
	"testing"

	"rondel/game/picture"
	"rondel/game/words"
)

// TestPictureAndWebBoardAreOneScene: the mail's picture draws the same
// routes, slots and cities as the web board, because both are the one
// scene (mapScene): the web's has the words on top, the picture's the
// change rings, and the rest is the same op for op.
func TestPictureAndWebBoardAreOneScene(t *testing.T) {
	mid, before, _ := pictureStates(t)
	web := drawn(mid.mapScene(sceneFor{sp: words.English()}).Ops)
	pic := drawn(mid.Picture(mid.d.Turn, before).Ops)
	if len(web) < len(mid.b.Cities)+len(mid.b.Routes) {
		t.Fatalf("the web scene draws %d shapes", len(web))
	}
	for _, op := range web {
		if !slices.ContainsFunc(pic, func(o picture.Op) bool { return sameOp(o, op) }) {
			t.Errorf("the picture lacks %+v", op)
		}
	}
}

// drawn lists the shapes of ops that both back ends draw: not the map
// file's parts, not the words and treasure tiles (the web's), not the
// change rings (orange, the picture's).
func drawn(ops []picture.Op) []picture.Op {
	var out []picture.Op
	for _, o := range ops {
		switch {
		case o.Kind == picture.OpGroup:
			if o.Ref == "" {
				out = append(out, drawn(o.Ops)...)
			}
		case o.Kind == picture.OpText && o.Halo != "#000", // a word, not a city's value
			o.Kind == picture.OpRect && o.Turn == 0 && o.TX == 0, // a treasure's tile, not a slot
			o.Stroke == "#e67e22":                                // a change ring
		default:
			out = append(out, o)
		}
	}
	return out
}

func sameOp(a, b picture.Op) bool {
	return a.Kind == b.Kind && a.X == b.X && a.Y == b.Y && a.Fill == b.Fill && a.Stroke == b.Stroke &&
		a.TX == b.TX && a.TY == b.TY && a.Turn == b.Turn && a.Text == b.Text && slices.Equal(a.Points, b.Points)
}
