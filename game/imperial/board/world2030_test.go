package board

import "testing"

func TestWorld2030Loads(t *testing.T) {
	b, err := Load("world2030")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[Kind]int{}
	for _, r := range b.Regions {
		counts[r.Kind]++
	}
	// Rule book 002 SPIELPLAN: 6 nations x 4 home provinces, 27 land
	// regions, 11 seas; Switzerland and the polar regions are never entered.
	want := map[Kind]int{Home: 24, Land: 27, Sea: 11, Impassable: 2}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("%s regions: %d, want %d", k, counts[k], n)
		}
	}
	ids := []string{"RU", "CN", "IN", "BR", "US", "EU"} // turn order, Russia first
	for i, n := range b.Nations {
		if n.ID != ids[i] {
			t.Errorf("nation %d is %s, want %s", i, n.ID, ids[i])
		}
		if len(n.Homes) != 4 || len(n.Factories) != 2 || n.Flags != 15 {
			t.Errorf("%s: %d homes, %d starting factories, %d flags", n.ID, len(n.Homes), len(n.Factories), n.Flags)
		}
		shipyards := 0
		for _, h := range n.Homes {
			if b.Regions[h].Shipyard() {
				shipyards++
				if b.Regions[h].PortIdx < 0 {
					t.Errorf("%s has no anchor sea", b.Regions[h].ID)
				}
			}
		}
		if shipyards == 0 {
			t.Errorf("%s has no port", n.ID)
		}
	}
	if b.FirstNationFallback != "CN" {
		t.Errorf("investor card fallback %s, want CN", b.FirstNationFallback)
	}
	if len(b.Adjacency) != 162 {
		t.Errorf("%d adjacency pairs, want 162", len(b.Adjacency))
	}
	if b.MaxRevenue != 23 {
		t.Errorf("max revenue %d, want 23", b.MaxRevenue)
	}
}

func TestWorld2030Geography(t *testing.T) {
	b := MustLoad("world2030")
	adj := func(x, y string) bool {
		i, ok1 := b.Region(x)
		j, ok2 := b.Region(y)
		if !ok1 || !ok2 {
			t.Fatalf("unknown region %s or %s", x, y)
		}
		return b.Adjacent(i, j)
	}
	cases := []struct {
		x, y string
		want bool
	}{
		{"northpacific", "chinasea", true},        // east-west wrap (rule book example)
		{"northpacific", "seaofjapan", true},      // east-west wrap
		{"southpacific", "chinasea", true},        // east-west wrap
		{"southpacific", "tasmansea", true},       // east-west wrap
		{"northatlantic", "southatlantic", false}, // no such link
		{"northpacific", "southatlantic", false},  // no north-south wrap
		{"rome", "turkey", true},                  // strait armies may cross
		{"paris", "london", true},                 // strait armies may cross
		{"berlin", "moscow", false},               // disputed; not adjacent
		{"vladivostok", "korea", true},            // convoy example: Korea needs no fleet
		{"afghanistan", "newdelhi", true},         // railroad example
		{"kolkata", "indochina", true},            // railroad example
		{"kolkata", "chongqing", true},            // railroad example
		{"berlin", "murmansk", true},              // factory destruction example
		{"mediterraneansea", "indianocean", true}, // Suez
		{"caribbeansea", "northpacific", true},    // Panama
		{"london", "northatlantic", true},
		{"japan", "seaofjapan", true},
	}
	for _, c := range cases {
		if got := adj(c.x, c.y); got != c.want {
			t.Errorf("%s-%s adjacent = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	for _, id := range []string{"switzerland", "polar"} {
		r, _ := b.Region(id)
		if len(b.Regions[r].Adj) != 0 {
			t.Errorf("%s must have no neighbours", id)
		}
	}
	// Islands are land regions reached only by sea; only Indonesia touches
	// more than one sea (rule book 002 Inseln).
	for _, id := range []string{"japan", "philippines", "indonesia", "australia", "newzealand"} {
		r, _ := b.Region(id)
		seas := 0
		for _, y := range b.Regions[r].Adj {
			if b.Regions[y].Kind != Sea {
				t.Errorf("island %s touches land %s", id, b.Regions[y].ID)
			}
			seas++
		}
		if want := map[bool]int{true: 3, false: 1}[id == "indonesia"]; seas != want {
			t.Errorf("island %s touches %d seas, want %d", id, seas, want)
		}
	}
	// Paris and London are joined by rail across the strait.
	paris, _ := b.Region("paris")
	london, _ := b.Region("london")
	found := false
	for _, y := range b.RailNeighbours(paris) {
		found = found || y == london
	}
	if !found {
		t.Error("no railway from Paris to London")
	}
}

func TestWorld2030Canals(t *testing.T) {
	b := MustLoad("world2030")
	sea := func(id string) int { i, _ := b.Region(id); return i }
	cases := []struct{ x, y, canal, control string }{
		{"caribbeansea", "northpacific", "panama", "colombia"},
		{"indianocean", "mediterraneansea", "suez", "northafrica"},
	}
	for _, c := range cases {
		got := b.CanalBetween(sea(c.x), sea(c.y))
		if got == nil || got.ID != c.canal || b.Regions[got.ControlIdx].ID != c.control {
			t.Errorf("%s-%s: canal %+v, want %s controlled from %s", c.x, c.y, got, c.canal, c.control)
		}
	}
	if c := b.CanalBetween(sea("northatlantic"), sea("mediterraneansea")); c != nil {
		t.Errorf("North Atlantic-Mediterranean is no canal, got %s", c.ID)
	}
}

func TestWorld2030TaxChart(t *testing.T) {
	b := MustLoad("world2030")
	// revenue: bonus, points (rule book 002: 9 -> column 8, bonus 1; 11 -> bonus 2,
	// +4; 12 -> bonus 3; 3 factories and 12 flags (18) -> +10).
	for rev, want := range map[int][2]int{0: {0, 0}, 5: {0, 0}, 6: {1, 1}, 9: {1, 2}, 11: {2, 4}, 12: {3, 5}, 17: {5, 9}, 18: {5, 10}, 23: {5, 10}} {
		got := b.Tax(rev)
		if got.Bonus != want[0] || got.Points != want[1] {
			t.Errorf("revenue %d: bonus %d points %d, want %v", rev, got.Bonus, got.Points, want)
		}
	}
	for i := 1; i < len(b.TaxChart); i++ {
		if b.TaxChart[i].Min != b.TaxChart[i-1].Max+1 {
			t.Errorf("tax chart has a gap before %d", b.TaxChart[i].Min)
		}
	}
}

func TestWorld2030Setup(t *testing.T) {
	b := MustLoad("world2030")
	for n, want := range map[int]int{2: 35, 3: 24, 4: 13, 5: 13, 6: 13} {
		if b.StartingMoney[n] != want {
			t.Errorf("%d players: starting money %d, want %d", n, b.StartingMoney[n], want)
		}
	}
	for n, want := range map[int]int{2: 37, 3: 25, 4: 19, 5: 15, 6: 13} {
		if b.ExperiencedMoney[n] != want {
			t.Errorf("%d players: experienced money %d, want %d", n, b.ExperiencedMoney[n], want)
		}
	}
	// Every nation is dealt exactly once for every player count, and each
	// player's starting bonds cost all but 2M of the starting money.
	for n := 2; n <= 6; n++ {
		d := b.Deals[n]
		seen := map[string]int{}
		for _, id := range d.Shuffle {
			seen[id]++
			for _, x := range d.Add[id] {
				seen[x]++
			}
		}
		if n <= 3 && len(seen) != 6 {
			t.Errorf("%d players deal %d nations", n, len(seen))
		}
		for id, c := range seen {
			if c != 1 {
				t.Errorf("%d players: %s dealt %d times", n, id, c)
			}
		}
		if n <= 3 {
			per := 6 / n
			if cost := per * 11; b.StartingMoney[n]-cost != 2 {
				t.Errorf("%d players keep %dM", n, b.StartingMoney[n]-cost)
			}
		}
	}
	for id, cards := range b.FlagCards {
		if len(cards) != 2 || cards[0].Nation != id || cards[0].Cost != 9 || cards[1].Cost != 2 {
			t.Errorf("flag card %s: %+v", id, cards)
		}
	}
}

func TestEuropeFirstEdition(t *testing.T) {
	b, err := LoadEdition("europe", "2006")
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Bonds) != 8 || b.Bonds[7].Cost != 25 {
		t.Errorf("bonds %+v, want 8 ending at 25M", b.Bonds)
	}
	for _, n := range b.Nations {
		if n.Flags != 10 {
			t.Errorf("%s has %d tax chips, want 10", n.ID, n.Flags)
		}
		cards := b.FlagCards[n.ID]
		if len(cards) != 2 || cards[0].Cost+cards[1].Cost != 13 {
			t.Errorf("flag card %s: %+v, want 9M + 4M", n.ID, cards)
		}
	}
	if b.MaxRevenue != 20 || b.StartingMoney[3] != 26 || b.StartingMoney[2] != 39 || b.StartingMoney[6] != 13 {
		t.Errorf("max revenue %d, starting money %v", b.MaxRevenue, b.StartingMoney)
	}
	if _, err := LoadEdition("europe", "1999"); err == nil {
		t.Error("an unknown edition must be refused")
	}
	plain := MustLoad("europe")
	if len(plain.Bonds) != 9 || plain.Nations[0].Flags != 15 {
		t.Error("loading an edition must not change the printed map")
	}
}
