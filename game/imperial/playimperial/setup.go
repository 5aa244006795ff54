package playimperial

import (
	"fmt"
	"slices"

	"rondel/game"
	"rondel/game/imperial"
)

// setupFor builds the Rondel setup that reproduces the log's start: the
// same players in the same seats, the site's variant as Rondel options, and
// a seed whose deal (or auction start) is the one the log records. Seeds
// are tried in order from 0, so an import is deterministic.
func setupFor(g game.Game, init Entry, entries []Entry, ruleset string) (game.Setup, error) {
	var names []string
	for _, p := range init.Payload.Players {
		if p.ID == "" || slices.Contains(names, p.ID) {
			return game.Setup{}, fmt.Errorf("initialize: player ids must be unique and not empty")
		}
		names = append(names, p.ID)
	}
	variant := "standard"
	if v := init.Payload.Variant; v == nil || *v != "standard" {
		variant = "auction" // the site runs the auction set-up for anything but standard
		if v != nil && *v == "withoutInvestorCard" {
			variant = "withoutInvestorCard"
		}
	}
	opts := game.Options{"setup": "standard", "investor_card": "true"}
	if variant != "standard" {
		opts["setup"] = "experienced"
	}
	if variant == "withoutInvestorCard" {
		opts["investor_card"] = "false"
	}
	if ruleset != "" {
		opts[imperial.RulesetOption] = ruleset
	}
	if variant == "standard" {
		if err := checkDeal(g, init.Payload.Players); err != nil {
			return game.Setup{}, err
		}
	}
	want := func(s *imperial.State) bool { return dealMatches(s, init.Payload.Players) }
	if variant != "standard" {
		start := auctionStart(entries, names)
		want = func(s *imperial.State) bool { return s.Auction != nil && s.Auction.Start == start }
	}
	// A deal of 6 cards to 6 players is one of 720: 20,000 seeds miss a
	// possible deal with a chance below 1e-11.
	for seed := uint64(0); seed < 20000; seed++ {
		setup := game.Setup{Players: names, Options: opts, Seed: seed}
		st, err := g.New(setup)
		if err != nil {
			return game.Setup{}, fmt.Errorf("initialize: %w", err)
		}
		if want(st.(*imperial.State)) {
			return setup, nil
		}
	}
	return game.Setup{}, fmt.Errorf("initialize: no seed reproduces the log's deal")
}

// dealMatches: each player holds the 9M bond of the nation the log says it
// was dealt (the back of a flag card carries its own nation's 9M bond).
func dealMatches(s *imperial.State, players []LogPlayer) bool {
	sum := s.Summarize()
	for _, p := range players {
		ok := false
		for _, b := range sum.Players[p.ID].Bonds {
			if b.Nation == string(p.Nation) && b.Cost == 9 {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// auctionStart is the seat of the first player who grants (or declines) a
// bond in the log.
func auctionStart(entries []Entry, names []string) int {
	for _, e := range entries {
		if e.Type == "bondPurchase" || e.Type == "skipBondPurchase" {
			if i := slices.Index(names, e.Payload.Player); i >= 0 {
				return i
			}
		}
	}
	return 0
}

// checkDeal: in the standard set-up each player holds a distinct nation
// that the rule book deals for that number of players.
func checkDeal(g game.Game, players []LogPlayer) error {
	st, err := g.New(game.Setup{Players: playerIDs(players), Options: game.Options{}, Seed: 0})
	if err != nil {
		return fmt.Errorf("initialize: %w", err)
	}
	dealt := st.(*imperial.State).Board().Deals[len(players)].Shuffle
	seen := map[NationRef]bool{}
	for _, p := range players {
		if !slices.Contains(dealt, string(p.Nation)) || seen[p.Nation] {
			return fmt.Errorf("initialize: player %q has nation %q, which is not dealt (once) with %d players", p.ID, p.Nation, len(players))
		}
		seen[p.Nation] = true
	}
	return nil
}

func playerIDs(players []LogPlayer) []string {
	var out []string
	for _, p := range players {
		out = append(out, p.ID)
	}
	return out
}
