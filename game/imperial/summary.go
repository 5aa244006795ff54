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

// Summarize is Summary with its concrete type. Its maps are made at
// their size, and its optional names and scores point into one list
// each, made for this summary (a string or score of their own each were
// a dozen allocations of a game page's overview, the summary's largest
// share after its maps).
func (s *State) Summarize() Summary {
	fin := s.Finished()
	toAct := s.toAct(false) // who decides what: no prompts said
	sum := Summary{Game: gameID(s.rules), Finished: fin, SwissBanks: []string{}, ToAct: make([]ToActSummary, 0, len(toAct)),
		Players: make(map[string]PlayerSummary, len(s.Players)), Nations: make(map[string]NationSummary, len(s.Nations))}
	names := make([]string, 0, 1+2*len(s.Nations)+len(toAct))
	name := func(v string) *string {
		if len(names) == cap(names) {
			return strp(v) // not reached: names has room for every one
		}
		names = append(names, v)
		return &names[len(names)-1]
	}
	if s.InvestorCard >= 0 {
		sum.InvestorCard = name(s.playerName(s.InvestorCard))
	}
	var scores []int
	if fin {
		scores = make([]int, len(s.Players))
	}
	for i, p := range s.Players {
		if p.SwissBank {
			sum.SwissBanks = append(sum.SwissBanks, p.Name)
		}
		ps := PlayerSummary{Cash: p.Cash, Bonds: s.summaryBonds(i)}
		if fin {
			scores[i] = s.score(i)
			ps.Score = &scores[i]
		}
		sum.Players[p.Name] = ps
	}
	slices.Sort(sum.SwissBanks)
	for _, d := range toAct {
		t := ToActSummary{Player: s.playerName(d.Seat), Decision: d.Kind}
		if d.Subject != "" {
			t.Nation = name(d.Subject)
		}
		sum.ToAct = append(sum.ToAct, t)
	}
	for ni, nat := range s.Nations {
		ns := s.nationSummary(ni)
		if nat.Government >= 0 {
			ns.Government = name(s.playerName(nat.Government))
		}
		if nat.Rondel >= 0 {
			ns.Rondel = name(slotNames[nat.Rondel])
		}
		sum.Nations[s.nationID(ni)] = ns
	}
	return sum
}

// summaryBonds is the bonds player i holds, made at its length (never nil:
// JSON says []).
func (s *State) summaryBonds(i int) []BondSummary {
	held := 0
	for _, nat := range s.Nations {
		for _, h := range nat.Bonds {
			if h == i {
				held++
			}
		}
	}
	bonds := make([]BondSummary, 0, held)
	for ni, nat := range s.Nations {
		for bi, h := range nat.Bonds {
			if h == i {
				bonds = append(bonds, BondSummary{Nation: s.nationID(ni), Cost: s.b.Bonds[bi].Cost})
			}
		}
	}
	return bonds
}

// nationSummary is nation ni's summary but for its government and rondel
// space: its lists and units made at their size.
func (s *State) nationSummary(ni int) NationSummary {
	nat := s.Nations[ni]
	factories, flags, units := 0, 0, 0
	for r, reg := range s.b.Regions {
		if s.Factories[r] && reg.NationIdx == ni {
			factories++
		}
		if s.Flags[r] == ni {
			flags++
		}
		if !s.Units[ni][r].empty() {
			units++
		}
	}
	ns := NationSummary{Treasury: nat.Treasury, PowerPoints: nat.Power, TaxChart: nat.TaxValue,
		Factories: make([]string, 0, factories), Flags: make([]string, 0, flags), Units: make(map[string]UnitsSummary, units)}
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
	return ns
}

func gameID(r Rules) string {
	if r.Map == "world2030" {
		return "imperial2030"
	}
	return "imperial"
}
