package playimperial

import (
	"slices"

	"rondel/game/imperial"
	"rondel/game/imperial/board"
)

// Where playimperial.club's engine departs from the rule book, Rondel
// follows the rule book. Each kind is named once, at the first entry where
// it shows, with the passage (docs/playimperial-import.md lists them all).
// A kind is named only where its cause is seen in the position; an entry
// refused because the positions already differ says only what Rondel
// refuses.
const departs = "playimperial departs from the rule book here; Rondel follows it: "

func (im *importer) once(kind, text string) string {
	if im.res.Ruleset != "" {
		return "" // replayed under the site's rules: they do as the site did
	}
	if im.noted == nil {
		im.noted = map[string]bool{}
	}
	if im.noted[kind] {
		return ""
	}
	im.noted[kind] = true
	return departs + text
}

// divergence explains an entry Rondel refused, where the cause is a known
// departure of the site's.
func (im *importer) divergence(e Entry) string {
	p := e.Payload
	switch e.Type {
	case "maneuver":
		return im.moveDivergence(p)
	case "bondPurchase", "skipBondPurchase":
		if im.swissBankOutOfTurn(p.Player) {
			return im.once("swiss_bank_order", "Swiss banks invest clockwise starting from the investor card holder (004 INVESTOR step 3: \"in the order of play (clockwise), starting from the player currently with the Investor card\"); the site asks them in descending seat order")
		}
	case "import":
		for _, pl := range p.Placements {
			if im.s.Phase != imperial.PhaseImport {
				break
			}
			if im.standing(pl.Province) {
				return im.staleFriendly()
			}
		}
	case "buildFactory":
		if im.s.Phase == imperial.PhaseFactory && im.standing(p.Province) {
			return im.staleFriendly()
		}
	}
	return ""
}

// moveDivergence: an army move Rondel refused.
func (im *importer) moveDivergence(p Payload) string {
	s := im.s
	b := s.Board()
	from, ok1 := b.Region(p.Origin)
	to, ok2 := b.Region(p.Destination)
	if !ok1 || !ok2 || s.Phase != imperial.PhaseManeuver || b.Regions[to].Kind == board.Sea {
		return ""
	}
	if st := s.Units[s.Turn][from]; st.Armies == 0 {
		return "" // the positions differ: Rondel has no army there
	}
	switch {
	case (p.Origin == "kiev" && p.Destination == "stpetersburg") || (p.Origin == "stpetersburg" && p.Destination == "kiev"):
		return im.once("map_kiev_stpetersburg", "Kiev and St. Petersburg do not border on the printed board; the site's map joins them (docs/rules-decisions.md, Map)")
	case im.railSuspended(from, to):
		return im.once("railway_suspended", "the railway of a home province holding standing (hostile) armies is suspended (004 MANEUVER 2, railroad transport: \"If hostile armies (standing upright) are present in a home province, the railroad network in this home province is suspended\"); the site lets an army take it")
	case im.convoyReused(p):
		return im.once("convoy_reused", "each fleet carries one army per turn (004 MANEUVER 2, armies: \"Each fleet may transport only one army per turn\"); after a hostile entry the site lets a fleet carry another")
	}
	return ""
}

// railSuspended: the move needs the railway (the destination does not
// border the origin) and one of the mover's home provinces holds standing
// foreign armies.
func (im *importer) railSuspended(from, to int) bool {
	s := im.s
	if slices.Contains(s.Board().Regions[from].Adj, to) {
		return false
	}
	for _, h := range s.Board().Nations[s.Turn].Homes {
		if im.standingIn(h) {
			return true
		}
	}
	return false
}

// convoyReused: the move would be legal if the fleets had not yet carried
// an army this turn.
func (im *importer) convoyReused(p Payload) bool {
	s := im.s
	if s.Maneuver == nil {
		return false
	}
	fresh := *s
	m := *s.Maneuver
	m.ConvoyUsed = make([]int, len(m.ConvoyUsed))
	fresh.Maneuver = &m
	for _, lm := range fresh.LegalMoves(s.Nations[s.Turn].Government) {
		var mv imperial.Move
		if jsonMove(lm.Move, &mv) && mv.Type == imperial.MArmy && mv.From == p.Origin && mv.To == p.Destination {
			return true
		}
	}
	return false
}

// swissBankOutOfTurn: Rondel asks another investor first, and the player is
// one of those still to invest this investor turn.
func (im *importer) swissBankOutOfTurn(player string) bool {
	s := im.s
	seat := slices.Index(im.setup.Players, player)
	return s.Phase == imperial.PhaseInvest && len(s.Investors) > 1 && s.Investors[0] != seat && slices.Contains(s.Investors[1:], seat)
}

// standing reports whether a home province (by id) holds standing foreign
// armies in Rondel's position.
func (im *importer) standing(province string) bool {
	r, ok := im.s.Board().Region(province)
	return ok && im.standingIn(r)
}

func (im *importer) standingIn(r int) bool {
	s := im.s
	reg := s.Board().Regions[r]
	if reg.Kind != board.Home {
		return false
	}
	for ni := range s.Units {
		if ni != reg.NationIdx && s.Units[ni][r].Hostile > 0 {
			return true
		}
	}
	return false
}

func (im *importer) staleFriendly() string {
	return im.once("stale_friendly", "a home province holding standing (hostile) armies takes no imports, factories, production or taxes (004 IMPORT, FACTORY, PRODUCTION); the site keeps one lying/standing mark per nation and province, so it counts such armies as lying")
}

func units(s *imperial.State, ni, r int) int {
	st := s.Units[ni][r]
	if s.Board().Regions[r].Kind == board.Sea {
		return int(st.Fleets)
	}
	return int(st.Armies) + int(st.Fleets)
}
