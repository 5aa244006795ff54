package rating

import (
	"fmt"
	"math"
)

// Rating is a player's skill belief: mean Mu and uncertainty Sigma.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Ordinal is the conservative skill estimate shown on the ladder:
// mu - 3 sigma. A new player's ordinal is 0.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Model holds the parameters of the rating update.
type Model struct {
	Mu    float64 // mean of a new player
	Sigma float64 // uncertainty of a new player
	Beta  float64 // performance spread within one game
	Kappa float64 // floor on the factor sigma² shrinks by, so sigma stays positive
	// Tau is added (in quadrature) to every sigma before a game, so that
	// ratings keep moving after many games instead of freezing.
	Tau float64
	// LimitSigma keeps sigma from growing in a game, which Tau alone could
	// make it do; without it a winner's ordinal could drop.
	LimitSigma bool
}

// DefaultModel is the model the Rondel ladder uses: openskill's defaults
// (mu 25, sigma 25/3, beta 25/6, kappa 0.0001) with openskill 5's default
// tau of 25/300 applied on every game, and sigma limited so it never grows.
//
// Why tau: a club ladder runs for years; without tau sigma only shrinks
// and a rating stops following a player who improves. Why the limit: with
// tau but no limit, a player whose sigma is already small can see sigma
// (and so the ordinal) get worse after winning, which players rightly
// find unfair, and the ladder's promise that sigma never grows would fail.
// (openskill.js 5 applies tau by default and leaves the limit off; the
// same call with limitSigma: true is what golden.json's "rondel" cases
// were generated with.)
func DefaultModel() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300, LimitSigma: true}
}

// New returns the rating of a player who has not played yet.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Rate rates one game with the default model; see Model.Rate.
func Rate(ratings []Rating, ranks []int) []Rating {
	return DefaultModel().Rate(ratings, ranks)
}

// Rate returns the players' new ratings after one game. ratings[i] and
// ranks[i] belong to the same player; a lower rank is a better finish and
// equal ranks are a tie. Only the order of the ranks matters, not their
// values. The result is in the same order as the input.
//
// Input that Check refuses (or a game of fewer than two players) leaves
// the ratings unchanged: the result is then a copy of ratings. Callers that
// need to know call Check first.
func (m Model) Rate(ratings []Rating, ranks []int) []Rating {
	out := make([]Rating, len(ratings))
	copy(out, ratings)
	if len(ratings) < 2 || Check(ratings, ranks) != nil {
		return out
	}
	n := len(ratings)
	sigSq := make([]float64, n) // sigma² after tau
	c2 := 0.0
	for i, r := range ratings {
		sigSq[i] = r.Sigma*r.Sigma + m.Tau*m.Tau
		c2 += sigSq[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(c2)
	strength := strengths(ratings, c)

	// sumQ[q]: total strength of the players who finished level with or
	// behind q; tied[q]: how many finished level with q (q included).
	sumQ := make([]float64, n)
	tied := make([]float64, n)
	for q := range n {
		for i := range n {
			if ranks[i] >= ranks[q] {
				sumQ[q] += strength[i]
			}
			if ranks[i] == ranks[q] {
				tied[q]++
			}
		}
	}
	for i, r := range ratings {
		// omega moves mu, delta shrinks sigma; both sum over every q that
		// finished level with or ahead of i (the Plackett–Luce stages i
		// took part in).
		omega, delta := 0.0, 0.0
		for q := range n {
			if ranks[q] > ranks[i] {
				continue
			}
			p := strength[i] / sumQ[q]
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
			delta += p * (1 - p) / tied[q]
		}
		gamma := math.Sqrt(sigSq[i]) / c
		omega *= sigSq[i] / c
		delta *= gamma * sigSq[i] / c2
		sigma := math.Sqrt(sigSq[i]) * math.Sqrt(math.Max(1-delta, m.Kappa))
		if m.LimitSigma {
			sigma = math.Min(sigma, r.Sigma)
		}
		out[i] = Rating{Mu: r.Mu + omega, Sigma: sigma}
	}
	return out
}

// strengths returns exp(mu/c) for each player, scaled by a common factor
// (the strongest player's) so that large ratings cannot overflow; the
// update only uses ratios of strengths, which the scaling leaves alone.
func strengths(ratings []Rating, c float64) []float64 {
	top := math.Inf(-1)
	for _, r := range ratings {
		top = math.Max(top, r.Mu/c)
	}
	s := make([]float64, len(ratings))
	for i, r := range ratings {
		s[i] = math.Exp(r.Mu/c - top)
	}
	return s
}

// Check reports why a game cannot be rated: a rank for every player, and
// finite ratings with positive sigma.
func Check(ratings []Rating, ranks []int) error {
	if len(ranks) != len(ratings) {
		return fmt.Errorf("rating: %d ranks for %d players", len(ranks), len(ratings))
	}
	for i, r := range ratings {
		if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) || math.IsNaN(r.Sigma) || math.IsInf(r.Sigma, 0) || r.Sigma <= 0 {
			return fmt.Errorf("rating: player %d has an unusable rating (mu %v, sigma %v)", i, r.Mu, r.Sigma)
		}
	}
	return nil
}
