package board

import "testing"

func TestEuropeLoads(t *testing.T) {
	b, err := Load("europe")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[Kind]int{}
	for _, r := range b.Regions {
		counts[r.Kind]++
	}
	// Rule book 004 GAMEBOARD: 6 nations x 5 provinces, 15 land regions,
	// Switzerland; 9 seas (rule book 003).
	want := map[Kind]int{Home: 30, Land: 15, Sea: 9, Impassable: 1}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("%s regions: %d, want %d", k, counts[k], n)
		}
	}
	for _, n := range b.Nations {
		if len(n.Homes) != 5 || len(n.Order) != 5 {
			t.Errorf("%s has %d homes, %d in production order", n.ID, len(n.Homes), len(n.Order))
		}
	}
	if len(b.Adjacency) != 137 {
		t.Errorf("%d adjacency pairs, want 137", len(b.Adjacency))
	}
}

func TestEuropeAdjacencyFacts(t *testing.T) {
	b := MustLoad("europe")
	adj := func(x, y string) bool {
		i, _ := b.Region(x)
		j, _ := b.Region(y)
		return b.Adjacent(i, j)
	}
	cases := []struct {
		x, y string
		want bool
	}{
		{"bulgaria", "turkey", true}, // FAQ: strait crossable
		{"sweden", "denmark", false}, // FAQ: needs a convoy
		{"spain", "morocco", false},  // FAQ: needs a convoy
		{"englishchannel", "northatlantic", true},
		{"englishchannel", "bayofbiscay", true},
		{"englishchannel", "northsea", true},
		{"venice", "vienna", true},      // Venice example
		{"kiev", "stpetersburg", false}, // disputed, see docs
		{"dublin", "liverpool", false},  // no land link to Ireland
	}
	for _, c := range cases {
		if got := adj(c.x, c.y); got != c.want {
			t.Errorf("%s-%s adjacent = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	sw, _ := b.Region("switzerland")
	if len(b.Regions[sw].Adj) != 0 {
		t.Error("Switzerland must have no neighbours")
	}
	for _, r := range b.Regions {
		for _, y := range r.Adj {
			if r.Kind == Sea && b.Regions[y].Kind == Impassable {
				t.Errorf("%s touches impassable", r.ID)
			}
		}
	}
}

func TestTaxChart(t *testing.T) {
	b := MustLoad("europe")
	for rev, want := range map[int][2]int{0: {5, 0}, 5: {5, 0}, 7: {7, 2}, 15: {15, 10}, 25: {15, 10}} {
		got := b.Tax(rev)
		if got.Value != want[0] || got.Points != want[1] {
			t.Errorf("revenue %d: value %d points %d, want %v", rev, got.Value, got.Points, want)
		}
	}
}
