package rating

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// golden is testdata/golden.json, written once by testdata/gen/gen.mjs from
// the reference implementation (npm openskill 5.0.1).
type golden struct {
	Generator string `json:"generator"`
	Configs   map[string]struct {
		Tau        float64 `json:"tau"`
		LimitSigma bool    `json:"limitSigma"`
	} `json:"configs"`
	Cases []struct {
		Name    string   `json:"name"`
		Config  string   `json:"config"`
		Ratings []Rating `json:"ratings"`
		Ranks   []int    `json:"ranks"`
		Want    []Rating `json:"want"`
	} `json:"cases"`
	Sequences []struct {
		Name   string   `json:"name"`
		Config string   `json:"config"`
		Start  []Rating `json:"start"`
		Games  []struct {
			Players []int    `json:"players"`
			Ranks   []int    `json:"ranks"`
			Want    []Rating `json:"want"`
		} `json:"games"`
	} `json:"sequences"`
}

const goldenTolerance = 1e-6

func loadGolden(t *testing.T) golden {
	t.Helper()
	data, err := os.ReadFile("testdata/golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Cases) == 0 || len(g.Sequences) == 0 {
		t.Fatal("golden.json has no cases")
	}
	return g
}

// modelFor returns the model a golden configuration describes: the
// openskill defaults with that configuration's tau and sigma limit.
func modelFor(t *testing.T, g golden, name string) Model {
	t.Helper()
	c, ok := g.Configs[name]
	if !ok {
		t.Fatalf("unknown config %q", name)
	}
	m := DefaultModel()
	m.Tau, m.LimitSigma = c.Tau, c.LimitSigma
	return m
}

func closeRatings(got, want []Rating) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if math.Abs(got[i].Mu-want[i].Mu) > goldenTolerance || math.Abs(got[i].Sigma-want[i].Sigma) > goldenTolerance {
			return false
		}
	}
	return true
}

func TestDefaultModelIsGoldenRondelConfig(t *testing.T) {
	g := loadGolden(t)
	if got := modelFor(t, g, "rondel"); got != DefaultModel() {
		t.Fatalf("golden rondel config gives %+v, DefaultModel is %+v", got, DefaultModel())
	}
}

func TestRateMatchesReference(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			got := modelFor(t, g, c.Config).Rate(c.Ratings, c.Ranks)
			if !closeRatings(got, c.Want) {
				t.Fatalf("ranks %v from %v:\n got %v\nwant %v", c.Ranks, c.Ratings, got, c.Want)
			}
		})
	}
}

// Sequences chain our own results game after game, so rounding errors
// that grew over many games would show.
func TestRateSequencesMatchReference(t *testing.T) {
	g := loadGolden(t)
	for _, s := range g.Sequences {
		t.Run(s.Name, func(t *testing.T) {
			m := modelFor(t, g, s.Config)
			pool := append([]Rating(nil), s.Start...)
			for k, game := range s.Games {
				in := make([]Rating, len(game.Players))
				for i, p := range game.Players {
					in[i] = pool[p]
				}
				got := m.Rate(in, game.Ranks)
				if !closeRatings(got, game.Want) {
					t.Fatalf("game %d (players %v, ranks %v):\n got %v\nwant %v", k+1, game.Players, game.Ranks, got, game.Want)
				}
				for i, p := range game.Players {
					pool[p] = got[i]
				}
			}
		})
	}
}

func TestNewPlayerOrdinalIsZero(t *testing.T) {
	if o := DefaultModel().New().Ordinal(); math.Abs(o) > 1e-12 {
		t.Fatalf("new player's ordinal %v, want 0", o)
	}
}

func TestRateRefusesBadInputUnchanged(t *testing.T) {
	good := []Rating{{25, 8}, {25, 8}}
	tests := []struct {
		name    string
		ratings []Rating
		ranks   []int
		wantErr bool
	}{
		{"ranks missing", good, []int{1}, true},
		{"too many ranks", good, []int{1, 2, 3}, true},
		{"NaN mu", []Rating{{math.NaN(), 8}, {25, 8}}, []int{1, 2}, true},
		{"infinite sigma", []Rating{{25, math.Inf(1)}, {25, 8}}, []int{1, 2}, true},
		{"zero sigma", []Rating{{25, 0}, {25, 8}}, []int{1, 2}, true},
		{"one player", []Rating{{25, 8}}, []int{1}, false},
		{"no players", nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Check(tt.ratings, tt.ranks); (err != nil) != tt.wantErr {
				t.Fatalf("Check error %v, want error %v", err, tt.wantErr)
			}
			got := Rate(tt.ratings, tt.ranks)
			if len(got) != len(tt.ratings) {
				t.Fatalf("got %d ratings for %d players", len(got), len(tt.ratings))
			}
			for i := range got {
				same := got[i] == tt.ratings[i] || (math.IsNaN(got[i].Mu) && math.IsNaN(tt.ratings[i].Mu))
				if !same {
					t.Fatalf("player %d changed from %v to %v", i, tt.ratings[i], got[i])
				}
			}
		})
	}
}

// Huge ratings would overflow exp(mu/c) if computed naively.
func TestRateExtremeRatingsStayFinite(t *testing.T) {
	got := Rate([]Rating{{1e6, 1}, {-1e6, 1}, {0, 1}}, []int{3, 1, 2})
	for i, r := range got {
		if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) || math.IsNaN(r.Sigma) || r.Sigma <= 0 {
			t.Fatalf("player %d: %v", i, r)
		}
	}
}

func TestRateDoesNotModifyInput(t *testing.T) {
	in := []Rating{{25, 8}, {26, 7}}
	before := append([]Rating(nil), in...)
	Rate(in, []int{1, 2})
	if in[0] != before[0] || in[1] != before[1] {
		t.Fatalf("input changed to %v", in)
	}
}

// Kappa floors the factor sigma² is multiplied by. Single-player games
// never come near the default floor of 0.0001, so a large kappa shows it
// is applied: the factor is then kappa itself.
func TestKappaFloorsSigmaShrink(t *testing.T) {
	m := DefaultModel()
	m.Tau, m.LimitSigma, m.Kappa = 0, false, 0.99
	in := []Rating{{25, 25.0 / 3}, {25, 25.0 / 3}}
	for i, r := range m.Rate(in, []int{1, 2}) {
		if want := in[i].Sigma * math.Sqrt(0.99); math.Abs(r.Sigma-want) > 1e-12 {
			t.Fatalf("player %d: sigma %v, want %v", i, r.Sigma, want)
		}
	}
}
