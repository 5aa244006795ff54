package imperial

import (
	"slices"

	"rondel/game/words"
)

const maxImport = 3

// Import (rule book IMPORT) is played one unit at a time: the government
// places a unit (its kind and province), paid 1M from the treasury at
// once, until it says "import nothing more", has placed 3 units or can
// place none more. The result and the cost are the rule book's; the
// decision stays small (never one list of every combination). Records
// made before kept the whole import in one move (MImport), which Apply
// still accepts before the first unit is placed.

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
		l.say(func() words.Text { return s.nat(ev("import_impossible"), "nation", ni) })
		s.finishAction(l)
		return
	}
	s.Imported = 0
	s.Phase = PhaseImport
}

// checkImport validates placements on top of the units already imported
// in this import.
func (s *State) checkImport(ni int, units []Placement) error {
	if left := maxImport - s.Imported; len(units) > left {
		return broke("import_max", s.nat(errText("import_max"), "nation", ni).Count(left).Num("asked", len(units)))
	}
	if t := s.Nations[ni].Treasury; len(units) > t {
		return broke("import_cost", s.nat(errText("import_cost"), "nation", ni).Count(len(units)).
			Money("cost", len(units)).Money("treasury", t))
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
			return broke("import", errText("unit_kind"))
		}
		if !slices.Contains(s.importSites(ni, fleet), r) {
			return broke("import_placement", s.reg(s.nat(errText("import_placement"), "nation", ni), "region", r).
				Term("unit", aUnitKey(p.Unit)))
		}
	}
	if armies > s.supplyLeft(ni, false) || fleets > s.supplyLeft(ni, true) {
		return broke("import_supply", s.nat(errText("import_supply"), "nation", ni).
			Sub("armies", unitsText("army", s.supplyLeft(ni, false))).Sub("fleets", unitsText("fleet", s.supplyLeft(ni, true))))
	}
	return nil
}

func (s *State) doImport(m Move, l *log) error {
	ni := s.Turn
	switch m.Type {
	case MImportUnit:
		p := Placement{Region: m.Region, Unit: m.Unit}
		if err := s.checkImport(ni, []Placement{p}); err != nil {
			return err
		}
		r := s.placeImport(ni, p)
		s.Imported++
		l.say(func() words.Text {
			return s.reg(s.nat(ev("imported_unit"), "nation", ni), "region", r).Term("unit", aUnitKey(p.Unit)).Money("cost", 1)
		})
		if s.Imported < maxImport && len(s.importOptions(ni)) > 0 {
			return nil
		}
	case MImportEnd:
		if s.Imported == 0 {
			l.say(func() words.Text { return s.nat(ev("imported_nothing"), "nation", ni) })
		} else {
			l.say(func() words.Text { return s.nat(ev("import_ended"), "nation", ni) })
		}
	case MImport:
		if s.Imported > 0 {
			return broke("import", s.nat(errText("import_started"), "nation", ni))
		}
		if err := s.checkImport(ni, m.Units); err != nil {
			return err
		}
		var placed []words.Arg
		for _, p := range m.Units {
			r := s.placeImport(ni, p)
			placed = append(placed, words.Sub(s.reg(ev("unit_in"), "region", r).Term("unit", aUnitKey(p.Unit))))
		}
		if len(placed) == 0 {
			l.say(func() words.Text { return s.nat(ev("imported_nothing"), "nation", ni) })
		} else {
			l.say(func() words.Text {
				return s.nat(ev("imported"), "nation", ni).With("units", words.List(placed...)).Money("cost", len(placed))
			})
		}
	default:
		return broke("import", s.nat(errText("import_expected"), "nation", ni))
	}
	s.Imported = 0
	s.finishAction(l)
	return nil
}

// placeImport puts one checked unit on the board, paid 1M by the treasury.
func (s *State) placeImport(ni int, p Placement) int {
	r, _ := s.b.Region(p.Region)
	if p.Unit == "fleet" {
		s.Units[ni][r].Fleets++
	} else {
		s.Units[ni][r].Armies++
	}
	s.Nations[ni].Treasury--
	return r
}

// importOptions lists the units the nation may still import one by one:
// armies in its free home provinces, then fleets in its free shipyard
// cities.
func (s *State) importOptions(ni int) []Placement {
	var out []Placement
	for _, kind := range []string{"army", "fleet"} {
		for _, r := range s.importSites(ni, kind == "fleet") {
			p := Placement{Region: s.b.Regions[r].ID, Unit: kind}
			if s.checkImport(ni, []Placement{p}) == nil {
				out = append(out, p)
			}
		}
	}
	return out
}

// importMoves lists the next unit to import, by kind, and the end.
func (s *State) importMoves(add adder) {
	for _, p := range s.importOptions(s.Turn) {
		r, _ := s.b.Region(p.Region)
		add(Move{Type: MImportUnit, Region: p.Region, Unit: p.Unit},
			s.reg(label("import_unit"), "region", r).Term("unit", aUnitKey(p.Unit)).Money("cost", 1), group("import_"+p.Unit))
	}
	end := label("import_none")
	if s.Imported > 0 {
		end = label("import_end")
	}
	add(Move{Type: MImportEnd}, end, group("import_end"))
}

// importPrompt asks for the next unit: how many more the nation may
// import (at most 3 in all, 1M each from its treasury).
func (s *State) importPrompt() words.Text {
	ni := s.Turn
	left := max(0, min(maxImport-s.Imported, s.Nations[ni].Treasury))
	id := "imperial.prompt.import"
	if s.Imported > 0 {
		id = "imperial.prompt.import_more"
	}
	return s.nat(words.New(id), "nation", ni).Count(left)
}
