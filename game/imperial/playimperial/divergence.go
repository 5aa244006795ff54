package playimperial

import (
	"rondel/game/imperial"
	"rondel/game/imperial/board"
)

// Where playimperial.club's engine departs from the rule book, Rondel
// follows the rule book. Each kind is named once, at the first entry where
// it shows, with the passage (docs/playimperial-import.md lists them all).

const departs = "playimperial departs from the rule book here; Rondel follows it: "

func (im *importer) once(kind, text string) string {
	if im.noted == nil {
		im.noted = map[string]bool{}
	}
	if im.noted[kind] {
		return ""
	}
	im.noted[kind] = true
	return departs + text
}

// divergence explains an entry Rondel refused, where the cause is known.
func (im *importer) divergence(e Entry) string {
	p := e.Payload
	switch {
	case e.Type == "maneuver" && ((p.Origin == "kiev" && p.Destination == "stpetersburg") || (p.Origin == "stpetersburg" && p.Destination == "kiev")):
		return im.once("map_kiev_stpetersburg", "Kiev and St. Petersburg do not border on the printed board; the site's map joins them (docs/rules-decisions.md, map)")
	case e.Type == "maneuver":
		return im.once("army_move", "an army moves one step by land or one convoy, with railway only through its own home provinces free of hostile armies (004 MANEUVER 2, railroad transport; FAQ on suspended railroads)")
	case e.Type == "fight":
		return im.once("fight_refused", "only the maneuvering nation fights at will; others may fight only a unit that has just entered (004 FAQ: When can nations use their military units to fight?)")
	case e.Type == "bondPurchase" || e.Type == "skipBondPurchase":
		return im.once("swiss_bank_order", "Swiss banks invest in seat order starting from the investor card holder (004 INVESTOR step 3)")
	case e.Type == "import":
		return im.once("import", "a nation imports at most 3 units, 1M each from its treasury, into home provinces without hostile armies (004 IMPORT)")
	}
	return ""
}

// preNote looks at an entry before it is applied, for departures that
// change the outcome of an entry Rondel accepts.
func (im *importer) preNote(e Entry) string {
	s := im.s
	p := e.Payload
	switch e.Type {
	case "fight":
		r, ok := s.Board().Region(p.Province)
		inc, ok2 := s.Board().Nation(string(p.Incumbent))
		ch, ok3 := s.Board().Nation(string(p.Challenger))
		if ok && ok2 && ok3 && units(s, inc, r) > 1 && units(s, ch, r) > 1 {
			return im.once("fight_not_one_to_one", "a battle removes one unit of each side; the site fights on until one side has nothing left there (004 MANEUVER 1 and 2, battles: matched 1:1)")
		}
	case "coexist":
		r, ok := s.Board().Region(p.Province)
		ch, ok2 := s.Board().Nation(string(p.Challenger))
		if ok && ok2 && ch != s.Turn && s.Units[ch][r].Hostile > 0 {
			return im.once("coexist_relabels_hostile_armies", "declining a battle does not lay down a nation's standing armies (004 MANEUVER, entering provinces of other Great Powers: status changes only in that nation's own maneuver)")
		}
	case "unfriendlyEntrance":
		r, ok := s.Board().Region(p.Province)
		if ok && s.Units[s.Turn][r].Armies-s.Units[s.Turn][r].Hostile > 1 {
			return im.once("sticky_friendly", "each army is standing or lying on its own; a hostile entry makes the entering army hostile even where the nation's armies were friendly before (004 MANEUVER, entering provinces of other Great Powers)")
		}
	case "forceInvestor":
		if s.Pending != nil && s.Nations[s.Turn].Rondel >= 0 {
			if d := (3 - s.Nations[s.Turn].Rondel + 8) % 8; d > 3 { // 3 = the Investor space
				return im.once("forced_investor_stop_fee", "a nation forced to stop on Investor still moves that far, and spaces beyond three cost its government as for any move (004 GAME PLAY; the stop is not free)")
			}
		}
	case "rondel":
		return im.interestNote(p)
	}
	return ""
}

// interestNote: a rondel move onto Investor with a treasury too small for
// all interest: Rondel uses up the treasury before the government's cash.
func (im *importer) interestNote(p Payload) string {
	s := im.s
	ni, ok := s.Board().Nation(string(p.Nation))
	if !ok || p.Slot != "investor" {
		return ""
	}
	owed := 0
	for _, b := range s.Summarize().Players {
		for _, bd := range b.Bonds {
			if bd.Nation == string(p.Nation) {
				owed += s.Board().Interest(bd.Cost)
			}
		}
	}
	if s.Nations[ni].Treasury < owed {
		return im.once("interest_payment", "a short treasury pays the other holders first and the government makes up the rest from its own cash, forgoing its own interest (004 INVESTOR step 1); the site pays each bond wholly from one or the other")
	}
	return ""
}

// closeNote: the site ended a maneuver while Rondel still had units free to
// act (after a battle, the site ends it on its own).
func (im *importer) closeNote(passing bool, lastType string) string {
	if lastType == "coexist" && passing {
		return im.once("coexist_ends_maneuver_skips_investor", "a maneuver that passed over Investor is followed by Investor steps 2 and 3 however it ends (004 INVESTOR introduction)")
	}
	return im.once("maneuver_ends_with_unit_left_to_move", "every unit present at the start of a maneuver may move once; a battle does not end the maneuver (004 MANEUVER)")
}

func units(s *imperial.State, ni, r int) int {
	st := s.Units[ni][r]
	if s.Board().Regions[r].Kind == board.Sea {
		return int(st.Fleets)
	}
	return int(st.Armies) + int(st.Fleets)
}
