package imperial

import (
	"fmt"
	"strings"
)

// The pieces, drawn at (x, y) = the icon's centre. Armies are cylinders as
// on the table: lying when friendly, standing when hostile. Every icon has
// a dark outline so the yellow and grey pieces read on any tile.

// svgDefs holds the shared symbols and patterns, referenced with <use>.
const svgDefs = `<defs>` + hatchPattern +
	`<g id="imp-anchor"><circle r="7" fill="#ffffff" fill-opacity="0.85" stroke="#14365e" stroke-width="0.8"/><circle cx="0" cy="-4.5" r="1.8" fill="none" stroke="#14365e" stroke-width="1.3"/><path d="M0 -2.7V5M-3 -0.5H3M-5 2.2Q0 7.5 5 2.2" fill="none" stroke="#14365e" stroke-width="1.4" stroke-linecap="round"/></g>` +
	`</defs>`

// hatchPattern fills impassable regions; hatchDef defines it alone.
const (
	hatchPattern = `<pattern id="imp-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#d4d4d4"/><line x1="0" y1="0" x2="0" y2="6" stroke="#9a9a9a" stroke-width="2.5"/></pattern>`
	hatchDef     = `<defs>` + hatchPattern + `</defs>`
)

// armyIcon draws one army cylinder; standing (hostile) or lying (friendly).
func armyIcon(w *strings.Builder, x, y float64, fill string, standing bool) {
	if standing {
		fmt.Fprintf(w, `<g transform="translate(%.1f %.1f)"><rect x="-4.5" y="-7" width="9" height="14" rx="1" fill="%s" stroke="#111" stroke-width="1"/><ellipse cx="0" cy="-7" rx="4.5" ry="1.8" fill="%s" stroke="#111" stroke-width="1"/></g>`, x, y, fill, fill)
		return
	}
	fmt.Fprintf(w, `<g transform="translate(%.1f %.1f)"><rect x="-7" y="-4.5" width="14" height="9" rx="1" fill="%s" stroke="#111" stroke-width="1"/><ellipse cx="7" cy="0" rx="1.8" ry="4.5" fill="%s" stroke="#111" stroke-width="1"/></g>`, x, y, fill, fill)
}

// fleetIcon draws one ship.
func fleetIcon(w *strings.Builder, x, y float64, fill string) {
	fmt.Fprintf(w, `<g transform="translate(%.1f %.1f)"><path d="M-8 0H8L5 5H-5Z" fill="%s" stroke="#111" stroke-width="1"/><path d="M-1 -0.5V-8L5 -2Z" fill="%s" stroke="#111" stroke-width="0.9"/></g>`, x, y, fill, fill)
}

// factoryIcon draws a city's factory slot: a building with a saw-tooth
// roof, filled when built (brown: armaments, navy: shipyard), a dashed
// outline when the slot is empty.
func factoryIcon(w *strings.Builder, x, y float64, shipyard, built bool) {
	col := "#6b4423"
	if shipyard {
		col = "#1d4e89"
	}
	path := `M-8 7V-2L-4 -6V-2L0 -6V-2L4 -6V-7H7V7Z`
	if built {
		fmt.Fprintf(w, `<path transform="translate(%.1f %.1f)" d="%s" fill="%s" stroke="#111" stroke-width="0.8"/>`, x, y, path, col)
		if shipyard {
			fmt.Fprintf(w, `<path transform="translate(%.1f %.1f)" d="M-5 3.5Q-2.5 1 0 3.5T5 3.5" fill="none" stroke="#fff" stroke-width="1.3"/>`, x, y)
		}
		return
	}
	fmt.Fprintf(w, `<path transform="translate(%.1f %.1f)" d="%s" fill="#ffffff" fill-opacity="0.6" stroke="%s" stroke-width="1.2" stroke-dasharray="2 1.5"/>`, x, y, path, col)
}

// flagIcon draws a nation's flag on a pole, its foot at (x, y).
func flagIcon(w *strings.Builder, x, y float64, fill string) {
	fmt.Fprintf(w, `<g transform="translate(%.1f %.1f)"><line x1="0" y1="0" x2="0" y2="-14" stroke="#222" stroke-width="1.3"/><path d="M0.5 -14H11L8.5 -10.5L11 -7H0.5Z" fill="%s" stroke="#111" stroke-width="0.8"/></g>`, x, y, fill)
}

// anchorIcon marks a port's anchor sea.
func anchorIcon(w *strings.Builder, x, y float64) {
	fmt.Fprintf(w, `<use href="#imp-anchor" x="%.1f" y="%.1f"/>`, x, y)
}
