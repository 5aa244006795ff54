package store

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
)

// startKind starts a game of kind among n players, every seat accepted.
func startKind(t *testing.T, s *Store, kind string, n int, seed uint64) *Game {
	t.Helper()
	ctx := context.Background()
	var players []NewPlayer
	for i := range n {
		players = append(players, NewPlayer{Name: string(rune('A'+i)) + "nn", Email: string(rune('a'+i)) + "@example.org"})
	}
	g, invites, err := s.CreateGame(ctx, NewGame{Kind: kind, Name: "test", Seed: seed, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	for _, inv := range invites {
		if _, _, err := s.AcceptInvitation(ctx, inv.Token); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// withField adds a key to a move's JSON object.
func withField(t *testing.T, mv json.RawMessage, key string, val any) json.RawMessage {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(mv, &m); err != nil {
		t.Fatal(err)
	}
	m[key] = val
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestJunkInAMoveIsRefused: a legal move carrying a field its type does
// not use (a megabyte of junk, say) is refused with an error naming the
// field, and nothing is stored; the same move in another spelling (keys
// reordered, spaces) is stored as the engine's canonical JSON.
func TestJunkInAMoveIsRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	junk := strings.Repeat("J", 900_000)
	for _, kind := range []string{"imperial", "imperial2030", "caesars-imperium"} {
		t.Run(kind, func(t *testing.T) {
			s, _ := openReal(t)
			g := startKind(t, s, kind, 3, 5)
			pos, err := s.Current(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			d := pos.State.ToAct()[0]
			legal := pos.State.LegalMoves(d.Seat)[0].Move
			unused := map[string]string{"imperial": "from", "imperial2030": "against", "caesars-imperium": "note"}[kind]
			_, err = s.AppendMove(ctx, Submit{GameID: g.ID, Seat: d.Seat, Move: withField(t, legal, unused, junk)})
			var il *IllegalMoveError
			if !errors.As(err, &il) || !strings.Contains(err.Error(), unused) || len(err.Error()) > 500 {
				t.Fatalf("a move with junk in %q: got %.300v", unused, err)
			}
			if moves, _ := s.Moves(ctx, g.ID); len(moves) != 0 {
				t.Fatalf("the move with junk was stored")
			}
			respelled := respell(t, legal)
			if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: d.Seat, Move: respelled}); err != nil {
				t.Fatalf("the legal move %s respelled as %s: %v", legal, respelled, err)
			}
			moves, _ := s.Moves(ctx, g.ID)
			if len(moves) != 1 || moves[0].Move != string(legal) {
				t.Fatalf("stored %q, want the canonical %s", moves[0].Move, legal)
			}
		})
	}
}

// respell writes a move's JSON with its keys in reverse order and spaces.
func respell(t *testing.T, mv json.RawMessage) json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(mv, &m); err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	var b strings.Builder
	b.WriteString("{ ")
	for i := len(keys) - 1; i >= 0; i-- {
		k, _ := json.Marshal(keys[i])
		b.WriteString(string(k) + " : " + string(m[keys[i]]))
		if i > 0 {
			b.WriteString(" ,\n")
		}
	}
	b.WriteString(" }")
	return json.RawMessage(b.String())
}

// TestCanonicalByLegalMoves: a game without its own canonical form (the
// take-away test game) has its moves matched among its legal moves: a
// field the matching legal move does not have is refused by name, and
// the legal move's own JSON is what is stored.
func TestCanonicalByLegalMoves(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, _ := openTest(t, 4)
	g := startGame(t, s, 2, 3)
	var pos *Position
	for { // play on until a vote is open: a vote does not use "pile"
		var err error
		if pos, err = s.Current(ctx, g.ID); err != nil {
			t.Fatal(err)
		}
		if pos.State.ToAct()[0].Kind == "vote" {
			break
		}
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	seat := pos.State.ToAct()[0].Seat
	mv := pos.State.LegalMoves(seat)[0].Move
	_, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: withField(t, mv, "pile", strings.Repeat("J", 1000))})
	var il *IllegalMoveError
	if !errors.As(err, &il) || !strings.Contains(err.Error(), `"pile"`) || len(err.Error()) > 500 {
		t.Fatalf("a vote with a pile: got %.300v", err)
	}
	if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: respell(t, mv)}); err != nil {
		t.Fatal(err)
	}
	moves, _ := s.Moves(ctx, g.ID)
	if last := moves[len(moves)-1]; len(moves) != pos.Seq+1 || last.Move != string(mv) {
		t.Fatalf("stored %q, want %s", last.Move, mv)
	}
}

// TestOldRecordsWithJunkStillReplay: canonical forms are asked of new
// moves only; a move stored before (with a field its type does not use)
// still replays.
func TestOldRecordsWithJunkStillReplay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openReal(t)
	g := startKind(t, s, "imperial", 3, 5)
	pos, _ := s.Current(ctx, g.ID)
	d := pos.State.ToAct()[0]
	legal := pos.State.LegalMoves(d.Seat)[0].Move
	old := withField(t, legal, "from", "JJJ")
	if err := s.Exec(`INSERT INTO moves (game_id, seq, seat, move, events, at, by, note) VALUES (?, 1, ?, ?, '[]', ?, 'player', '')`,
		g.ID, d.Seat, string(old), s.Now()); err != nil {
		t.Fatal(err)
	}
	// Its derived data is made from the log, as when the old database was
	// migrated.
	if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
		t.Fatalf("rebuilding with an old record: %v", err)
	}
	pos, err := s.Current(ctx, g.ID)
	if err != nil || pos.Seq != 1 {
		t.Fatalf("an old record with junk no longer replays: %v", err)
	}
	var _ game.State = pos.State
}
