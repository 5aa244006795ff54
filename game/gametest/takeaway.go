// Package gametest is a tiny deterministic game for testing the service
// (store, handlers) without depending on a real engine. It is test support
// only and is never registered in the production registry.
//
// Take-away: two piles of stones; the seat to move takes 1 to 3 stones from
// one pile. Whenever a move leaves a multiple of 5 stones in total (and
// stones remain), every other seat is asked at once to "cheer" or "groan"
// before play goes on, so the service meets decisions open to several seats.
// Each stone taken scores 1; taking the last stone scores 5 more.
package gametest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"rondel/game"
	"rondel/game/rng"
)

// ID is the registry id of the take-away game.
const ID = "takeaway"

// Game is the take-away game.
type Game struct{}

// Registry returns a registry holding only the take-away game.
func Registry() *game.Registry { return game.NewRegistry(Game{}) }

// Info describes the game and its options.
func (Game) Info() game.Info {
	return game.Info{
		ID: ID, Name: "Take-away", MinPlayers: 2, MaxPlayers: 6,
		Options: []game.OptionSpec{
			{Name: "size", Label: "Pile size", Kind: game.OptionChoice, Default: "small", Choices: []string{"small", "large"}},
			{Name: "votes", Label: "Cheer or groan at multiples of five", Kind: game.OptionBool, Default: "true"},
		},
	}
}

// state is the whole position; exported fields only so it encodes.
type state struct {
	Players []string `json:"players"`
	Votes   bool     `json:"votes"`
	Piles   [2]int   `json:"piles"`
	Turn    int      `json:"turn"`             // seat to take next
	Voters  []int    `json:"voters,omitempty"` // seats still to answer a vote
	Taken   []int    `json:"taken"`
	Last    int      `json:"last"` // seat that took the last stone, -1 until then
}

// Move is the JSON form of a move.
type Move struct {
	Pile string `json:"pile,omitempty"` // "A" or "B"
	Take int    `json:"take,omitempty"`
	Vote string `json:"vote,omitempty"` // "cheer" or "groan"
}

// New deals the piles from the seed.
func (Game) New(setup game.Setup) (game.State, error) {
	info := Game{}.Info()
	opts, err := game.Normalize(info.Options, setup.Options)
	if err != nil {
		return nil, err
	}
	if err := game.CheckPlayers(info, setup.Players); err != nil {
		return nil, err
	}
	r := rng.New(setup.Seed)
	base := 4
	if opts["size"] == "large" {
		base = 9
	}
	s := &state{
		Players: slices.Clone(setup.Players), Votes: opts.Bool("votes"),
		Piles: [2]int{base + r.Intn(4), base + r.Intn(4)},
		Turn:  r.Intn(len(setup.Players)), Taken: make([]int, len(setup.Players)), Last: -1,
	}
	return s, nil
}

// DecodeState restores a state from its JSON.
func (Game) DecodeState(data []byte) (game.State, error) {
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("takeaway: %w", err)
	}
	return &s, nil
}

func (s *state) clone() *state {
	c := *s
	c.Players = slices.Clone(s.Players)
	c.Voters = slices.Clone(s.Voters)
	c.Taken = slices.Clone(s.Taken)
	return &c
}

func (s *state) left() int { return s.Piles[0] + s.Piles[1] }

// Apply plays one move.
func (s *state) Apply(seat int, raw json.RawMessage) (game.State, []game.Event, error) {
	if seat < 0 || seat >= len(s.Players) {
		return nil, nil, game.Broke("seat", "there is no seat %d", seat)
	}
	var m Move
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, nil, game.Broke("move", "the move is not understood: %v", err)
	}
	if s.Finished() {
		return nil, nil, game.Broke("over", "the game is over")
	}
	if len(s.Voters) > 0 {
		return s.vote(seat, m)
	}
	return s.take(seat, m)
}

func (s *state) vote(seat int, m Move) (game.State, []game.Event, error) {
	if !slices.Contains(s.Voters, seat) {
		return nil, nil, game.Broke("vote", "%s has nothing to decide now", s.Players[seat])
	}
	if m.Vote != "cheer" && m.Vote != "groan" {
		return nil, nil, game.Broke("vote", "answer cheer or groan")
	}
	n := s.clone()
	n.Voters = slices.DeleteFunc(n.Voters, func(v int) bool { return v == seat })
	ev := []game.Event{{Text: fmt.Sprintf("%s %ss.", s.Players[seat], m.Vote), Seats: []int{seat}}}
	return n, ev, nil
}

func (s *state) take(seat int, m Move) (game.State, []game.Event, error) {
	if seat != s.Turn {
		return nil, nil, game.Broke("turn", "it is %s's turn, not %s's", s.Players[s.Turn], s.Players[seat])
	}
	if m.Vote != "" {
		return nil, nil, game.Broke("vote", "there is no vote now")
	}
	p := strings.Index("AB", m.Pile)
	if p < 0 || len(m.Pile) != 1 {
		return nil, nil, game.Broke("pile", "choose pile A or B")
	}
	if m.Take < 1 || m.Take > 3 {
		return nil, nil, game.Broke("take", "take 1, 2 or 3 stones, not %d", m.Take)
	}
	if m.Take > s.Piles[p] {
		return nil, nil, game.Broke("take", "pile %s has only %d stones", m.Pile, s.Piles[p])
	}
	n := s.clone()
	n.Piles[p] -= m.Take
	n.Taken[seat] += m.Take
	ev := []game.Event{{Text: fmt.Sprintf("%s takes %d from pile %s; %d stones left.", s.Players[seat], m.Take, m.Pile, n.left()), Seats: []int{seat}}}
	if n.left() == 0 {
		n.Last = seat
		ev = append(ev, game.Event{Text: fmt.Sprintf("%s took the last stone. The game is over.", s.Players[seat])})
		return n, ev, nil
	}
	n.Turn = (seat + 1) % len(s.Players)
	if s.Votes && n.left()%5 == 0 {
		for i := range s.Players {
			if i != seat {
				n.Voters = append(n.Voters, i)
			}
		}
		ev = append(ev, game.Event{Text: "A multiple of five! Everyone else must cheer or groan."})
	}
	return n, ev, nil
}

// ToAct lists the open decisions.
func (s *state) ToAct() []game.Decision {
	if s.Finished() {
		return nil
	}
	if len(s.Voters) > 0 {
		var out []game.Decision
		for _, v := range s.Voters {
			out = append(out, game.Decision{Seat: v, Kind: "vote", Prompt: "Cheer or groan?"})
		}
		return out
	}
	return []game.Decision{{Seat: s.Turn, Kind: "take", Prompt: "Take 1 to 3 stones from one pile."}}
}

// LegalMoves lists every move seat may make now.
func (s *state) LegalMoves(seat int) []game.LegalMove {
	if s.Finished() {
		return nil
	}
	if len(s.Voters) > 0 {
		if !slices.Contains(s.Voters, seat) {
			return nil
		}
		return []game.LegalMove{
			{Move: json.RawMessage(`{"vote":"cheer"}`), Label: "Cheer", Group: "Vote"},
			{Move: json.RawMessage(`{"vote":"groan"}`), Label: "Groan", Group: "Vote"},
		}
	}
	if seat != s.Turn {
		return nil
	}
	var out []game.LegalMove
	for p, name := range []string{"A", "B"} {
		for k := 1; k <= 3 && k <= s.Piles[p]; k++ {
			out = append(out, game.LegalMove{
				Move:  json.RawMessage(fmt.Sprintf(`{"pile":%q,"take":%d}`, name, k)),
				Label: fmt.Sprintf("take %d", k), Group: "Pile " + name,
			})
		}
	}
	return out
}

// Caretaker takes one stone from the first pile that has any, or cheers.
func (s *state) Caretaker(seat int) (json.RawMessage, string, error) {
	moves := s.LegalMoves(seat)
	if len(moves) == 0 {
		return nil, "", fmt.Errorf("takeaway: seat %d has nothing to decide", seat)
	}
	return moves[0].Move, "the caretaker makes the first legal move", nil
}

// Finished reports whether all stones are gone.
func (s *state) Finished() bool { return s.left() == 0 }

// Result scores stones taken plus 5 for the last stone; ties share a place.
func (s *state) Result() *game.Result {
	if !s.Finished() {
		return nil
	}
	scores := slices.Clone(s.Taken)
	scores[s.Last] += 5
	places := make([]int, len(scores))
	for i := range scores {
		places[i] = 1
		for j := range scores {
			if scores[j] > scores[i] {
				places[i]++
			}
		}
	}
	return &game.Result{Scores: scores, Places: places, TieBreak: "Equal scores share a place; there is no tie-break."}
}

// Summary is the piles and the stones each seat took.
func (s *state) Summary() any {
	return map[string]any{"piles": s.Piles, "taken": s.Taken}
}

// MarshalJSON encodes the state (struct fields encode in a fixed order).
func (s *state) MarshalJSON() ([]byte, error) {
	type plain state
	return json.Marshal((*plain)(s))
}

// BoardSVG draws the two piles as rows of stones.
func (s *state) BoardSVG(viewer int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 90" role="img" aria-label="Pile A %d, pile B %d">`, s.Piles[0], s.Piles[1])
	for p, name := range []string{"A", "B"} {
		y := 25 + 40*p
		fmt.Fprintf(&b, `<text x="5" y="%d" font-size="16">%s</text>`, y+5, name)
		for k := 0; k < s.Piles[p]; k++ {
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="9" fill="#777" stroke="#222"/>`, 35+k*22, y)
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// Situation says what the seat sees.
func (s *state) Situation(seat int) string {
	return fmt.Sprintf("Pile A has %d stones, pile B %d. You took %d so far.", s.Piles[0], s.Piles[1], s.Taken[seat])
}

var (
	_ game.Drawer    = (*state)(nil)
	_ game.Describer = (*state)(nil)
)
