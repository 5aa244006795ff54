package imperial

import (
	"fmt"
	"strconv"
)

// nationHex are the drawing colours of the colour names in the map data.
// Grey is drawn near-black: the pieces must stand out on pale tiles.
var nationHex = map[string]string{
	"yellow": "#f2c200",
	"green":  "#2e8b3a",
	"blue":   "#2a62c9",
	"red":    "#d0312d",
	"grey":   "#4a4a4a",
	"black":  "#222222",
	"purple": "#7b3fa0",
}

// Map colours shared by the drawing.
const (
	colSea     = "#bcd8ec"
	colLand    = "#eee6d3"
	colLake    = "#9fb3c2" // water of no sea region
	colScenery = "#d9d5cc" // land of no region
	colBorder  = "#5d5a52"
	colStrait  = "#7a4b16"
	colCanal   = "#0f5fa8"
	colInk     = "#1b1b1b"
	colPaper   = "#fbf8f1"
)

func (s *State) nationColour(ni int) string {
	if c, ok := nationHex[s.b.Nations[ni].Colour]; ok {
		return c
	}
	return "#888888"
}

// rgb parses "#rrggbb".
func rgb(hex string) (r, g, b float64) {
	v, err := strconv.ParseUint(hex[1:], 16, 32)
	if err != nil || len(hex) != 7 {
		return 0.5, 0.5, 0.5
	}
	return float64(v>>16&255) / 255, float64(v>>8&255) / 255, float64(v&255) / 255
}

// mix returns a + (b-a)*t: the tint of colour b over a at strength t.
func mix(a, b string, t float64) string {
	ar, ag, ab := rgb(a)
	br, bg, bb := rgb(b)
	c := func(x, y float64) int { return int((x+(y-x)*t)*255 + 0.5) }
	return hexColour(c(ar, br), c(ag, bg), c(ab, bb))
}

// whiteTint is mix("#ffffff", col, t), made once for the nations'
// colours at the strengths a board tints with (every home province and
// every bond cell; each mixed was an allocation).
func whiteTint(col string, t float64) string {
	if c, ok := whiteTints[tintKey{col, t}]; ok {
		return c
	}
	return mix("#ffffff", col, t)
}

type tintKey struct {
	col string
	t   float64
}

var whiteTints = func() map[tintKey]string {
	out := map[tintKey]string{}
	for _, t := range []float64{0.35, 0.38} { // bond cells, home provinces
		for _, col := range nationHex {
			out[tintKey{col, t}] = mix("#ffffff", col, t)
		}
	}
	return out
}()

// hexColour is fmt's "#%02x%02x%02x" without fmt: a board mixes a tint
// for every home province and every bond cell (issue 20).
func hexColour(r, g, b int) string {
	if r < 0 || r > 255 || g < 0 || g > 255 || b < 0 || b > 255 {
		return fmt.Sprintf("#%02x%02x%02x", r, g, b)
	}
	const digits = "0123456789abcdef"
	return string([]byte{'#', digits[r>>4], digits[r&15], digits[g>>4], digits[g&15], digits[b>>4], digits[b&15]})
}

// inkOn returns black or white, whichever reads better on a fill.
func inkOn(fill string) string {
	r, g, b := rgb(fill)
	if 0.299*r+0.587*g+0.114*b > 0.55 {
		return colInk
	}
	return "#ffffff"
}
