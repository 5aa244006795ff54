package imperial

import (
	"rondel/game/words"
	"slices"

	"rondel/game"
)

// The "playimperial.club rules" ruleset replays games imported from that
// site as the site's engine played them. It exists only for imports: it is
// no option of the game's (Info lists it nowhere, so no form offers it and
// a new game cannot ask for it); a setup names it with the hidden option
// RulesetOption = RulesetPlayImperial, which store and record keep like any
// option. Each departure from the rule book is a named switch, so that a
// test can show each one against the rule book's behaviour.

// RulesetOption is the hidden setup option that selects a ruleset.
const RulesetOption = "ruleset"

// RulesetPlayImperial names the playimperial.club rules.
const RulesetPlayImperial = "playimperial"

// SiteRules are the site's departures (docs/playimperial-import.md).
type SiteRules struct {
	// InterestBondByBond: a short treasury pays each other holder's bond
	// wholly from the treasury, else wholly from the government's cash,
	// else with what cash is left; the government's own interest comes
	// last, from what the treasury still holds (004 INVESTOR step 1 takes
	// the treasury first and the government's cash for the rest).
	InterestBondByBond bool `json:"interest_bond_by_bond,omitempty"`
	// StickyFriendly: once a nation's armies lie in a province (a friendly
	// entry, a coexistence), every later army of it entering there lies too
	// (004: every army is standing or lying on its own).
	StickyFriendly bool `json:"sticky_friendly,omitempty"`
	// CoexistLaysDown: a nation answering a coexistence offer has its
	// standing armies there laid down.
	CoexistLaysDown bool `json:"coexist_lays_down,omitempty"`
	// ConvoyResetOnHostileEntry: after a hostile entry a fleet may carry
	// another army in the same maneuver (004: one army per fleet per turn).
	ConvoyResetOnHostileEntry bool `json:"convoy_reset,omitempty"`
	// WholeStackFights: one battle goes on, unit for unit, until the side
	// attacked has no unit of the kind fought or the attacker has none left
	// there (004 matches units 1:1, each side deciding).
	WholeStackFights bool `json:"whole_stack_fights,omitempty"`
	// SwissBanksDescending: after the card holder, Swiss banks invest
	// from the highest seat down (004 INVESTOR step 3: clockwise from the
	// card holder).
	SwissBanksDescending bool `json:"swiss_banks_descending,omitempty"`
	// ImmediateGovernment: a buyer with strictly more credit than the
	// government takes the nation over at once (004: checked at the end
	// of the investor turn, ties to the first from the card holder).
	ImmediateGovernment bool `json:"immediate_government,omitempty"`
	// SiteMap: the site's map of Europe, which joins Kiev and St.
	// Petersburg (board edition "playimperial").
	SiteMap bool `json:"site_map,omitempty"`
	// SiteFlags: flags go as on the site: a nation takes a region it enters
	// alone, and at the end of its maneuver hands a region it left to the
	// one nation still there, unless the maneuver ended with an entrance
	// choice or a coexistence; no limit of 15 flags (004 MANEUVER 3: at
	// the end of the maneuver every region held alone carries its flag).
	SiteFlags bool `json:"site_flags,omitempty"`
	// CoexistDefersInvestor: a maneuver that passed Investor and ends with
	// a coexistence leaves the Investor steps until after the next
	// nation's action, and that move cannot be forced (004 INVESTOR: the
	// steps follow the action of the move that passed).
	CoexistDefersInvestor bool `json:"coexist_defers_investor,omitempty"`
	// TieBreakReached: a tie on score goes by credit in the nation that
	// reached 25 power points only (004 OBJECT OF THE GAME: then the
	// nation with the next most power points, and so on).
	TieBreakReached bool `json:"tie_break_reached,omitempty"`
	// FreeForcedStop: a stop on Investor forced by a Swiss bank costs
	// nothing, however far it is.
	FreeForcedStop bool `json:"free_forced_stop,omitempty"`
	// TaxCap20: Europe's tax revenue is capped at 20M before soldiers' pay.
	TaxCap20 bool `json:"tax_cap_20,omitempty"`
	// RailThroughHostile: an army may take the railway out of a home
	// province held by standing foreign armies.
	RailThroughHostile bool `json:"rail_through_hostile,omitempty"`
}

// specRuleset is the import option naming the ruleset.
var specRuleset = optionSpec("imperial", RulesetOption, game.OptionChoice, "", RulesetPlayImperial)

// playImperialRules switches on every departure the replay needs.
func playImperialRules(world2030 bool) *SiteRules {
	return &SiteRules{
		InterestBondByBond:        true,
		WholeStackFights:          true,
		SwissBanksDescending:      true,
		ImmediateGovernment:       true,
		StickyFriendly:            true,
		CoexistLaysDown:           true,
		ConvoyResetOnHostileEntry: true,
		FreeForcedStop:            true,
		TaxCap20:                  !world2030,
		SiteMap:                   !world2030,
		SiteFlags:                 true,
		TieBreakReached:           true,
		CoexistDefersInvestor:     true,
		RailThroughHostile:        true,
	}
}

// splitRuleset takes the hidden ruleset option out of opts.
func splitRuleset(opts game.Options) (game.Options, string) {
	v, ok := opts[RulesetOption]
	if !ok {
		return opts, ""
	}
	rest := game.Options{}
	for k, x := range opts {
		if k != RulesetOption {
			rest[k] = x
		}
	}
	return rest, v
}

// site reports the site's switches (none under the rule book).
func (s *State) site() SiteRules {
	if s.rules.Site == nil {
		return SiteRules{}
	}
	return *s.rules.Site
}

// noteAcquired records that bond bi of nation ni was acquired (trading in
// bond ti, -1 for none), under the site's rules only.
func (s *State) noteAcquired(ni, bi, ti int) {
	if !s.site().InterestBondByBond {
		return
	}
	nat := &s.Nations[ni]
	acq := slices.DeleteFunc(slices.Clone(nat.Acquired), func(x int) bool { return x == ti || x == bi })
	nat.Acquired = append(acq, bi)
}

// interestOrder lists nation ni's bonds in the order interest goes through
// them: by value under the rule book, by acquisition under the site's rules.
func (s *State) interestOrder(ni int) []int {
	nat := &s.Nations[ni]
	if s.site().InterestBondByBond {
		return nat.Acquired
	}
	out := make([]int, len(nat.Bonds))
	for i := range out {
		out[i] = i
	}
	return out
}

// siteLaid reports whether nation ni's armies lie in r for good.
func (s *State) siteLaid(ni, r int) bool { return slices.Contains(s.Nations[ni].SiteLying, r) }

// laySite lays down every army of nation ni in r, a home province of
// another nation, as the site does after a friendly entry or a coexistence
// (also armies that entered standing in this maneuver); mark keeps them
// lying for good (StickyFriendly).
func (s *State) laySite(ni, r int, mark bool) {
	reg := s.b.Regions[r]
	if !reg.IsLand() || reg.NationIdx < 0 || reg.NationIdx == ni {
		return
	}
	st := &s.Units[ni][r]
	if ni == s.Turn && s.Maneuver != nil {
		mv := &s.Maneuver.Moved[r]
		mv.Friendly += mv.Hostile
		mv.Hostile = 0
		if c := s.Maneuver.Conflict; c != nil && c.Region == r {
			c.Hostile = false // the army that entered lies now too
		}
	}
	st.Hostile = 0
	if mark && !s.siteLaid(ni, r) {
		s.Nations[ni].SiteLying = append(slices.Clone(s.Nations[ni].SiteLying), r)
	}
}

// siteEntry applies the site's rules to an army of nation ni that entered
// r, asked hostile and now hostile: a friendly entry into an empty foreign
// home province lays down all its armies there for good (StickyFriendly);
// a hostile one frees every fleet to convoy again
// (ConvoyResetOnHostileEntry).
func (s *State) siteEntry(ni, r int, asked, hostile bool) {
	site := s.site()
	if !s.foreignHome(r) || len(s.opponents(r, "army")) > 0 {
		return
	}
	if site.StickyFriendly && !hostile {
		s.laySite(ni, r, true)
	}
	if site.ConvoyResetOnHostileEntry && asked {
		s.Maneuver.ConvoyUsed = make([]int, len(s.Maneuver.ConvoyUsed))
	}
}

// fightOn continues a battle in r the site's way after its first pair of
// units: incumbent loses a unit of kind target, challenger an army, else a
// fleet, until one of them has nothing left to lose.
func (s *State) fightOn(r, incumbent int, target string, challenger int) {
	for has(s.Units[incumbent][r], target) && !s.Units[challenger][r].empty() {
		s.removeAny(incumbent, r, target)
		if s.Units[challenger][r].Armies > 0 {
			s.removeAny(challenger, r, "army")
		} else {
			s.removeAny(challenger, r, "fleet")
		}
	}
}

// removeAny removes one unit of a kind of nation ni from r: for the nation
// maneuvering, the way its own losses go (removeOwn); for another, a lying
// army before a standing one.
func (s *State) removeAny(ni, r int, kind string) {
	if ni == s.Turn {
		s.removeOwn(r, kind)
		return
	}
	st := s.Units[ni][r]
	s.removeTarget(ni, r, kind, kind == "army" && st.Armies == st.Hostile)
}

// swissBankOrder lists the Swiss banks in the order they invest after the
// card holder.
func (s *State) swissBankOrder(holder int) []int {
	out := s.swissBanks(holder)
	if s.site().SwissBanksDescending {
		slices.SortFunc(out, func(a, b int) int { return b - a })
	}
	return out
}

// siteGovernment hands nation ni to buyer at once if its credit now
// exceeds the government's (ImmediateGovernment).
func (s *State) siteGovernment(ni, buyer int, l *log) {
	if !s.site().ImmediateGovernment {
		return
	}
	gov := s.Nations[ni].Government
	if gov == buyer || (gov >= 0 && s.credit(ni, buyer) <= s.credit(ni, gov)) {
		return
	}
	s.Nations[ni].Government = buyer
	l.say(func() words.Text { return s.nat(ev("governs_now"), "nation", ni).Seat("seat", buyer) })
}

// SiteSwitches lists the names of the site's switches that are on, in the
// order SiteRules declares them.
func (s *State) SiteSwitches() []string {
	var out []string
	for _, sw := range siteSwitchNames {
		if s.siteSwitch(sw) {
			out = append(out, sw)
		}
	}
	return out
}

// WithoutSiteSwitches returns a copy of s with the named switches off (all
// of them if none is named): the same position under rules nearer the rule
// book, to see what a switch changed.
func (s *State) WithoutSiteSwitches(names ...string) (*State, error) {
	c := s.clone()
	if s.rules.Site == nil {
		return c, nil
	}
	site := *s.rules.Site
	if len(names) == 0 {
		site = SiteRules{}
	}
	for _, n := range names {
		setSiteSwitch(&site, n, false)
	}
	r := s.rules
	r.Site = &site
	b, err := loadBoard(r)
	if err != nil {
		return nil, err
	}
	c.b, c.rules, c.Rules = b, r, r
	return c, nil
}

func (s *State) siteSwitch(name string) bool {
	if s.rules.Site == nil {
		return false
	}
	site := *s.rules.Site
	return setSiteSwitch(&site, name, false)
}

// siteSwitchNames are the switches' names (their JSON names).
var siteSwitchNames = []string{"interest_bond_by_bond", "sticky_friendly", "coexist_lays_down", "whole_stack_fights",
	"convoy_reset", "swiss_banks_descending", "immediate_government", "site_map", "site_flags",
	"coexist_defers_investor", "tie_break_reached", "free_forced_stop", "tax_cap_20", "rail_through_hostile"}

// setSiteSwitch sets the named switch and returns its old value.
func setSiteSwitch(r *SiteRules, name string, on bool) bool {
	var p *bool
	switch name {
	case "interest_bond_by_bond":
		p = &r.InterestBondByBond
	case "sticky_friendly":
		p = &r.StickyFriendly
	case "coexist_lays_down":
		p = &r.CoexistLaysDown
	case "whole_stack_fights":
		p = &r.WholeStackFights
	case "convoy_reset":
		p = &r.ConvoyResetOnHostileEntry
	case "swiss_banks_descending":
		p = &r.SwissBanksDescending
	case "immediate_government":
		p = &r.ImmediateGovernment
	case "site_map":
		p = &r.SiteMap
	case "site_flags":
		p = &r.SiteFlags
	case "coexist_defers_investor":
		p = &r.CoexistDefersInvestor
	case "tie_break_reached":
		p = &r.TieBreakReached
	case "free_forced_stop":
		p = &r.FreeForcedStop
	case "tax_cap_20":
		p = &r.TaxCap20
	case "rail_through_hostile":
		p = &r.RailThroughHostile
	default:
		return false
	}
	old := *p
	*p = on
	return old
}
