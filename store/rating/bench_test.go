package rating

import "testing"

func BenchmarkRate6Players(b *testing.B) {
	in := []Rating{{25, 8}, {30, 3}, {20, 5}, {27, 2}, {15, 7}, {35, 1}}
	ranks := []int{3, 1, 2, 5, 4, 5}
	for b.Loop() {
		Rate(in, ranks)
	}
}

// A big club's whole history: 10,000 games among 200 members.
func BenchmarkBuild10000Games(b *testing.B) {
	games := randomSeries(1, 10000, 200)
	for b.Loop() {
		if _, err := Build(DefaultModel(), games); err != nil {
			b.Fatal(err)
		}
	}
}
