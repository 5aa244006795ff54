package imperial

import (
	"fmt"
	"slices"
	"strings"

	"rondel/game"
)

const maxImport = 3

// importSites: home provinces without hostile armies take armies; only the
// shipyard-coloured cities among them take fleets, whether or not a shipyard
// is built (rule book IMPORT and its Trieste example).
func (s *State) importSites(ni int, fleet bool) []int {
	var out []int
	for _, r := range s.b.Nations[ni].Homes {
		if s.occupied(r) || (fleet && !s.b.Regions[r].Shipyard()) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func (s *State) startImport(l *log) {
	ni := s.Turn
	if s.Nations[ni].Treasury < 1 || (len(s.importSites(ni, false)) == 0) ||
		(s.supplyLeft(ni, false) <= 0 && s.supplyLeft(ni, true) <= 0) {
		l.add("%s cannot import", s.nationName(ni))
		s.finishAction(l)
		return
	}
	s.Phase = PhaseImport
}

// checkImport validates a list of placements and returns them as
// (region, fleet) pairs.
func (s *State) checkImport(ni int, units []Placement) error {
	if len(units) > maxImport {
		return game.Broke("import: at most 3 units", "%s may import at most 3 units, not %d", s.nationName(ni), len(units))
	}
	if len(units) > s.Nations[ni].Treasury {
		return game.Broke("import: 1M per unit", "importing %d units costs %dM; the treasury of %s has %dM", len(units), len(units), s.nationName(ni), s.Nations[ni].Treasury)
	}
	armies, fleets := 0, 0
	for _, p := range units {
		r, err := s.region(p.Region)
		if err != nil {
			return err
		}
		var fleet bool
		switch p.Unit {
		case "army":
			armies++
		case "fleet":
			fleet = true
			fleets++
		default:
			return game.Broke("import", "a unit is an army or a fleet, not %q", p.Unit)
		}
		if !slices.Contains(s.importSites(ni, fleet), r) {
			what := "armies"
			if fleet {
				what = "fleets"
			}
			return game.Broke("import: placement", "%s cannot place %s in %s (only its home provinces without hostile armies; fleets only in shipyard cities)", s.nationName(ni), what, s.regionName(r))
		}
	}
	if armies > s.supplyLeft(ni, false) || fleets > s.supplyLeft(ni, true) {
		return game.Broke("import: supply", "%s has only %d armies and %d fleets left in its supply", s.nationName(ni), s.supplyLeft(ni, false), s.supplyLeft(ni, true))
	}
	return nil
}

func (s *State) doImport(m Move, l *log) error {
	ni := s.Turn
	if m.Type != MImport {
		return game.Broke("import", "%s is on Import: choose up to 3 units (or none)", s.nationName(ni))
	}
	if err := s.checkImport(ni, m.Units); err != nil {
		return err
	}
	var words []string
	for _, p := range m.Units {
		r, _ := s.b.Region(p.Region)
		if p.Unit == "fleet" {
			s.Units[ni][r].Fleets++
		} else {
			s.Units[ni][r].Armies++
		}
		words = append(words, fmt.Sprintf("%s in %s", p.Unit, s.regionName(r)))
	}
	s.Nations[ni].Treasury -= len(m.Units)
	if len(words) == 0 {
		l.add("%s imported nothing", s.nationName(ni))
	} else {
		l.add("%s imported %s for %dM", s.nationName(ni), strings.Join(words, ", "), len(m.Units))
	}
	s.finishAction(l)
	return nil
}

// importChoices lists every distinct import (multisets of up to 3
// placements, in a canonical order).
func (s *State) importChoices(ni int) [][]Placement {
	var opts []Placement
	for _, r := range s.importSites(ni, false) {
		opts = append(opts, Placement{s.b.Regions[r].ID, "army"})
	}
	for _, r := range s.importSites(ni, true) {
		opts = append(opts, Placement{s.b.Regions[r].ID, "fleet"})
	}
	out := [][]Placement{{}}
	var rec func(start int, cur []Placement)
	rec = func(start int, cur []Placement) {
		if len(cur) == maxImport {
			return
		}
		for i := start; i < len(opts); i++ {
			next := append(slices.Clone(cur), opts[i])
			if s.checkImport(ni, next) == nil {
				out = append(out, next)
				rec(i, next)
			}
		}
	}
	rec(0, nil)
	return out
}
