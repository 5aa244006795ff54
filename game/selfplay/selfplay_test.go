package selfplay_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/selfplay"
	"rondel/game/words"
)

// registry is every game whose words these tests check. Imperial and
// Imperial 2030 join it once their engine speaks in words.Text.
func registry() *game.Registry { return game.NewRegistry(caesar.New(), gametest.Game{}) }

// configs are the self-played set-ups of a game: every number of players
// with the default options, and every option turned on (or to each
// choice) with the fewest players.
func configs(info game.Info) []selfplay.Config {
	var out []selfplay.Config
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		out = append(out, selfplay.Config{Players: n, MaxMoves: 20000})
	}
	for _, o := range info.Options {
		values := o.Choices
		if o.Kind == game.OptionBool {
			values = []string{"true", "false"}
		}
		for _, v := range values {
			if v != o.Default {
				out = append(out, selfplay.Config{Players: info.MinPlayers, MaxMoves: 20000, Options: game.Options{o.Name: v}})
			}
		}
	}
	return out
}

// Every game self-plays to its end with every word it shows checked in
// all three languages (selfplay checks after every move), and its end
// states hold no prose: no run of words of an English message.
func TestWordsAndNoProseInState(t *testing.T) {
	reg := registry()
	for _, info := range reg.List() {
		for i, cfg := range configs(info) {
			name := fmt.Sprintf("%s/%dp", info.ID, cfg.Players)
			for k, v := range cfg.Options {
				name += "/" + k + "=" + v
			}
			t.Run(name, func(t *testing.T) {
				out, err := selfplay.Play(reg, info.ID, cfg, uint64(100+i))
				if err != nil {
					t.Fatal(err)
				}
				if !out.Finished {
					t.Fatalf("unfinished after %d moves", out.Moves)
				}
				data, err := out.Final.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				prose, err := selfplay.Prose(data)
				if err != nil {
					t.Fatal(err)
				}
				if len(prose) > 0 {
					t.Errorf("the end state holds prose: %s", strings.Join(prose, "; "))
				}
			})
		}
	}
}

// Prose finds what a state held before words were data: Cäsars Imperium's
// version 1 state held its English tie-break.
func TestProseFindsOldWords(t *testing.T) {
	out, err := selfplay.Play(registry(), caesar.ID, selfplay.Config{Players: 3, MaxMoves: 2000}, 5)
	if err != nil {
		t.Fatal(err)
	}
	old, ok := out.Final.(game.StateV1)
	if !ok {
		t.Fatal("Cäsars Imperium has no version 1 state")
	}
	data, err := old.MarshalJSONV1()
	if err != nil {
		t.Fatal(err)
	}
	if prose, _ := selfplay.Prose(data); len(prose) == 0 {
		t.Errorf("no prose found in %s", data)
	}
}

// broken is a game (the take-away game, or Cäsars Imperium for faults of
// the board) with one fault in its words, refusals or board hints, which
// self-play must find. A fault "pick:<ref>" makes every board hint's
// pick ref.
type broken struct {
	game.Game
	fault string
}

func (b broken) New(setup game.Setup) (game.State, error) {
	s, err := b.Game.New(setup)
	return &brokenState{s, b.fault}, err
}

type brokenState struct {
	game.State
	fault string
}

func (s *brokenState) Apply(seat int, mv json.RawMessage) (game.State, []game.Event, error) {
	next, ev, err := s.State.Apply(seat, mv)
	switch {
	case err != nil && s.fault == "plain refusal":
		return nil, nil, errors.New("no")
	case err != nil:
		return nil, nil, err
	case s.fault == "unknown event" && len(ev) > 0:
		ev[0].Msg = words.New("takeaway.event.no_such")
	case s.fault == "old words" && len(ev) > 0:
		ev[0].Msg = words.Raw("Ann takes 2.")
	}
	return &brokenState{next, s.fault}, ev, nil
}

// BoardSVG draws the board of a game that draws one, else nothing.
func (s *brokenState) BoardSVG(viewer int, sp *words.Speaker) string {
	if d, ok := s.State.(game.Drawer); ok {
		return d.BoardSVG(viewer, sp)
	}
	return ""
}

func (s *brokenState) LegalMoves(seat int) []game.LegalMove {
	moves := s.State.LegalMoves(seat)
	if s.fault == "label without count" && len(moves) > 0 {
		moves[0].Label = words.New("takeaway.move.take")
	}
	if s.fault == "board hint without a board" && len(moves) > 0 {
		moves[0].Board = &game.BoardAct{Pick: "pile=a"}
	}
	if pick, ok := strings.CutPrefix(s.fault, "pick:"); ok {
		for i := range moves {
			if moves[i].Board != nil {
				moves[i].Board = &game.BoardAct{Pick: pick}
			}
		}
	}
	return moves
}

func (s *brokenState) ToAct() []game.Decision {
	ds := s.State.ToAct()
	if s.fault == "prompt without words" && len(ds) > 0 {
		ds[0].Prompt = words.Text{}
	}
	return ds
}

func (s *brokenState) Situation(seat int) []words.Text {
	sit := s.State.(game.Describer).Situation(seat)
	if s.fault == "situation with an extra argument" && len(sit) > 0 {
		sit[0] = sit[0].Num("extra", 1)
	}
	return sit
}

func TestSelfPlayFindsBadWords(t *testing.T) {
	for _, fault := range []string{"plain refusal", "unknown event", "old words", "label without count",
		"prompt without words", "situation with an extra argument", "board hint without a board"} {
		reg := game.NewRegistry(broken{gametest.Game{}, fault})
		_, err := selfplay.Play(reg, gametest.ID, selfplay.Config{Players: 3, MaxMoves: 200}, 1)
		if err == nil {
			t.Errorf("%s: self-play found nothing", fault)
			continue
		}
		t.Logf("%s: %v", fault, err)
		if _, err := selfplay.Play(reg, gametest.ID, selfplay.Config{Players: 3, MaxMoves: 200, NoWordCheck: true}, 1); err != nil {
			t.Errorf("%s without word checks: %v", fault, err)
		}
	}
}

// Self-play checks that the board hints name things on the board.
func TestSelfPlayFindsBadBoardHints(t *testing.T) {
	if _, err := selfplay.Play(game.NewRegistry(broken{caesar.New(), "pick:city=mediolanum"}), caesar.ID, selfplay.Config{Players: 3, MaxMoves: 40}, 1); err != nil {
		t.Fatalf("a city drawn on the board: %v", err)
	}
	for _, pick := range []string{"city=atlantis", "city", "town=rome"} {
		_, err := selfplay.Play(game.NewRegistry(broken{caesar.New(), "pick:" + pick}), caesar.ID, selfplay.Config{Players: 3, MaxMoves: 40}, 1)
		if err == nil {
			t.Errorf("pick %q: self-play found nothing", pick)
			continue
		}
		t.Logf("pick %q: %v", pick, err)
	}
}
