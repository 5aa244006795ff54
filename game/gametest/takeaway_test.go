package gametest

import (
	"encoding/json"
	"errors"
	"testing"

	"rondel/game"
	"rondel/game/record"
)

func newGame(t *testing.T, seed uint64, players ...string) game.State {
	t.Helper()
	s, err := Game{}.New(game.Setup{Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPlaysToTheEndWithVotes(t *testing.T) {
	s := newGame(t, 7, "Ann", "Ben", "Cy")
	sawVote := false
	for i := 0; !s.Finished(); i++ {
		if i > 200 {
			t.Fatal("game does not end")
		}
		if len(s.ToAct()) > 1 {
			sawVote = true
		}
		seat, mv, ok := FirstMove(s)
		if !ok {
			t.Fatal("nobody may move in an unfinished game")
		}
		next, ev, err := s.Apply(seat, mv)
		if err != nil {
			t.Fatalf("legal move %s refused: %v", mv, err)
		}
		if len(ev) == 0 {
			t.Fatal("a move without events")
		}
		s = next
	}
	if !sawVote {
		t.Error("no decision was open to several seats at once")
	}
	r := s.Result()
	total := 0
	for _, sc := range r.Scores {
		total += sc
	}
	if total < 5+8 {
		t.Errorf("scores %v do not add up to the stones plus the bonus", r.Scores)
	}
}

func TestRefusesWithReasons(t *testing.T) {
	s := newGame(t, 1, "Ann", "Ben")
	turn := s.ToAct()[0].Seat
	cases := []struct {
		seat int
		move string
	}{
		{1 - turn, `{"pile":"A","take":1}`},
		{turn, `{"pile":"A","take":4}`},
		{turn, `{"pile":"C","take":1}`},
		{turn, `{"vote":"cheer"}`},
		{turn, `not json`},
		{turn, `{"pile":"A","take":1,"extra":1}`},
	}
	for _, c := range cases {
		_, _, err := s.Apply(c.seat, json.RawMessage(c.move))
		var re *game.RuleError
		if !errors.As(err, &re) || re.Msg.IsZero() {
			t.Errorf("seat %d %s: got %v, want a rule error", c.seat, c.move, err)
		}
	}
}

func TestReplayAndDecodeAgree(t *testing.T) {
	setup := game.Setup{Players: []string{"Ann", "Ben", "Cy"}, Seed: 42, Options: game.Options{"size": "large"}}
	rec := record.New(ID, setup)
	s, err := Game{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 10; k++ {
		seat, mv, _ := FirstMove(s)
		s, _, _ = s.Apply(seat, mv)
		rec.Moves = append(rec.Moves, record.Move{Seat: seat, Move: mv})
	}
	replayed, err := record.Replay(Registry(), rec)
	if err != nil {
		t.Fatal(err)
	}
	h1, _ := record.Hash(s)
	h2, _ := record.Hash(replayed)
	data, _ := s.MarshalJSON()
	decoded, err := Game{}.DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	h3, _ := record.Hash(decoded)
	if h1 != h2 || h1 != h3 {
		t.Errorf("hashes differ: played %s replayed %s decoded %s", h1, h2, h3)
	}
}

// The vote order answers votes only, with the vote it names.
func TestVoteOrder(t *testing.T) {
	s := newGame(t, 7, "Ann", "Ben", "Cy")
	ot := s.(game.OrderTaker)
	groan := game.Order{ID: OrderVote, Param: "groan"}
	for i := 0; !s.Finished(); i++ {
		ds := s.ToAct()
		for _, d := range ds {
			mv, ok := ot.AnswerOrder(d.Seat, groan)
			if ok != (d.Kind == "vote") {
				t.Fatalf("decision %s: the order answered %v", d.Kind, ok)
			}
			if ok && string(mv) != `{"vote":"groan"}` {
				t.Fatalf("the order voted %s", mv)
			}
		}
		if _, ok := ot.AnswerOrder(ds[0].Seat, game.Order{ID: OrderVote, Param: "boo"}); ok {
			t.Fatal("an order with an unknown vote answered")
		}
		seat, mv, _ := FirstMove(s)
		next, _, err := s.Apply(seat, mv)
		if err != nil {
			t.Fatal(err)
		}
		s, ot = next, next.(game.OrderTaker)
	}
}
