package handlers

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/rng"
)

// TestBoardPNG: the game's picture is served as a PNG 1200 pixels wide to
// its players and to watchers, the game page names it as its Open Graph
// image, and a game that draws no picture has none.
func TestBoardPNG(t *testing.T) {
	tb := gameTable(t, 6, nil, "imperial")
	watcher := tb.e.browser()
	watcher.signIn("watcher@x.org")
	for who, b := range map[string]*browser{"player": tb.players[0], "watcher": watcher} {
		resp, err := b.client.Get(tb.e.ts.URL + tb.path + "/board.png")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("%s: board.png %d %s", who, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil || img.Bounds().Dx() != 1200 {
			t.Fatalf("%s: board.png does not decode at 1200 pixels: %v", who, err)
		}
	}
	_, doc := tb.players[0].get(tb.path)
	if og, _ := doc.Find(`meta[property="og:image"]`).Attr("content"); !strings.Contains(og, tb.path+"/board.png?k=") || !strings.HasPrefix(og, "http") {
		t.Errorf("og:image %q", og)
	}
	nim := gameTable(t, 0, nil, "takeaway")
	if code, _ := nim.players[0].get(nim.path + "/board.png"); code != http.StatusNotFound {
		t.Errorf("a game without pictures: board.png %d", code)
	}
	if _, doc := nim.players[0].get(nim.path); doc.Find(`meta[property="og:image"]`).Length() != 0 {
		t.Error("a game without pictures names an og:image")
	}
}

// TestMailPicturesSetting: the settings page offers pictures in mail, on
// by default, and turning them off is stored.
func TestMailPicturesSetting(t *testing.T) {
	e := newEnv(t)
	b := e.browser()
	b.signIn("ann@x.org")
	_, doc := b.get("/settings")
	if sel, _ := doc.Find(`select[name=mail_pictures] option[selected]`).Attr("value"); sel != "on" {
		t.Fatalf("pictures in mail shown as %q for a new member", sel)
	}
	b.submit(doc, `form[action="/settings"]`, map[string]string{"mail_pictures": "off"})
	if u, _ := e.store.UserByEmail(context.Background(), "ann@x.org"); !u.NoMailPictures {
		t.Error("pictures still on after choosing off")
	}
	_, doc = b.get("/settings")
	if sel, _ := doc.Find(`select[name=mail_pictures] option[selected]`).Attr("value"); sel != "off" {
		t.Errorf("the form shows %q after choosing off", sel)
	}
}

// TestPictureHeightIsTheMaps: the game page says its picture's height
// once found for the map (pictureHeight); a picture drawn at any position
// of self-played games, with any number of players, is that high.
func TestPictureHeightIsTheMaps(t *testing.T) {
	t.Parallel()
	s := &Server{}
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
	for _, id := range []string{"imperial", "imperial2030", caesar.ID} {
		g, err := reg.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		for players := 2; players <= 5; players++ {
			st, err := g.New(game.Setup{Players: []string{"A", "B", "C", "D", "E"}[:players], Seed: uint64(players)})
			if err != nil {
				t.Fatal(err)
			}
			src := rng.New(uint64(players))
			for n := 0; n < 400 && !st.Finished(); n++ {
				if n%40 == 0 {
					p := st.(game.Picturer)
					if got, want := s.pictureHeight(p, st), drawnHeight(p); got != want || want <= 0 {
						t.Fatalf("%s, %d players, move %d: height %d kept for the map, %d drawn", id, players, n, got, want)
					}
				}
				todo := st.ToAct()
				d := todo[src.Intn(len(todo))]
				moves := st.LegalMoves(d.Seat)
				if st, _, err = st.Apply(d.Seat, moves[src.Intn(len(moves))].Move); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
