package handlers

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/imperial/board"
	"rondel/game/words"
)

// pageBytes is the game page's size for a seat, as sent (gzip off).
func pageBytes(t *testing.T, b *browser, path, name string) int {
	t.Helper()
	code, body := b.raw(path)
	if code != http.StatusOK {
		t.Fatalf("game page: %d", code)
	}
	if dir := os.Getenv("RONDEL_PAGE_DIR"); dir != "" { // to look at
		_ = os.WriteFile(filepath.Join(dir, name+".html"), body, 0o644)
	}
	return len(body)
}

// TestGamePageBytes writes what a game page weighs in the middle of a
// game of each kind (docs/performance.md), run with -v.
func TestGamePageBytes(t *testing.T) {
	for _, c := range []struct {
		kind  string
		moves int
	}{{"imperial", 140}, {"imperial2030", 140}, {"caesars-imperium", 60}} {
		tb := gameTable(t, c.moves, nil, c.kind)
		_, doc := tb.players[0].get(tb.path)
		svg, _ := goquery.OuterHtml(doc.Find("section.board svg").First())
		file, _, _ := strings.Cut(doc.Find("section.board svg use[href^=\"/maps/\"]").First().AttrOr("href", ""), "#")
		asset := 0
		if file != "" {
			asset = pageBytes(t, tb.players[0], file, c.kind+"-map")
		}
		t.Logf("%s after %d moves: game page %d bytes, its board about %d, the map file %d", c.kind, c.moves, pageBytes(t, tb.players[0], tb.path, c.kind), len(svg), asset)
	}
}

// The game page draws only the position and refers to its map, a static
// file at an address naming its content, kept by browsers for good:
// every region of the rules is drawn on the page by a <use> of an element
// the map file has, coloured on the page (by the <use> or the group of
// <use>s painted alike) and named by the map's element (its <title>, the
// tooltip of a <use> without one); a page fetched with nothing cached gets
// the map from that address. The whole board stays at board.svg.
func TestGamePageRefersToItsMap(t *testing.T) {
	t.Parallel()
	restarted := newEnvOn(t, importRegistry(gametest.Game{}, imperial.New(), imperial.New2030(), caesar.New()))
	for _, kind := range []string{"imperial", "imperial2030", "caesars-imperium"} {
		tb := gameTable(t, 40, nil, kind)
		b := tb.players[0]
		_, doc := b.get(tb.path)
		pos, err := tb.e.store.Current(t.Context(), tb.id)
		if err != nil {
			t.Fatal(err)
		}
		uses := doc.Find("section.board svg use[data-region]")
		href := doc.Find("section.board svg use").First().AttrOr("href", "")
		file, _, _ := strings.Cut(href, "#")
		if !regexp.MustCompile(`^/maps/[0-9a-f]{10}\.svg$`).MatchString(file) {
			t.Fatalf("%s: the board refers to %q", kind, href)
		}
		resp, err := http.Get(tb.e.ts.URL + file) // no session, nothing cached
		if err != nil {
			t.Fatal(err)
		}
		asset, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
			!strings.HasPrefix(resp.Header.Get("Content-Type"), "image/svg+xml") {
			t.Fatalf("%s: the map answers %d, %q, %q", kind, resp.StatusCode, resp.Header.Get("Cache-Control"), resp.Header.Get("Content-Type"))
		}
		// A server that drew no page yet (restarted) serves it too.
		if code := status(t, restarted.ts.URL+file); code != http.StatusOK {
			t.Errorf("%s: a restarted server answers %d for %s", kind, code, file)
		}
		ids := map[string]bool{}
		for _, m := range regexp.MustCompile(` id="([^"]+)"`).FindAllStringSubmatch(string(asset), -1) {
			ids[m[1]] = true
		}
		titles := map[string]string{} // a shape's id -> its tooltip
		for _, m := range regexp.MustCompile(`<path id="([^"]+)"[^>]*><title>([^<]+)</title>`).FindAllStringSubmatch(string(asset), -1) {
			titles[m[1]] = m[2]
		}
		drawn := map[string]bool{}
		fillOf := styledFill(doc.Find("section.board svg style").Text())
		uses.Each(func(_ int, u *goquery.Selection) {
			f, id, _ := strings.Cut(u.AttrOr("href", ""), "#")
			fill := fillOf(u)
			if fill == "" && u.Parent().Is("g:not([data-region])") { // a run painted alike
				fill = fillOf(u.Parent())
			}
			if f != file || !ids[id] || fill == "" || titles[id] == "" {
				t.Errorf("%s: region %s is drawn as %q (fill %q, title %q), not from the map", kind, u.AttrOr("data-region", ""), u.AttrOr("href", ""), fill, titles[id])
			}
			drawn[u.AttrOr("data-region", "")] = true
		})
		doc.Find("section.board svg use[data-slot]").Each(func(_ int, u *goquery.Selection) {
			if _, id, _ := strings.Cut(u.AttrOr("href", ""), "#"); titles[id] == "" || fillOf(u) == "" {
				t.Errorf("%s: the rondel's space %s is not named by the map (title %q) or not painted", kind, id, titles[id])
			}
		})
		doc.Find("section.board svg use").Each(func(_ int, u *goquery.Selection) {
			if f, id, _ := strings.Cut(u.AttrOr("href", ""), "#"); f == file && !ids[id] {
				t.Errorf("%s: the board uses %q, which the map lacks", kind, id)
			}
		})
		if kind == "caesars-imperium" { // a board without regions: its cities are the position's
			if doc.Find("section.board svg g[data-city]").Length() == 0 || !ids["land"] || !ids["rome"] {
				t.Errorf("%s: the board's cities or its map are missing", kind)
			}
			continue
		}
		rules, err := board.Load(strings.TrimPrefix(pos.State.(game.Layerer).MapID(), "imperial-"))
		if err != nil {
			t.Fatal(err)
		}
		for _, reg := range rules.Regions {
			if r := reg.ID; !drawn[r] || !ids["r-"+r] {
				t.Errorf("%s: region %s not drawn from the map (on the page %v, in the map %v)", kind, r, drawn[r], ids["r-"+r])
			}
		}
		// Not modified on its tag; the whole board is still one file.
		req, _ := http.NewRequest(http.MethodGet, tb.e.ts.URL+file, nil)
		req.Header.Set("If-None-Match", resp.Header.Get("ETag"))
		if r2, err := http.DefaultClient.Do(req); err != nil || r2.StatusCode != http.StatusNotModified {
			t.Errorf("%s: the map on its tag: %v %v", kind, r2, err)
		} else {
			r2.Body.Close()
		}
		if _, whole := b.get(tb.path + "/board.svg"); whole.Find("svg path[data-region]").Length() != len(rules.Regions) || whole.Find("use[data-region]").Length() != 0 {
			t.Errorf("%s: board.svg is not the whole board", kind)
		}
	}
	if code, _ := newEnv(t).browser().get("/maps/0123456789abcdef.svg"); code != http.StatusNotFound {
		t.Errorf("an unknown map: %d", code)
	}
}

// A map's address is the hash of its content: another map, or the same
// map in another language, is another address; the same map is the same.
func TestMapAddressFollowsContent(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(imperial.New(), imperial.New2030())
	state := func(kind string) game.Layerer {
		g, err := reg.Get(kind)
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.New(game.Setup{Players: []string{"A", "B", "C"}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		return st.(game.Layerer)
	}
	en, de := words.English(), words.Default().Speaker("de", nil)
	m := newMapAssets()
	europe, world := m.url(state("imperial"), en), m.url(state("imperial2030"), en)
	if europe == world || europe == m.url(state("imperial"), de) {
		t.Errorf("maps share an address: %s %s", europe, world)
	}
	if again := newMapAssets().url(state("imperial"), en); again != europe {
		t.Errorf("the same map at two addresses: %s %s", europe, again)
	}
	// A changed drawing is a new address.
	changed := newMapAssets().url(changedMap{state("imperial")}, en)
	if changed == europe {
		t.Errorf("a changed map kept its address %s", europe)
	}
}

// changedMap is a map drawn differently from its game's.
type changedMap struct{ game.Layerer }

func (c changedMap) MapSVG(sp *words.Speaker) string {
	return strings.Replace(c.Layerer.MapSVG(sp), "<defs>", "<defs><desc>changed</desc>", 1)
}

// status is the status of a GET without a session.
func status(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// styledFill reads an element's fill: its attribute, or the fill of a
// rule of the drawing's style (picture.WriteStyled) one of its classes
// names.
func styledFill(style string) func(*goquery.Selection) string {
	fills := map[string]string{}
	for _, m := range regexp.MustCompile(`\.([\w-]+)\{[^}]*?(?:^|;|\{)?fill:([^;}]+)`).FindAllStringSubmatch(style, -1) {
		fills[m[1]] = m[2]
	}
	return func(u *goquery.Selection) string {
		if f := u.AttrOr("fill", ""); f != "" {
			return f
		}
		for _, c := range strings.Fields(u.AttrOr("class", "")) {
			if f := fills[c]; f != "" {
				return f
			}
		}
		return ""
	}
}
