package imperial

import (
	"slices"
)

// Summary is the position as plain data: the game page's overview, the
// output of `rondel replay` and `rondel import`, and what the import tests
// compare with playimperial.club's positions.
type Summary struct {
	Game         string                   `json:"game"`
	Finished     bool                     `json:"finished"`
	InvestorCard *string                  `json:"investor_card"`
	SwissBanks   []string                 `json:"swiss_banks"`
	ToAct        []ToActSummary           `json:"to_act"`
	Players      map[string]PlayerSummary `json:"players"`
	Nations      map[string]NationSummary `json:"nations"`
}

// ToActSummary is one open decision.
type ToActSummary struct {
	Player   string  `json:"player"`
	Nation   *string `json:"nation"`
	Decision string  `json:"decision"`
}

// PlayerSummary is one player's holdings.
type PlayerSummary struct {
	Cash  int           `json:"cash"`
	Bonds []BondSummary `json:"bonds"`
	Score *int          `json:"score"`
}

// BondSummary is one bond.
type BondSummary struct {
	Nation string `json:"nation"`
	Cost   int    `json:"cost"`
}

// NationSummary is one nation.
type NationSummary struct {
	Government  *string                 `json:"government"`
	Treasury    int                     `json:"treasury"`
	PowerPoints int                     `json:"power_points"`
	Rondel      *string                 `json:"rondel"`
	TaxChart    int                     `json:"tax_chart"`
	Factories   []string                `json:"factories"`
	Flags       []string                `json:"flags"`
	Units       map[string]UnitsSummary `json:"units"`
}

// UnitsSummary is one nation's units in one region.
type UnitsSummary struct {
	Armies  int `json:"armies"`
	Fleets  int `json:"fleets"`
	Hostile int `json:"hostile"`
}

func strp(s string) *string { return &s }

// Summary returns the summary of the position.
func (s *State) Summary() any { return s.Summarize() }

// Summarize is Summary with its concrete type.
func (s *State) Summarize() Summary {
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

func gameID(r Rules) string {
	if r.Map == "world2030" {
		return "imperial2030"
	}
	return "imperial"
}
