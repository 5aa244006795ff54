package playimperial

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/game/record"
)

// siteSummaryEnd is the part of a site's state summary that says how a
// game ended.
type siteSummaryEnd struct {
	GameOver bool    `json:"game_over"`
	Winner   *string `json:"winner"`
	Players  map[string]struct {
		Cash     int `json:"cash"`
		RawScore int `json:"raw_score"`
	} `json:"players"`
	Nations map[string]struct {
		PowerPoints int      `json:"power_points"`
		Treasury    int      `json:"treasury"`
		Flags       []string `json:"flags"`
	} `json:"nations"`
}

// siteFinal is what a sample trace says of the game's end on the site.
type siteFinal struct {
	// After is a behaviour scenario's state after its key entry (the game
	// end scenario has no final).
	After struct {
		Summary siteSummaryEnd `json:"summary"`
	} `json:"after"`
	Actions []json.RawMessage `json:"actions"`
	Final   struct {
		GameOver bool           `json:"game_over"`
		Scores   map[string]int `json:"scores"`
		Winner   *string        `json:"winner"`
		Summary  struct {
			Nations map[string]struct {
				PowerPoints int      `json:"power_points"`
				Treasury    int      `json:"treasury"`
				Flags       []string `json:"flags"`
			} `json:"nations"`
		} `json:"summary"`
	} `json:"final"`
}

func readSample(t *testing.T, name string) ([]byte, siteFinal) {
	t.Helper()
	data := testLog(t, name)
	var f siteFinal
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if a := f.After.Summary; !f.Final.GameOver && a.GameOver {
		f.Final.GameOver, f.Final.Winner, f.Final.Scores = true, a.Winner, map[string]int{}
		for p, ps := range a.Players {
			f.Final.Scores[p] = ps.RawScore + ps.Cash
		}
		f.Final.Summary.Nations = a.Nations
	}
	return data, f
}

// TestSampleGamesImportFinished: every finished sample game imports as a
// finished game under the site's rules, with the site's scores, winner and
// final power points, whether given as a trace that says it is over or as
// the site's stored action list (which has no endGame); its record replays
// to the same end.
func TestSampleGamesImportFinished(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json.gz")
	reg := game.NewRegistry(imperial.New(), imperial.New2030())
	n := 0
	for _, path := range files {
		name := filepath.Base(path)
		data, site := readSample(t, name)
		if !site.Final.GameOver {
			continue
		}
		n++
		plain, _ := json.Marshal(site.Actions)
		for format, log := range map[string][]byte{"trace": data, "action list": plain} {
			t.Run(strings.TrimSuffix(name, ".json.gz")+"/"+format, func(t *testing.T) {
				im, err := newImporter().Import(log)
				if err != nil {
					t.Fatal(err)
				}
				if im.Refusal != "" || !im.Final.Finished() || im.Ended < 0 {
					t.Fatalf("not imported as finished (ended %d): %s", im.Ended, im.Refusal)
				}
				if im.Setup.Options[imperial.RulesetOption] != imperial.RulesetPlayImperial {
					t.Errorf("setup %v does not name the site's rules", im.Setup.Options)
				}
				first := im.Departures[0]
				said := false
				for _, m := range im.Moves {
					said = said || strings.Contains(m.Note, fmt.Sprintf("playimperial entry %d ", first.Entry)) && strings.Contains(m.Note, "the site's rules depart from the rule book")
				}
				if !said {
					t.Errorf("the record does not say at entry %d that the site's rules depart from the rule book", first.Entry)
				}
				final, err := record.Replay(reg, record.FromImported(im))
				if err != nil {
					t.Fatalf("the record does not replay: %v", err)
				}
				res := final.Result()
				sum := final.(*imperial.State).Summarize()
				for seat, p := range im.Setup.Players {
					if got, want := res.Scores[seat], site.Final.Scores[p]; got != want {
						t.Errorf("%s scores %d, the site %d", p, got, want)
					}
					if won := res.Places[seat] == 1; site.Final.Winner != nil && won != (*site.Final.Winner == p) {
						t.Errorf("%s first: %v, the site's winner %s", p, won, *site.Final.Winner)
					}
				}
				for id, nat := range site.Final.Summary.Nations {
					if got := sum.Nations[id].PowerPoints; got != nat.PowerPoints {
						t.Errorf("%s has %d power points, the site %d", id, got, nat.PowerPoints)
					}
					// The whole final position, not only the result: the
					// treasury and the flags too.
					got := slices.Sorted(slices.Values(sum.Nations[id].Flags))
					if want := slices.Sorted(slices.Values(nat.Flags)); !slices.Equal(got, want) || sum.Nations[id].Treasury != nat.Treasury {
						t.Errorf("%s ends with flags %v and %dM, the site %v and %dM", id, got, sum.Nations[id].Treasury, want, nat.Treasury)
					}
				}
			})
		}
	}
	if n < 11 {
		t.Errorf("%d finished sample logs, want the 10 distinct games and the game-end behaviour", n)
	}
}
