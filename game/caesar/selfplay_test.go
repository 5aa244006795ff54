package caesar

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"sort"
	"testing"

	"rondel/game"
	"rondel/game/rng"
)

var statsFlag = flag.Int("caesar.stats", 0, "play this many self-play games per player count and print statistics")

// played is one self-played game.
type played struct {
	final *State
	moves []json.RawMessage
	seats []int
	setup game.Setup
}

func setupFor(players int, seed uint64, opts game.Options) game.Setup {
	names := []string{"Ann", "Ben", "Cid", "Dora", "Eve"}[:players]
	return game.Setup{Players: names, Options: opts, Seed: seed}
}

// playRandom plays uniformly random legal moves; check runs after every move.
func playRandom(t testing.TB, setup game.Setup, check func(before, after *State)) played {
	t.Helper()
	st, err := New().New(setup)
	if err != nil {
		t.Fatal(err)
	}
	src := rng.New(setup.Seed ^ 0x5eed)
	p := played{setup: setup}
	cur := st.(*State)
	for step := 0; !cur.Finished(); step++ {
		if step > 500 {
			t.Fatal("game does not end")
		}
		acts := cur.ToAct()
		if len(acts) != 1 {
			t.Fatalf("want one decision, got %v", acts)
		}
		seat := acts[0].Seat
		legal := cur.LegalMoves(seat)
		if len(legal) == 0 {
			t.Fatalf("seat %d must act but has no legal move", seat)
		}
		mv := legal[src.Intn(len(legal))].Move
		next, _, err := cur.Apply(seat, mv)
		if err != nil {
			t.Fatalf("legal move %s rejected: %v", mv, err)
		}
		p.moves = append(p.moves, mv)
		p.seats = append(p.seats, seat)
		if check != nil {
			check(cur, next.(*State))
		}
		cur = next.(*State)
	}
	p.final = cur
	return p
}

// checkInvariants holds after every move.
func checkInvariants(t testing.TB, before, after *State) {
	t.Helper()
	used := make([]int, len(after.d.Players))
	for ri, o := range after.d.Built {
		if o >= 0 {
			used[o] += after.b.Routes[ri].Roads
		}
	}
	for seat, u := range used {
		if u+after.d.RoadsLeft[seat] != RoadsPerPlayer {
			t.Fatalf("seat %d: %d roads built + %d left != %d", seat, u, after.d.RoadsLeft[seat], RoadsPerPlayer)
		}
	}
	dist := after.distances()
	for i, o := range after.d.Owner {
		if o >= 0 {
			if _, ok := dist[after.b.Cities[i].ID]; !ok {
				t.Fatalf("claimed city %s is not connected to Rome", after.b.Cities[i].ID)
			}
		}
	}
	// The points handed out are exactly the roads of the shortest way.
	gained := 0
	for seat := range after.d.Track {
		gained += after.d.Track[seat] - before.d.Track[seat]
	}
	if gained < 0 {
		t.Fatal("track points went down")
	}
	if slices.Equal(before.d.Owner, after.d.Owner) && before.d.Pending == "" {
		t.Fatal("a move connected no city")
	}
}

// recount computes the totals from the final position alone.
func recount(s *State) []int {
	most := slices.Max(s.d.RoadsLeft)
	out := make([]int, len(s.d.Players))
	for seat := range out {
		t := s.tableau(seat)
		out[seat] = s.d.Track[seat] + s.cityPoints(seat) + t.DifferentPoints() + t.EqualPoints() + goldPoints(t.Gold)
		if s.d.RoadsLeft[seat] == most {
			out[seat] += RoadBonus
		}
	}
	return out
}

func replay(t testing.TB, p played) *State {
	t.Helper()
	st, err := New().New(p.setup)
	if err != nil {
		t.Fatal(err)
	}
	for i, mv := range p.moves {
		st, _, err = st.Apply(p.seats[i], mv)
		if err != nil {
			t.Fatalf("replay move %d: %v", i, err)
		}
	}
	return st.(*State)
}

func TestSelfPlay(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 10
	}
	for _, tc := range []struct {
		players int
		opts    game.Options
	}{
		{2, nil}, {3, nil}, {4, nil}, {5, nil},
		{2, game.Options{OptFullTreasures: "true", OptColourSum: "true"}},
	} {
		t.Run(fmt.Sprintf("%dp%v", tc.players, tc.opts), func(t *testing.T) {
			for g := range games {
				setup := setupFor(tc.players, uint64(1000+g), tc.opts)
				p := playRandom(t, setup, func(b, a *State) { checkInvariants(t, b, a) })
				res := p.final.Result()
				if !slices.Equal(res.Scores, recount(p.final)) {
					t.Fatalf("seed %d: scores %v, recount %v", setup.Seed, res.Scores, recount(p.final))
				}
				if g%10 == 0 { // replay and round trip on a sample: both are slow-ish
					a, _ := p.final.MarshalJSON()
					b, _ := replay(t, p).MarshalJSON()
					if !bytes.Equal(a, b) {
						t.Fatalf("seed %d: replay gives different JSON", setup.Seed)
					}
					dec, err := New().DecodeState(a)
					if err != nil {
						t.Fatal(err)
					}
					c, _ := dec.MarshalJSON()
					if !bytes.Equal(a, c) {
						t.Fatalf("seed %d: decode/encode differs", setup.Seed)
					}
				}
			}
		})
	}
}

func BenchmarkSelfPlay4(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		playRandom(b, setupFor(4, uint64(i), nil), nil)
	}
}

// TestSelfPlayStats prints the statistics recorded in docs/caesar-boards.md:
// go test ./game/caesar -run SelfPlayStats -caesar.stats 1000
func TestSelfPlayStats(t *testing.T) {
	if *statsFlag == 0 {
		t.Skip("run with -caesar.stats N")
	}
	for _, tc := range []struct {
		players int
		opts    game.Options
	}{
		{2, nil}, {3, nil}, {4, nil}, {5, nil},
		{2, game.Options{OptFullTreasures: "true"}}, {3, game.Options{OptFullTreasures: "true", OptColourSum: "true"}},
	} {
		var used, spread, win, low, unclaimed, stuck, choices, turns float64
		var totals []int
		var parts Final
		n := *statsFlag
		for g := range n {
			p := playRandom(t, setupFor(tc.players, uint64(g+1), tc.opts), nil)
			s := p.final
			left := 0
			for _, r := range s.d.RoadsLeft {
				left += r
			}
			all := RoadsPerPlayer * tc.players
			used += float64(all-left) / float64(all)
			sc := slices.Clone(s.d.Result.Scores)
			sort.Ints(sc)
			spread += float64(sc[len(sc)-1] - sc[0])
			win += float64(sc[len(sc)-1])
			low += float64(sc[0])
			totals = append(totals, sc...)
			if c := s.citiesLeft(); c > 0 {
				stuck++
				unclaimed += float64(c)
			}
			choices += float64(len(p.moves) - s.d.Turns)
			for _, f := range s.d.Final {
				parts.Track += f.Track
				parts.Cities += f.Cities
				parts.Different += f.Different
				parts.Equal += f.Equal
				parts.Gold += f.Gold
				parts.Roads += f.Roads
			}
			turns += float64(s.d.Turns)
		}
		sort.Ints(totals)
		f := float64(n)
		t.Logf("%d players %v, %s: roads used %.1f%%, winner %.1f, last %.1f, spread %.1f, median score %d, games with cities left %.1f%% (avg %.2f cities), path choices/game %.2f, turns %.1f",
			tc.players, tc.opts, boardForPlayers(tc.players), 100*used/f, win/f, low/f, spread/f, totals[len(totals)/2], 100*stuck/f, unclaimed/max(stuck, 1), choices/f, turns/f)
		per := f * float64(tc.players)
		t.Logf("   average per player: track %.1f, cities %.1f, different %.1f, equal %.1f, gold %.1f, road bonus %.1f",
			float64(parts.Track)/per, float64(parts.Cities)/per, float64(parts.Different)/per, float64(parts.Equal)/per, float64(parts.Gold)/per, float64(parts.Roads)/per)
	}
}
