package imperial

import (
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
	// FreeForcedStop: a stop on Investor forced by a Swiss bank costs
	// nothing, however far it is.
	FreeForcedStop bool `json:"free_forced_stop,omitempty"`
	// TaxCap20: Europe's tax revenue is capped at 20M before soldiers' pay.
	TaxCap20 bool `json:"tax_cap_20,omitempty"`
	// RailThroughHostile: an army may take the railway out of a home
	// province held by standing foreign armies.
	RailThroughHostile bool `json:"rail_through_hostile,omitempty"`
}

// playImperialRules switches on every departure the replay needs.
func playImperialRules(world2030 bool) *SiteRules {
	return &SiteRules{
		InterestBondByBond:        true,
		StickyFriendly:            true,
		CoexistLaysDown:           true,
		ConvoyResetOnHostileEntry: true,
		FreeForcedStop:            true,
		TaxCap20:                  !world2030,
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
