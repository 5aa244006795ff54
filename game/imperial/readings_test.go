package imperial

import (
	"testing"

	"rondel/game"
)

// TestExperiencedAuctionLastMustGrant (docs/rules-decisions.md): in the
// experienced players' distribution, if nobody has granted a bond when the
// last player is asked about the last nation, that player may not pass.
func TestExperiencedAuctionLastMustGrant(t *testing.T) {
	s := newGameOpts(t, 3, 7, game.Options{"setup": "experienced"})
	for s.Auction != nil {
		seat := s.ToAct()[0].Seat
		last := s.Auction.Nation == len(s.Nations)-1 && s.Auction.Asked == len(s.Players)-1
		if last {
			if rule := refuse(t, s, seat, `{"type":"skip_bond"}`); rule != "bond distribution" {
				t.Fatalf("the last player passed with no bond sold (rule %q)", rule)
			}
			return
		}
		s, _ = play(t, s, seat, `{"type":"skip_bond"}`)
	}
	t.Fatal("the distribution ended before its last player")
}

// TestThreeLyingArmiesDestroyNothing (docs/rules-decisions.md): three
// friendly (lying) armies do not destroy a factory; three standing ones do
// (TestNote24Destruction).
func TestThreeLyingArmiesDestroyNothing(t *testing.T) {
	s := table(t)
	setFactories(s, IT, "rome", "naples", "genoa")
	place(s, AH, "genoa", 3, 0, 0)
	ns := maneuver(t, s, AH)
	if rule := refuse(t, ns, AH, `{"type":"destroy_factory","region":"genoa"}`); rule != "destroy factory: three armies" {
		t.Errorf("three lying armies: rule %q", rule)
	}
}

// TestBonusMarkerStartsOnTheFirstColumn (docs/rules-decisions.md): with
// the 2030 variant "bonus only for an increase" every nation's bonus
// marker starts on the tax chart's first column.
func TestBonusMarkerStartsOnTheFirstColumn(t *testing.T) {
	st, err := New2030().New(game.Setup{Players: playerNames(3), Options: game.Options{"bonus_increase": "true"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for ni, n := range st.(*State).Nations {
		if n.BonusValue != 0 {
			t.Errorf("nation %d's bonus marker starts in column %d", ni, n.BonusValue)
		}
	}
}
