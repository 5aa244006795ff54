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
	"rondel/game/gametest"
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
	return playWith(t, setup, nil, check)
}

// playWith plays the caretaker's move for the seats in careful and
// uniformly random legal moves for the others.
func playWith(t testing.TB, setup game.Setup, careful map[int]bool, check func(before, after *State)) played {
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
		if careful[seat] {
			if mv, _, err = cur.Caretaker(seat); err != nil {
				t.Fatal(err)
			}
		}
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
	scored := before.d.Pending
	if scored == "" {
		for i := range after.d.Owner {
			if before.d.Owner[i] < 0 && after.d.Owner[i] >= 0 {
				scored = after.b.Cities[i].ID
			}
		}
	}
	if after.d.Pending == "" {
		want := dist[scored]
		if after.d.Treasures[after.b.cityIdx[scored]] == Gold {
			want *= 2
		}
		if gained != want {
			t.Fatalf("%s: %d points scored, the shortest way has %d roads (doubled for gold)", scored, gained, want)
		}
	} else if gained != 0 {
		t.Fatal("points scored before the way was chosen")
	}
	if scored == "" {
		t.Fatal("a move connected no city")
	}
}

// recount computes the totals from the final position alone, written
// out again here rather than calling the engine's scoring helpers.
func recount(s *State) []int {
	diff := []int{0, 0, 2, 5, 9, 14, 20, 32, 46}
	equal := []int{0, 0, 2, 10, 20}
	most := 0
	for _, r := range s.d.RoadsLeft {
		most = max(most, r)
	}
	out := make([]int, len(s.d.Players))
	for seat := range out {
		high, sum, have, all := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
		for _, c := range s.b.Cities {
			all[c.Colour]++
		}
		kinds := map[string]int{}
		gold := 0
		for i, o := range s.d.Owner {
			if o != seat {
				continue
			}
			c := s.b.Cities[i]
			high[c.Colour] = max(high[c.Colour], c.Value)
			sum[c.Colour] += c.Value
			have[c.Colour]++
			switch tr := s.d.Treasures[i]; tr {
			case Gold:
				gold++
			default:
				kinds[tr]++
			}
		}
		total := s.d.Track[seat]
		for col, v := range high {
			if s.d.Options[OptColourSum] == "true" && have[col] == all[col] {
				v = sum[col]
			}
			total += v
		}
		for row := 1; row <= 4; row++ {
			n := 0
			for _, c := range kinds {
				if c >= row {
					n++
				}
			}
			total += diff[n]
		}
		for _, c := range kinds {
			total += equal[c]
		}
		if gold >= 2 {
			total += gold * gold
		}
		if s.d.RoadsLeft[seat] == most {
			total += 10
		}
		out[seat] = total
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
	if !gametest.Long() {
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
		// One seat playing the caretaker's policy against random players,
		// and every seat playing it: does sensible play pay, and how many
		// roads does thrifty play leave?
		m := min(n, 250) // the caretaker tries every move: slower
		wins, carefulUsed, carefulSpread, carefulLeft := 0.0, 0.0, 0.0, 0.0
		byPosition := make([]int, tc.players) // wins of all-caretaker games by seat after the start player
		for g := range m {
			p := playWith(t, setupFor(tc.players, uint64(g+1), tc.opts), map[int]bool{g % tc.players: true}, nil)
			if p.final.Result().Places[g%tc.players] == 1 {
				wins++
			}
			q := playWith(t, setupFor(tc.players, uint64(g+1), tc.opts), map[int]bool{0: true, 1: true, 2: true, 3: true, 4: true}, nil)
			left := 0
			for _, r := range q.final.d.RoadsLeft {
				left += r
			}
			carefulUsed += 1 - float64(left)/float64(RoadsPerPlayer*tc.players)
			sc := q.final.d.Result.Scores
			carefulSpread += float64(slices.Max(sc) - slices.Min(sc))
			carefulLeft += float64(q.final.citiesLeft())
			for seat, place := range q.final.d.Result.Places {
				if place == 1 {
					byPosition[(seat-q.final.d.Start+tc.players)%tc.players]++
				}
			}
		}
		fm := float64(m)
		t.Logf("   caretaker policy (%d games): one seat against random players wins %.1f%% (fair share %.1f%%); all seats playing it use %.1f%% of the roads, spread %.1f, cities left %.2f, wins by turn order %v",
			m, 100*wins/fm, 100/float64(tc.players), 100*carefulUsed/fm, carefulSpread/fm, carefulLeft/fm, byPosition)
		per := f * float64(tc.players)
		t.Logf("   average per player: track %.1f, cities %.1f, different %.1f, equal %.1f, gold %.1f, road bonus %.1f",
			float64(parts.Track)/per, float64(parts.Cities)/per, float64(parts.Different)/per, float64(parts.Equal)/per, float64(parts.Gold)/per, float64(parts.Roads)/per)
	}
}

// midGame returns a 4-player position after 20 random moves.
func midGame(b *testing.B) *State {
	p := playRandom(b, setupFor(4, 3, nil), nil)
	st, _ := New().New(p.setup)
	for i := 0; i < 20; i++ {
		st, _, _ = st.Apply(p.seats[i], p.moves[i])
	}
	return st.(*State)
}

func BenchmarkLegalMoves(b *testing.B) {
	s := midGame(b)
	for b.Loop() {
		s.LegalMoves(s.d.Turn)
	}
}

// BenchmarkLegalMovesLent is the same list into one MoveBuf lent by the
// caller and reused from one listing to the next.
func BenchmarkLegalMovesLent(b *testing.B) {
	s := midGame(b)
	var buf game.MoveBuf
	s.ListMoves(&buf, s.d.Turn) // the buffer grows before the timer (b.Loop starts it)
	for b.Loop() {
		s.ListMoves(&buf, s.d.Turn)
	}
}

func BenchmarkCaretaker(b *testing.B) {
	s := midGame(b)
	for b.Loop() {
		if _, _, err := s.Caretaker(s.d.Turn); err != nil {
			b.Fatal(err)
		}
	}
}
