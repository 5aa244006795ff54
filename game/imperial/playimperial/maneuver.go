package playimperial

import (
	"fmt"
	"slices"

	"rondel/game/imperial"
	"rondel/game/imperial/board"
)

// maneuver moves a fleet (destination at sea) or an army. An army entering
// another nation's home province is hostile or friendly as the entries that
// follow show.
func (t *translator) maneuver(p Payload) outcome {
	b := t.s.Board()
	to, ok := b.Region(p.Destination)
	if !ok {
		return refuse("unknown region %q", p.Destination)
	}
	gov := t.govOf(NationRef(t.turnNation()))
	if b.Regions[to].Kind == board.Sea {
		return t.one(gov, imperial.Move{Type: imperial.MFleet, From: p.Origin, To: p.Destination})
	}
	reg := b.Regions[to]
	foreign := reg.Kind == board.Home && reg.Nation != t.turnNation()
	hostile := foreign && t.entryStatus(p.Destination)
	// The log names only where the army went. Rondel prefers the move
	// with the status the log shows, then the fewest seas (land before
	// convoy, as the site does); equally short convoys are alternatives.
	rank := func(m imperial.Move) int {
		if m.Hostile != hostile {
			return 1000 + len(m.Via)
		}
		return len(m.Via)
	}
	var best []imperial.Move
	for _, m := range t.legal(gov) {
		if m.Type != imperial.MArmy || m.From != p.Origin || m.To != p.Destination {
			continue
		}
		switch {
		case len(best) == 0 || rank(m) < rank(best[0]):
			best = []imperial.Move{m}
		case rank(m) == rank(best[0]):
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return refuse("Rondel's rules do not let an army of %s go from %s to %s now", t.turnNation(), p.Origin, p.Destination)
	}
	o := t.one(gov, best[0])
	if len(best) > 1 {
		for _, m := range best {
			o.alternatives = append(o.alternatives, []step{{gov, m}})
		}
	}
	if foreign && best[0].Hostile != hostile {
		o.note = "the last unoccupied factory of that nation is protected: the army enters friendly (rule book 004 MANEUVER, entering provinces of other Great Powers)"
	}
	return o
}

// entryStatus reads how the site settles the army's entry from the log's
// next entry: hostile unless it says friendly (or a battle leaves the army
// among friendly ones); the end of the log counts as hostile.
func (t *translator) entryStatus(province string) bool {
	if t.i+1 >= len(t.entries) {
		return true
	}
	switch t.entries[t.i+1].Type {
	case "friendlyEntrance", "coexist":
		return false
	case "fight":
		// After a battle the site gives the army the status its
		// nation's armies there already have, hostile if none.
		u := t.s.Summarize().Nations[t.turnNation()].Units[province]
		return !(u.Armies > 0 && u.Hostile == 0)
	default: // unfriendlyEntrance, or anything else
		return true
	}
}

// fight: the mover fights (incumbent = the other nation, challenger = the
// mover), or an asked nation demands a battle (challenger = that nation).
func (t *translator) fight(p Payload) outcome {
	if t.s.Phase != imperial.PhaseManeuver {
		return refuse("no maneuver is running")
	}
	mover := t.turnNation()
	c := t.s.Maneuver.Conflict
	if string(p.Challenger) != mover {
		if c == nil || c.Stage != "others" {
			return refuse("%s is not asked about a battle now", p.Challenger)
		}
		gov := t.govOf(p.Challenger)
		for _, m := range t.legal(gov) {
			if m.Type == imperial.MDemand && m.Nation == string(p.Challenger) {
				return t.one(gov, m)
			}
		}
		return refuse("%s has nothing that can fight here", p.Challenger)
	}
	gov := t.govOf(NationRef(mover))
	var cands []imperial.Move
	for _, m := range t.legal(gov) {
		if m.Type == imperial.MBattle && m.Region == p.Province && m.Against == string(p.Incumbent) {
			cands = append(cands, m)
		}
	}
	if len(cands) == 0 {
		return refuse("Rondel sees no battle for %s against %s in %s", mover, p.Incumbent, p.Province)
	}
	best := cands[0]
	for _, m := range cands {
		if m.Target == p.TargetType && (best.Target != p.TargetType || (!m.TargetHostile && best.TargetHostile)) {
			best = m
		}
	}
	return t.stackFight(gov, best, p)
}

// stackFight: the site's one fight goes on until one side has no unit left
// there (the incumbent losing units of the kind fought, the mover armies,
// then fleets). Under the rule book the mover may fight battle after
// battle in its own maneuver, one unit against one (004 MANEUVER: "units
// are removed one for one"), so the fight becomes as many battles as the
// site's removed pairs; under the site's rules the engine fights on itself.
func (t *translator) stackFight(gov int, first imperial.Move, p Payload) outcome {
	if site := t.s.Rules.Site; site != nil && site.WholeStackFights {
		return t.one(gov, first)
	}
	b := t.s.Board()
	r, _ := b.Region(p.Province)
	inc, _ := b.Nation(string(p.Incumbent))
	other := t.s.Units[inc][r]
	own := t.s.Units[t.s.Turn][r]
	lying, standing := int(other.Armies-other.Hostile), int(other.Hostile)
	targets := int(other.Fleets)
	if first.Target == "army" {
		targets = lying + standing
	}
	pairs := min(targets, int(own.Armies)+int(own.Fleets))
	o := outcome{}
	for k := 0; k < pairs; k++ {
		m := first
		if m.Target == "army" {
			m.TargetHostile = lying == 0
			if m.TargetHostile {
				standing--
			} else {
				lying--
			}
		}
		if k > 0 {
			// later battles: the mover's next unit, armies first
			m.Unit = "army"
			if own.Armies == 0 {
				m.Unit = "fleet"
			}
		}
		if m.Unit == "army" && own.Armies > 0 {
			own.Armies--
		} else {
			own.Fleets--
		}
		o.steps = append(o.steps, step{gov, m})
	}
	if len(o.steps) == 0 {
		return t.one(gov, first)
	}
	if len(o.steps) > 1 {
		o.note = fmt.Sprintf("the site's one fight removed %d units of each side in %s: imported as %d battles of one unit against one, which the mover may fight in its maneuver (004 MANEUVER, battles)", len(o.steps), p.Province, len(o.steps))
	}
	return o
}

func (t *translator) coexist(p Payload) outcome {
	c := t.s.Maneuver
	if t.s.Phase != imperial.PhaseManeuver || c.Conflict == nil {
		return outcome{consumed: true, note: "Rondel asks nobody here"}
	}
	if c.Conflict.Stage == "mover" && string(p.Challenger) == t.turnNation() {
		return t.one(t.govOf(p.Challenger), imperial.Move{Type: imperial.MPeace})
	}
	if c.Conflict.Stage == "others" {
		return t.one(t.govOf(p.Challenger), imperial.Move{Type: imperial.MNoBattle, Nation: string(p.Challenger)})
	}
	return refuse("%s is not asked about a battle now", p.Challenger)
}

// entrance: the site asks for the status of an army that entered another
// nation's home province. Rondel set it with the move; a friendly entry
// also lays down, on the site, the nation's armies standing there since an
// earlier maneuver. The rule books let the government change their status
// in this maneuver without moving them (004 MANEUVER, entering provinces of
// other Great Powers; 002 the same), so the import lays them down too,
// except those the rest of the logged maneuver moves out.
func (t *translator) entrance(friendly bool, p Payload) outcome {
	prev := t.entries[t.i-1]
	if !t.prevApplied || prev.Type != "maneuver" || prev.Payload.Destination != p.Province {
		return refuse("no army just entered %s", p.Province)
	}
	o := outcome{consumed: true, note: "the army's status was set with its move"}
	r, ok := t.s.Board().Region(p.Province)
	if !friendly || !ok || t.s.Phase != imperial.PhaseManeuver {
		return o
	}
	st, mv := t.s.Units[t.s.Turn][r], t.s.Maneuver.Moved[r]
	standing := int(st.Hostile - mv.Hostile) // standing since an earlier maneuver
	lay := standing - t.movesOutLater(p.Province)
	gov := t.govOf(NationRef(t.turnNation()))
	for range max(lay, 0) {
		o.steps = append(o.steps, step{gov, imperial.Move{Type: imperial.MStatus, Region: p.Province}})
	}
	if len(o.steps) > 0 {
		o.consumed = false
		o.note = fmt.Sprintf("the site's friendly entry lays down every army of %s in %s: imported as its government laying down the %d standing there since an earlier maneuver (004 MANEUVER, entering provinces of other Great Powers: \"During the next maneuver turn of the nation, the status of the armies can be changed, even without moving them\"; 002 the same)",
			t.turnNation(), p.Province, len(o.steps))
	}
	return o
}

// movesOutLater counts the army moves out of province in the rest of the
// logged maneuver.
func (t *translator) movesOutLater(province string) int {
	n := 0
	for j := t.i + 1; j < len(t.entries) && slices.Contains(maneuverTypes, t.entries[j].Type); j++ {
		e := t.entries[j]
		if e.Type != "maneuver" || e.Payload.Origin != province {
			continue
		}
		if r, ok := t.s.Board().Region(e.Payload.Destination); ok && t.s.Board().Regions[r].IsLand() {
			n++
		}
	}
	return n
}

// canal: the canal owner's answer to a fleet passing Panama or Suez
// (Imperial 2030). Where Rondel asks too, it is the owner's government's
// grant_passage or deny_passage. Where Rondel let the fleet pass without
// asking, a grant changes nothing and a refusal takes the move back, as
// the site's refusal withdraws it.
func (t *translator) canal(grant bool) outcome {
	s := t.s
	if s.Phase == imperial.PhaseManeuver && s.Maneuver.Canal != nil {
		req := s.Maneuver.Canal
		typ := imperial.MDenyPassage
		if grant {
			typ = imperial.MGrantPassage
		}
		o := outcome{}
		for k, ni := range req.Asked {
			if k > 0 && !grant {
				break
			}
			// The site asks one owner; where Rondel asks two (a convoy
			// through both canals), the answer stands for both.
			o.steps = append(o.steps, step{s.Nations[ni].Government, imperial.Move{Type: typ, Nation: s.Board().Nations[ni].ID}})
		}
		return o
	}
	prev := t.entries[t.i-1]
	if !t.prevApplied || prev.Type != "maneuver" {
		return refuse("no passage through a canal is asked here (the move it answers was not applied)")
	}
	why := t.unasked(prev.Payload)
	if grant {
		return outcome{consumed: true, note: "Rondel did not ask: " + why}
	}
	return outcome{withdraw: true, note: "Rondel did not ask (" + why + "); the refusal takes the move back, as on the site"}
}

// unasked says why Rondel let a move through a canal pass without asking.
func (t *translator) unasked(p Payload) string {
	b := t.s.Board()
	from, ok1 := b.Region(p.Origin)
	to, ok2 := b.Region(p.Destination)
	if !ok1 || !ok2 {
		return "the move passes no canal"
	}
	c := b.CanalBetween(from, to)
	if c == nil {
		return "the move passes no canal"
	}
	ctl := t.s.Flags[c.ControlIdx]
	switch {
	case ctl < 0:
		return "no nation has a flag in " + b.Regions[c.ControlIdx].Name + " in Rondel's position"
	case ctl == t.s.Turn:
		return "the canal is the mover's own"
	default:
		return "the same player governs both nations, and a government does not ask itself"
	}
}
