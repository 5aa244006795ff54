package playimperial

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"rondel/game/imperial"
)

// siteSummary is the state summary the sample traces record.
type siteSummary struct {
	InvestorCardHolder *string  `json:"investor_card_holder"`
	SwissBanks         []string `json:"swiss_banks"`
	Phase              struct {
		Maneuvering bool `json:"maneuvering"`
	} `json:"phase"`
	Players map[string]struct {
		Cash  int `json:"cash"`
		Bonds []struct {
			Nation string `json:"nation"`
			Cost   int    `json:"cost"`
		} `json:"bonds"`
	} `json:"players"`
	Nations map[string]struct {
		Controller  *string  `json:"controller"`
		Treasury    int      `json:"treasury"`
		PowerPoints int      `json:"power_points"`
		Rondel      *string  `json:"rondel_position"`
		TaxChart    int      `json:"tax_chart_position"`
		Factories   []string `json:"factories"`
		Flags       []string `json:"flags"`
		Units       map[string]struct {
			Armies   int   `json:"armies"`
			Fleets   int   `json:"fleets"`
			Friendly *bool `json:"friendly"`
		} `json:"units"`
	} `json:"nations"`
}

type checkpoint struct {
	Index   int         `json:"index"`
	Summary siteSummary `json:"summary"`
}

type trace struct {
	BaseGame              string       `json:"base_game"`
	Kind                  string       `json:"kind"`
	Checkpoints           []checkpoint `json:"checkpoints"`
	Before, After         *checkpoint
	ComparableCheckpoints []int `json:"comparable_checkpoints"`
	FirstDivergence       *int  `json:"first_divergence_index"`
	DivergenceEvents      []struct {
		Index int    `json:"index"`
		Kind  string `json:"kind"`
	} `json:"divergence_events"`
}

func loadTrace(t *testing.T, name string) (trace, []Entry) {
	t.Helper()
	data := testLog(t, name)
	var tr trace
	if err := json.Unmarshal(data, &tr); err != nil {
		t.Fatal(err)
	}
	var extra struct {
		Before *checkpoint `json:"before"`
		After  *checkpoint `json:"after"`
	}
	_ = json.Unmarshal(data, &extra)
	tr.Before, tr.After = extra.Before, extra.After
	entries, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return tr, entries
}

// diff lists where Rondel's summary differs from the site's.
func diff(site siteSummary, ours imperial.Summary, world2030 bool) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	str := func(p *string) string {
		if p == nil {
			return "null"
		}
		return *p
	}
	if str(site.InvestorCardHolder) != str(ours.InvestorCard) {
		add("investor card: site %s, rondel %s", str(site.InvestorCardHolder), str(ours.InvestorCard))
	}
	sb := slices.Sorted(slices.Values(site.SwissBanks))
	if !slices.Equal(sb, ours.SwissBanks) && !(len(sb) == 0 && len(ours.SwissBanks) == 0) {
		add("swiss banks: site %v, rondel %v", sb, ours.SwissBanks)
	}
	for name, sp := range site.Players {
		op := ours.Players[name]
		if sp.Cash != op.Cash {
			add("%s cash: site %d, rondel %d", name, sp.Cash, op.Cash)
		}
		var a, b []string
		for _, x := range sp.Bonds {
			a = append(a, fmt.Sprintf("%s%d", x.Nation, x.Cost))
		}
		for _, x := range op.Bonds {
			b = append(b, fmt.Sprintf("%s%d", x.Nation, x.Cost))
		}
		sort.Strings(a)
		sort.Strings(b)
		if !slices.Equal(a, b) {
			add("%s bonds: site %v, rondel %v", name, a, b)
		}
	}
	for id, sn := range site.Nations {
		on := ours.Nations[id]
		if str(sn.Controller) != str(on.Government) {
			add("%s government: site %s, rondel %s", id, str(sn.Controller), str(on.Government))
		}
		if sn.Treasury != on.Treasury {
			add("%s treasury: site %d, rondel %d", id, sn.Treasury, on.Treasury)
		}
		if sn.PowerPoints != on.PowerPoints {
			add("%s power: site %d, rondel %d", id, sn.PowerPoints, on.PowerPoints)
		}
		if str(sn.Rondel) != str(on.Rondel) {
			add("%s rondel: site %s, rondel %s", id, str(sn.Rondel), str(on.Rondel))
		}
		if sn.TaxChart != on.TaxChart && !world2030 { // the site's tax_chart_position means nothing in 2030
			add("%s tax chart: site %d, rondel %d", id, sn.TaxChart, on.TaxChart)
		}
		if f := slices.Sorted(slices.Values(sn.Factories)); !slices.Equal(f, on.Factories) && len(f)+len(on.Factories) > 0 {
			add("%s factories: site %v, rondel %v", id, f, on.Factories)
		}
		if !site.Phase.Maneuvering {
			if f := slices.Sorted(slices.Values(sn.Flags)); !slices.Equal(f, on.Flags) && len(f)+len(on.Flags) > 0 {
				add("%s flags: site %v, rondel %v", id, f, on.Flags)
			}
		}
		regions := map[string]bool{}
		for r := range sn.Units {
			regions[r] = true
		}
		for r := range on.Units {
			regions[r] = true
		}
		for r := range regions {
			su, ou := sn.Units[r], on.Units[r]
			if su.Armies != ou.Armies || su.Fleets != ou.Fleets {
				add("%s units in %s: site %d armies %d fleets, rondel %d armies %d fleets", id, r, su.Armies, su.Fleets, ou.Armies, ou.Fleets)
			}
		}
	}
	sort.Strings(out)
	return out
}

// eachTrace imports every sample trace of testdata, each in a subtest.
func eachTrace(t *testing.T, check func(t *testing.T, tr trace, entries []Entry, res *Result)) {
	files, _ := filepath.Glob("testdata/*.json.gz")
	for _, path := range files {
		name := filepath.Base(path)
		if name == "index.json.gz" {
			continue
		}
		t.Run(strings.TrimSuffix(name, ".json.gz"), func(t *testing.T) {
			tr, entries := loadTrace(t, name)
			check(t, tr, entries, importEntries(t, entries))
		})
	}
}

func TestSampleLogsMatchTheSite(t *testing.T) {
	eachTrace(t, func(t *testing.T, tr trace, entries []Entry, res *Result) {
		cps := map[int]siteSummary{}
		for _, c := range tr.Checkpoints {
			cps[c.Index] = c.Summary
		}
		if tr.Before != nil {
			cps[tr.Before.Index] = tr.Before.Summary
		}
		if tr.After != nil {
			cps[tr.After.Index] = tr.After.Summary
		}
		comparable := tr.ComparableCheckpoints
		for _, idx := range comparable {
			if d := diff(cps[idx], res.Steps[idx].State, GameID(entries) == "imperial2030"); len(d) > 0 {
				var notes bytes.Buffer
				for _, s := range res.Steps[max(0, idx-30) : idx+1] {
					if !s.Accepted || s.Note != "" {
						fmt.Fprintf(&notes, "  %d accepted=%v %s\n", s.Index, s.Accepted, s.Note)
					}
				}
				t.Errorf("checkpoint %d differs:\n  %s\nnotes before it:\n%s", idx, strings.Join(d, "\n  "), notes.String())
			}
		}
	})
}

// noteOf is the words of the import's note for each kind of departure the
// sample traces annotate (their README); kinds absent here get no note of
// their own (import_options_differ changes only the legal moves).
var noteOf = map[string]string{
	"fight_not_one_to_one":                        "a battle removes one unit of each side",
	"unfriendly_entrance_ignored_sticky_friendly": "each army is standing or lying on its own",
	"coexist_relabels_hostile_armies":             "declining a battle does not lay down",
	"interest_payment_differs":                    "a short treasury pays the other holders first",
	"maneuver_ends_with_unit_left_to_move":        "a battle takes no unit's move away",
	"coexist_ends_maneuver_skips_investor":        "however its maneuver ends",
	"forced_investor_stop_fee":                    "pays for the spaces beyond three",
	"map_kiev_stpetersburg_not_adjacent":          "Kiev and St. Petersburg do not border",
	"army_move_not_allowed_by_rules":              "the railway of a home province holding standing",
}

// TestDepartureNotesNameTheSitesDeparture: the traces mark where the site
// first departs from the rule book. The import names no departure before
// it, and names that one, at that entry (or, for a maneuver the site ended
// early, where the import ends it).
func TestDepartureNotesNameTheSitesDeparture(t *testing.T) {
	eachTrace(t, func(t *testing.T, tr trace, entries []Entry, res *Result) {
		first := len(entries) // the first event that changes the position
		kind := ""
		for _, ev := range tr.DivergenceEvents {
			if ev.Kind != "import_options_differ" {
				first, kind = ev.Index, ev.Kind
				break
			}
		}
		for _, s := range res.Steps[:first] {
			if strings.Contains(s.Note, departs) {
				t.Errorf("entry %d names a departure before the site's first (%d): %s", s.Index, first, s.Note)
			}
		}
		want, ok := noteOf[kind]
		if !ok {
			return
		}
		end := first
		for end+1 < len(entries) && slices.Contains(maneuverTypes, entries[end].Type) {
			end++
		}
		for _, s := range res.Steps[first : end+1] {
			if strings.Contains(s.Note, want) {
				return
			}
		}
		t.Errorf("the site departs at entry %d (%s), but entries %d-%d do not say %q", first, kind, first, end, want)
	})
}
