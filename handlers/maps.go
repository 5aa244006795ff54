package handlers

import (
	"crypto/sha256"
	"encoding/hex"
	"html/template"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/game/words"
)

// The maps of the games' boards as static files (game.Layerer,
// docs/maps.md): a game page draws only the position and refers to its
// map's shapes at /maps/<hash>.svg, which a browser fetches
// once and keeps for a year: the address names the file's content (the
// first 10 hex digits of its SHA-256: 40 bits tell a few dozen maps apart,
// and the address is written in every region's <use> of a game page), so a
// changed map is a new address.
// A map is drawn the first time a page of this run needs it and kept for
// the run (a few maps in three languages, 4-110 KB each).

// mapAssets holds the maps drawn in this run, by file name and by map and
// language.
type mapAssets struct {
	warm   sync.Once // drawAll, on the first address not found
	mu     sync.Mutex
	byName map[string][]byte // file name -> the SVG
	byMap  map[string]string // map id + "." + language -> file name
}

func newMapAssets() *mapAssets {
	return &mapAssets{byName: map[string][]byte{}, byMap: map[string]string{}}
}

// url is the address of l's map in sp's language, drawn (once) if needed.
func (m *mapAssets) url(l game.Layerer, sp *words.Speaker) string {
	key := l.MapID() + "." + sp.Lang()
	m.mu.Lock()
	name, ok := m.byMap[key]
	m.mu.Unlock()
	if ok {
		return "/maps/" + name
	}
	svg := []byte(l.MapSVG(sp))
	sum := sha256.Sum256(svg)
	name = hex.EncodeToString(sum[:5]) + ".svg"
	m.mu.Lock()
	m.byMap[key] = name
	m.byName[name] = svg
	m.mu.Unlock()
	return "/maps/" + name
}

// drawAll draws the maps of every hosted game in every language: with
// its default options and with each other choice of each option (a board
// side, an edition), for every number of players, as a game would be set up. So an address a page of an
// earlier run of the same build named (kept in a tab, or in a cache of
// pages) is found after a restart before any page of this run drew it.
func (m *mapAssets) drawAll(reg *game.Registry) {
	for _, info := range reg.List() {
		g, err := reg.Get(info.ID)
		if err != nil {
			continue
		}
		setups := []game.Options{{}}
		for _, o := range info.Options {
			choices := o.Choices
			if o.Kind == game.OptionBool {
				choices = []string{"true", "false"}
			}
			for _, ch := range choices {
				if ch != o.Default {
					setups = append(setups, game.Options{o.Name: ch})
				}
			}
		}
		for n := max(info.MinPlayers, 1); n <= info.MaxPlayers; n++ { // a board may depend on the players' number
			players := make([]string, n)
			for i := range players {
				players[i] = string(rune('A' + i))
			}
			for _, opts := range setups {
				st, err := g.New(game.Setup{Players: players, Options: opts, Seed: 1})
				if l, ok := st.(game.Layerer); ok && err == nil {
					for _, lang := range words.Languages {
						m.url(l, words.Default().Speaker(lang, nil))
					}
				}
			}
		}
	}
}

// get returns the map called name, if this run drew it.
func (m *mapAssets) get(name string) ([]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.byName[name]
	return b, ok
}

// mapFile serves a map. Its address names its content, so it is cached
// for good; an unknown name (a map of an earlier run whose drawing
// changed) is not found, and not cached. On the first address not found
// the run draws every map it hosts (drawAll), once.
func (s *Server) mapFile(c *echo.Context) error {
	name := c.Param("file")
	b, ok := s.maps.get(name)
	if !ok {
		s.maps.warm.Do(func() { s.maps.drawAll(s.store.Registry()) })
		b, ok = s.maps.get(name)
	}
	if !ok || strings.Contains(name, "/") {
		c.Response().Header().Set("Cache-Control", "no-store")
		return fail(http.StatusNotFound, "pages.error.no_board")
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", `"`+strings.TrimSuffix(name, ".svg")+`"`)
	if c.Request().Header.Get("If-None-Match") == h.Get("ETag") {
		return c.NoContent(http.StatusNotModified)
	}
	return c.Blob(http.StatusOK, "image/svg+xml; charset=utf-8", b)
}

// pageBoardOf is the board for a page: the position over its map asset
// when the game draws in layers, else the whole board (boardOf).
func (s *Server) pageBoardOf(st game.State, viewer int, sp *words.Speaker) template.HTML {
	if l, ok := st.(game.Layerer); ok {
		// Engines draw from their own data only (see game.Drawer): trusted.
		return template.HTML(l.PositionSVG(viewer, sp, s.maps.url(l, sp)))
	}
	return boardOf(st, viewer, sp)
}
