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
	"html"
	"slices"
	"strings"

	"rondel/game"
	"rondel/game/rng"
	"rondel/game/words"
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
		ID: ID, Name: words.New("takeaway.name"), MinPlayers: 2, MaxPlayers: 6,
		Options: []game.OptionSpec{
			{Name: "size", Label: words.New("takeaway.option.size.label"), Help: words.New("takeaway.option.size.help"),
				Kind: game.OptionChoice, Default: "small", Choices: []string{"small", "large"},
				ChoiceLabels: []words.Text{words.New("takeaway.option.size.choice.small"), words.New("takeaway.option.size.choice.large")}},
			{Name: "votes", Label: words.New("takeaway.option.votes.label"), Help: words.New("takeaway.option.votes.help"),
				Kind: game.OptionBool, Default: "true"},
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
		return nil, nil, game.Refuse("takeaway.rule.seat", words.New("takeaway.error.no_seat").Num("seat", seat))
	}
	var m Move
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, nil, game.Refuse("takeaway.rule.move", words.New("takeaway.error.move"))
	}
	if s.Finished() {
		return nil, nil, game.Refuse("takeaway.rule.over", words.New("takeaway.error.over"))
	}
	if len(s.Voters) > 0 {
		return s.vote(seat, m)
	}
	return s.take(seat, m)
}

func (s *state) vote(seat int, m Move) (game.State, []game.Event, error) {
	if !slices.Contains(s.Voters, seat) {
		return nil, nil, game.Refuse("takeaway.rule.vote", words.New("takeaway.error.not_asked").Seat("player", seat))
	}
	if m.Vote != "cheer" && m.Vote != "groan" {
		return nil, nil, game.Refuse("takeaway.rule.vote", words.New("takeaway.error.vote"))
	}
	n := s.clone()
	n.Voters = slices.DeleteFunc(n.Voters, func(v int) bool { return v == seat })
	ev := []game.Event{{Msg: words.New("takeaway.event."+m.Vote).Seat("player", seat), Seats: []int{seat}}}
	return n, ev, nil
}

func (s *state) take(seat int, m Move) (game.State, []game.Event, error) {
	if seat != s.Turn {
		return nil, nil, game.Refuse("takeaway.rule.turn", words.New("takeaway.error.turn").Seat("player", s.Turn))
	}
	if m.Vote != "" {
		return nil, nil, game.Refuse("takeaway.rule.vote", words.New("takeaway.error.no_vote"))
	}
	p := strings.Index("AB", m.Pile)
	if p < 0 || len(m.Pile) != 1 {
		return nil, nil, game.Refuse("takeaway.rule.pile", words.New("takeaway.error.pile"))
	}
	if m.Take < 1 || m.Take > 3 {
		return nil, nil, game.Refuse("takeaway.rule.take", words.New("takeaway.error.take").Count(m.Take))
	}
	if m.Take > s.Piles[p] {
		return nil, nil, game.Refuse("takeaway.rule.take", words.New("takeaway.error.pile_short").Term("pile", pileTerm(p)).Count(s.Piles[p]))
	}
	n := s.clone()
	n.Piles[p] -= m.Take
	n.Taken[seat] += m.Take
	ev := []game.Event{{Msg: words.New("takeaway.event.take").Seat("player", seat).Num("take", m.Take).
		Term("pile", pileTerm(p)).Count(n.left()), Seats: []int{seat}}}
	if n.left() == 0 {
		n.Last = seat
		ev = append(ev, game.Event{Msg: words.New("takeaway.event.last").Seat("player", seat)})
		return n, ev, nil
	}
	n.Turn = (seat + 1) % len(s.Players)
	if s.Votes && n.left()%5 == 0 {
		for i := range s.Players {
			if i != seat {
				n.Voters = append(n.Voters, i)
			}
		}
		ev = append(ev, game.Event{Msg: words.New("takeaway.event.vote")})
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
			out = append(out, game.Decision{Seat: v, Kind: "vote", Prompt: words.New("takeaway.prompt.vote")})
		}
		return out
	}
	return []game.Decision{{Seat: s.Turn, Kind: "take", Prompt: words.New("takeaway.prompt.take")}}
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
		vote := words.New("takeaway.group.vote")
		return []game.LegalMove{
			{Move: json.RawMessage(`{"vote":"cheer"}`), Label: words.New("takeaway.move.cheer"), Group: vote},
			{Move: json.RawMessage(`{"vote":"groan"}`), Label: words.New("takeaway.move.groan"), Group: vote},
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
				Label: words.New("takeaway.move.take").Count(k),
				Group: words.New("takeaway.group.pile").Term("pile", pileTerm(p)),
			})
		}
	}
	return out
}

// Caretaker takes one stone from the first pile that has any, or cheers.
func (s *state) Caretaker(seat int) (json.RawMessage, words.Text, error) {
	moves := s.LegalMoves(seat)
	if len(moves) == 0 {
		return nil, words.Text{}, fmt.Errorf("takeaway: seat %d has nothing to decide", seat)
	}
	return moves[0].Move, words.New("takeaway.caretaker"), nil
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
	return &game.Result{Scores: scores, Places: places, TieBreak: words.New("takeaway.tiebreak")}
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
func (s *state) BoardSVG(viewer int, sp *words.Speaker) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 90" role="img" aria-label="%s">`,
		html.EscapeString(sp.Say(words.New("takeaway.board").Num("a", s.Piles[0]).Num("b", s.Piles[1]))))
	for p := range s.Piles {
		y := 25 + 40*p
		fmt.Fprintf(&b, `<text x="5" y="%d" font-size="16">%s</text>`, y+5, html.EscapeString(sp.Term(pileTerm(p))))
		for k := 0; k < s.Piles[p]; k++ {
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="9" fill="#777" stroke="#222"/>`, 35+k*22, y)
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// Situation says what the seat sees.
func (s *state) Situation(seat int) []words.Text {
	if seat < 0 || seat >= len(s.Taken) {
		return nil
	}
	return []words.Text{
		words.New("takeaway.situation.piles").
			Sub("a", words.New("takeaway.situation.pile").Term("pile", pileTerm(0)).Count(s.Piles[0])).
			Sub("b", words.New("takeaway.situation.pile").Term("pile", pileTerm(1)).Count(s.Piles[1])),
		words.New("takeaway.situation.taken").Count(s.Taken[seat]),
	}
}

// pileTerm is the catalogue term of pile p (0 is A, 1 is B).
func pileTerm(p int) string { return "takeaway.pile." + string(rune('a'+p)) }

// OrderVote is take-away's standing order: always cheer, or always groan.
const OrderVote = "always-vote"

// StandingOrders offers one order that names how to vote.
func (s *state) StandingOrders() []game.OrderSpec {
	return []game.OrderSpec{{ID: OrderVote, Label: words.New("takeaway.order.vote"), Answers: []string{"vote"},
		Param: &game.OrderParam{Name: "vote", Label: words.New("takeaway.order.how"), Choices: []game.OrderChoice{
			{Value: "cheer", Label: words.New("takeaway.order.cheer")}, {Value: "groan", Label: words.New("takeaway.order.groan")}}}}}
}

// AnswerOrder votes as the order says when seat is asked to.
func (s *state) AnswerOrder(seat int, o game.Order) (json.RawMessage, bool) {
	if o.ID != OrderVote || (o.Param != "cheer" && o.Param != "groan") || !slices.Contains(s.Voters, seat) || s.Finished() {
		return nil, false
	}
	return json.RawMessage(`{"vote":"` + o.Param + `"}`), true
}

var (
	_ game.Drawer     = (*state)(nil)
	_ game.Describer  = (*state)(nil)
	_ game.OrderTaker = (*state)(nil)
)

// EndNow scores the stones taken so far (game.Ender); the last-stone
// bonus goes to nobody while stones are left.
func (s *state) EndNow() *game.Result {
	if s.Finished() {
		return s.Result()
	}
	scores := slices.Clone(s.Taken)
	places := make([]int, len(scores))
	for i := range scores {
		places[i] = 1
		for j := range scores {
			if scores[j] > scores[i] {
				places[i]++
			}
		}
	}
	return &game.Result{Scores: scores, Places: places, TieBreak: words.New("takeaway.tiebreak")}
}
