package imperial

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"rondel/game"
)

// summarizeAsBefore is Summarize as it was written before its maps were
// made at their size and its names and scores shared a list: the
// reference it is compared with.
func summarizeAsBefore(s *State) Summary {
	sum := Summary{Game: gameID(s.rules), Finished: s.Finished(), SwissBanks: []string{}, ToAct: []ToActSummary{},
		Players: map[string]PlayerSummary{}, Nations: map[string]NationSummary{}}
	if s.InvestorCard >= 0 {
		sum.InvestorCard = strp(s.playerName(s.InvestorCard))
	}
	for i, p := range s.Players {
		if p.SwissBank {
			sum.SwissBanks = append(sum.SwissBanks, p.Name)
		}
		held := 0 // the lists made at their size (never nil: JSON says [])
		for _, nat := range s.Nations {
			for _, h := range nat.Bonds {
				if h == i {
					held++
				}
			}
		}
		ps := PlayerSummary{Cash: p.Cash, Bonds: make([]BondSummary, 0, held)}
		for ni, nat := range s.Nations {
			for bi, h := range nat.Bonds {
				if h == i {
					ps.Bonds = append(ps.Bonds, BondSummary{Nation: s.nationID(ni), Cost: s.b.Bonds[bi].Cost})
				}
			}
		}
		if s.Finished() {
			sc := s.score(i)
			ps.Score = &sc
		}
		sum.Players[p.Name] = ps
	}
	slices.Sort(sum.SwissBanks)
	for _, d := range s.ToAct() {
		t := ToActSummary{Player: s.playerName(d.Seat), Decision: d.Kind}
		if d.Subject != "" {
			t.Nation = strp(d.Subject)
		}
		sum.ToAct = append(sum.ToAct, t)
	}
	for ni, nat := range s.Nations {
		factories, flags := 0, 0
		for r, reg := range s.b.Regions {
			if s.Factories[r] && reg.NationIdx == ni {
				factories++
			}
			if s.Flags[r] == ni {
				flags++
			}
		}
		ns := NationSummary{Treasury: nat.Treasury, PowerPoints: nat.Power, TaxChart: nat.TaxValue,
			Factories: make([]string, 0, factories), Flags: make([]string, 0, flags), Units: map[string]UnitsSummary{}}
		if nat.Government >= 0 {
			ns.Government = strp(s.playerName(nat.Government))
		}
		if nat.Rondel >= 0 {
			ns.Rondel = strp(slotNames[nat.Rondel])
		}
		for r, reg := range s.b.Regions {
			if s.Factories[r] && reg.NationIdx == ni {
				ns.Factories = append(ns.Factories, reg.ID)
			}
			if s.Flags[r] == ni {
				ns.Flags = append(ns.Flags, reg.ID)
			}
			if st := s.Units[ni][r]; !st.empty() {
				ns.Units[reg.ID] = UnitsSummary{Armies: int(st.Armies), Fleets: int(st.Fleets), Hostile: int(st.Hostile)}
			}
		}
		slices.Sort(ns.Factories)
		slices.Sort(ns.Flags)
		sum.Nations[s.nationID(ni)] = ns
	}
	return sum
}

// TestSummarizeAsBefore: the summary of self-played games of both maps,
// every 20th position and the last, is the one the reference makes, and
// two summaries of one position share nothing a caller could change.
func TestSummarizeAsBefore(t *testing.T) {
	t.Parallel()
	for _, g := range []*Game{New(), New2030()} {
		for _, players := range []int{2, 4, 6} {
			names := []string{"Ann", "Bob", "Cy", "Dora", "Eve", "Finn"}[:players]
			st, err := g.New(game.Setup{Players: names, Seed: uint64(players)})
			if err != nil {
				t.Fatal(err)
			}
			rnd := rand.New(rand.NewPCG(uint64(players), 9))
			finished := false
			for move := 0; move < 3000 && !finished; move++ {
				finished = st.Finished()
				if s := st.(*State); move%20 == 0 || finished {
					got, want := s.Summarize(), summarizeAsBefore(s)
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("%s, %d players, move %d: summary\n%+v\nthe reference's\n%+v", g.Info().ID, players, move, got, want)
					}
					again := s.Summarize()
					for _, n := range again.Nations {
						if n.Government != nil {
							*n.Government = "changed"
						}
					}
					if !reflect.DeepEqual(s.Summarize(), want) {
						t.Fatalf("%s, move %d: changing one summary changed the next", g.Info().ID, move)
					}
				}
				if finished {
					break
				}
				d := st.ToAct()[0]
				legal := st.LegalMoves(d.Seat)
				if st, _, err = st.Apply(d.Seat, legal[rnd.IntN(len(legal))].Move); err != nil {
					t.Fatal(err)
				}
			}
			if !finished {
				t.Logf("%s, %d players: not finished in 3000 moves", g.Info().ID, players)
			}
		}
	}
}
