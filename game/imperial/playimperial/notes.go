package playimperial

import (
	"slices"

	"rondel/game/imperial"
	"rondel/game/imperial/board"
)

// preNote looks at entry i before it is applied, for departures that
// change the outcome of an entry Rondel accepts.
func (im *importer) preNote(i int, e Entry) string {
	s := im.s
	p := e.Payload
	r, okR := s.Board().Region(p.Province)
	switch e.Type {
	case "fight":
		inc, ok2 := s.Board().Nation(string(p.Incumbent))
		ch, ok3 := s.Board().Nation(string(p.Challenger))
		if okR && ok2 && ok3 && units(s, inc, r) > 1 && units(s, ch, r) > 1 {
			return im.once("fight_not_one_to_one", "a battle removes one unit of each side (004 MANEUVER 1 and 2, battles: units are matched 1:1); the site fights on until one side has nothing left there")
		}
	case "coexist":
		var notes []string
		ch, ok2 := s.Board().Nation(string(p.Challenger))
		if okR && ok2 && ch != s.Turn && im.siteLaysDown(i, r) && s.Units[ch][r].Hostile > 0 {
			notes = append(notes, im.once("coexist_relabels_hostile_armies", "declining a battle does not lay down a nation's standing armies (004 MANEUVER, entering provinces of other Great Powers: the status changes \"during the next maneuver turn of the nation\"); the site lays them down"))
		}
		if s.Passing && im.endsManeuver(i) {
			notes = append(notes, im.once("coexist_ends_maneuver_skips_investor", "a turn that passed over Investor is followed by Investor steps 2 and 3 however its maneuver ends (004 INVESTOR: \"Steps two and three are executed when the Investor space on the rondel is not landed on but is only passed through\"); the site skips them when a coexistence answer ends the maneuver"))
		}
		return join(notes)
	case "unfriendlyEntrance":
		if okR && im.siteLying[siteMark{s.Turn, r}] {
			return im.once("sticky_friendly", "each army is standing or lying on its own, so a hostile entry stands the entering army up where the nation's armies lay before (004 MANEUVER, entering provinces of other Great Powers); the site keeps one mark per nation and province and never stands it up again")
		}
	case "friendlyEntrance":
		if okR && s.Maneuver != nil && s.Maneuver.Moved[r].Hostile > 0 {
			return im.once("entered_standing_stays", "an army that entered standing keeps that status until the nation's next maneuver (004 MANEUVER, entering provinces of other Great Powers: \"During the next maneuver turn of the nation, the status of the armies can be changed\"); the site's friendly entry lays it down at once")
		}
	case "forceInvestor":
		if s.Pending != nil && s.Nations[s.Turn].Rondel >= 0 {
			if d := (3 - s.Nations[s.Turn].Rondel + 8) % 8; d > 3 { // 3 = the Investor space
				return im.once("forced_investor_stop_fee", "a nation forced to stop on Investor pays for the spaces beyond three as for any move (004 GAME PLAY prices every move by its length and says nothing of a free stop: docs/rules-decisions.md, Rondel); the site charges nothing")
			}
		}
	case "rondel":
		return im.interestNote(p)
	}
	return ""
}

// siteMark is the site's single lying mark of a nation in a province.
type siteMark struct{ nation, region int }

// markSite follows the site's lying marks (playimperial-log-format §5.3):
// set by a friendly entry or by a coexistence answer (siteLaysDown), never
// cleared.
func (im *importer) markSite(i int, e Entry) {
	s := im.s
	r, ok := s.Board().Region(e.Payload.Province)
	ch, ok2 := s.Board().Nation(string(e.Payload.Challenger))
	if !ok || !ok2 || (e.Type != "friendlyEntrance" && (e.Type != "coexist" || !im.siteLaysDown(i, r))) {
		return
	}
	if im.siteLying == nil {
		im.siteLying = map[siteMark]bool{}
	}
	im.siteLying[siteMark{ch, r}] = true
}

// siteLaysDown reports whether the site's coexist entry i marks the
// answering nation lying in region r: in a home province of a nation other
// than the mover, or anywhere when the answer ends the maneuver.
func (im *importer) siteLaysDown(i, r int) bool {
	reg := im.s.Board().Regions[r]
	return (reg.Kind == board.Home && reg.NationIdx != im.s.Turn) || im.endsManeuver(i)
}

// endsManeuver: entry i is the last of its maneuver in the log.
func (im *importer) endsManeuver(i int) bool {
	return i+1 >= len(im.entries) || !slices.Contains(maneuverTypes, im.entries[i+1].Type)
}

// interestNote: a rondel move onto Investor where the site's way of paying
// interest from a short treasury (bond by bond, each wholly from the
// treasury or wholly from the government's cash) ends with other amounts
// than the rule book's (the treasury first, then the government's cash).
// The site pays each holder's bonds in the order they were bought, which
// the log does not keep: the note is given only where every order differs.
func (im *importer) interestNote(p Payload) string {
	s := im.s
	ni, ok := s.Board().Nation(string(p.Nation))
	if !ok || p.Slot != "investor" || s.Nations[ni].Government < 0 {
		return ""
	}
	gov := s.Nations[ni].Government
	sum := s.Summarize()
	var others [][]int // by holder in seat order: interest of each bond, smallest first
	own, owed := 0, 0
	for seat, name := range im.setup.Players {
		var mine []int
		for _, bd := range sum.Players[name].Bonds {
			if bd.Nation == string(p.Nation) {
				mine = append(mine, s.Board().Interest(bd.Cost))
			}
		}
		slices.Sort(mine)
		owed += sumInts(mine)
		if seat == gov {
			own = sumInts(mine)
		} else if len(mine) > 0 {
			others = append(others, mine)
		}
	}
	treasury, cash := s.Nations[ni].Treasury, s.Players[gov].Cash
	if treasury >= owed {
		return ""
	}
	rule := ruleBookInterest(treasury, cash, others, own)
	for _, order := range bondOrders(others) {
		if slices.Equal(siteInterest(treasury, cash, order, own), rule) {
			return ""
		}
	}
	return im.once("interest_payment", "a short treasury pays the other holders first and the government makes up the rest from its own cash, forgoing its own interest (004 INVESTOR step 1: \"the player who leads the government must turn down his own interest, completely or partly, and, if necessary, must take on the payment of interest to others from his personal cash\"); the site pays each bond wholly from the treasury or wholly from the government's cash")
}

// ruleBookInterest pays interest as the rule book (and Rondel) does and
// returns the treasury, the government's cash and what each holder got.
func ruleBookInterest(treasury, cash int, others [][]int, own int) []int {
	var paid []int
	for _, bonds := range others {
		got := 0
		for _, in := range bonds {
			t := min(treasury, in)
			c := min(in-t, cash)
			treasury, cash, got = treasury-t, cash-c, got+t+c
		}
		paid = append(paid, got)
	}
	g := min(treasury, own)
	return append([]int{treasury - g, cash + g}, paid...)
}

// siteInterest is the same as the site pays it.
func siteInterest(treasury, cash int, others [][]int, own int) []int {
	var paid []int
	for _, bonds := range others {
		got := 0
		for _, in := range bonds {
			switch {
			case treasury >= in:
				treasury, got = treasury-in, got+in
			case cash >= in:
				cash, got = cash-in, got+in
			default:
				cash, got = 0, got+cash
			}
		}
		paid = append(paid, got)
	}
	if treasury > own {
		return append([]int{treasury - own, cash + own}, paid...)
	}
	return append([]int{0, cash + treasury}, paid...)
}

// bondOrders lists every order of each holder's bonds.
func bondOrders(others [][]int) [][][]int {
	out := [][][]int{nil}
	for _, bonds := range others {
		var next [][][]int
		for _, prefix := range out {
			for _, perm := range permutations(bonds) {
				next = append(next, append(slices.Clone(prefix), perm))
			}
		}
		out = next
	}
	return out
}

func permutations(xs []int) [][]int {
	if len(xs) <= 1 {
		return [][]int{slices.Clone(xs)}
	}
	var out [][]int
	for i := range xs {
		rest := append(slices.Clone(xs[:i]), xs[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]int{xs[i]}, p...))
		}
	}
	return out
}

func sumInts(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// closeNote: the site ended a maneuver (entry i is the first after it)
// while Rondel still had something to do in it. That is a departure only
// where a unit still had its move after a battle, or where Investor was
// passed and a coexistence answer ended it; where only a battle was left
// to fight, the maneuver simply ends.
func (im *importer) closeNote(i int) string {
	last, fought := "", false
	for j := i - 1; j > 0 && slices.Contains(maneuverTypes, im.entries[j].Type); j-- {
		if last == "" {
			last = im.entries[j].Type
		}
		fought = fought || im.entries[j].Type == "fight"
	}
	switch {
	case last == "coexist" && im.s.Passing:
		return im.once("coexist_ends_maneuver_skips_investor", "a turn that passed over Investor is followed by Investor steps 2 and 3 however its maneuver ends (004 INVESTOR: \"Steps two and three are executed when the Investor space on the rondel is not landed on but is only passed through\"); the site skips them when a coexistence answer ends the maneuver")
	case fought && im.unitMayMove():
		return im.once("maneuver_ends_with_unit_left_to_move", "a battle takes no unit's move away: every unit may still move once (004 MANEUVER 1 and 2: \"All fleets of a nation are allowed to move\", \"All armies of a nation are allowed to move\"); the site ended the maneuver after a battle")
	}
	return ""
}

// unitMayMove reports whether the maneuvering nation still has a unit that
// may move or change status.
func (im *importer) unitMayMove() bool {
	t := &translator{s: im.s}
	for _, m := range t.legal(im.s.Nations[im.s.Turn].Government) {
		if m.Type == imperial.MArmy || m.Type == imperial.MFleet || m.Type == imperial.MStatus {
			return true
		}
	}
	return false
}
