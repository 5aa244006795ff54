package store

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/record"
)

func stateText(t *testing.T, st game.State) string {
	t.Helper()
	b, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTakeBackAcrossKinds plays each hosted game through the store with
// random take-backs, the cache dropped now and then and a snapshot every
// five entries: after each take-back the game stands where it stood
// before the move; at the end Verify finds nothing, the export replays to
// the game's state as does the log without the cancelled moves, and it
// imports into another club and exports again unchanged.
func TestTakeBackAcrossKinds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for i, kind := range []string{"imperial", "imperial2030", "caesars-imperium"} {
		t.Run(kind, func(t *testing.T) {
			s, _, _ := openWith(t, Options{Registry: realRegistry(), CacheBytes: 8 << 20, SnapshotEvery: 5})
			other, _, _ := openWith(t, Options{Registry: realRegistry(), CacheBytes: 8 << 20})
			g := startKind(t, s, kind, 3, uint64(60+i))
			r := rand.New(rand.NewPCG(uint64(i), 13))
			var before string // the state before the last move, "" when it may not be taken back
			backs := 0
			for range 120 {
				pos, err := s.Current(ctx, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if pos.State.Finished() {
					break
				}
				if r.IntN(3) == 0 {
					s.DropCache()
				}
				if before != "" && r.IntN(3) == 0 {
					last, _ := s.LastMove(ctx, g.ID)
					played, err := s.TakeBack(ctx, g.ID, last.Seat, pos.Seq, pos.Seats[last.Seat].UserID)
					if err != nil {
						t.Fatalf("take-back of move %d: %v", last.Seq, err)
					}
					if got := stateText(t, played.State); got != before {
						t.Fatalf("after taking back move %d the state is not the one before it", last.Seq)
					}
					now, err := s.Current(ctx, g.ID)
					if err != nil || stateText(t, now.State) != before || now.Seq != pos.Seq+1 {
						t.Fatalf("loaded after the take-back: seq %d (%v), state differs: %v", now.Seq, err, stateText(t, now.State) != before)
					}
					before, backs = "", backs+1
					continue
				}
				d := pos.State.ToAct()
				seat := d[r.IntN(len(d))].Seat
				legal := pos.State.LegalMoves(seat)
				was := stateText(t, pos.State)
				if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: legal[r.IntN(len(legal))].Move,
					UserID: pos.Seats[seat].UserID}); err != nil {
					t.Fatal(err)
				}
				before = was
			}
			if backs == 0 {
				t.Fatal("no take-back was played")
			}
			rep, err := s.Tools().Verify(ctx, false)
			if err != nil || len(rep.Problems) > 0 {
				t.Fatalf("verify: %v %v", err, rep.Problems)
			}
			checkProgressPages(t, s, g.ID)
			pos, err := s.Current(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			exp, err := s.ExportRecord(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			replayed, err := record.Replay(s.Registry(), exp)
			if err != nil {
				t.Fatal(err)
			}
			eff, err := record.Effective(exp.Moves)
			if err != nil {
				t.Fatal(err)
			}
			plain := *exp
			plain.Moves = eff
			without, err := record.Replay(s.Registry(), &plain)
			if err != nil {
				t.Fatal(err)
			}
			want := stateText(t, pos.State)
			if stateText(t, replayed) != want || stateText(t, without) != want {
				t.Fatal("the export does not replay to the game's state, with or without its take-backs")
			}
			data, _ := json.Marshal(exp)
			back, err := record.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			gb, err := other.ImportRecord(ctx, back, ImportSpec{Emails: emailsFor(back)})
			if err != nil {
				t.Fatalf("import: %v", err)
			}
			again, err := other.ExportRecord(ctx, gb.ID)
			if err != nil {
				t.Fatal(err)
			}
			x, _ := json.Marshal(exp.Moves)
			y, _ := json.Marshal(again.Moves)
			if string(x) != string(y) || again.StateHash != exp.StateHash {
				t.Fatalf("export → import → export changed the moves or the state")
			}
			if rep, err := other.Tools().Verify(ctx, false); err != nil || len(rep.Problems) > 0 {
				t.Fatalf("verify after the import: %v %v", err, rep.Problems)
			}
			checkProgressPages(t, other, gb.ID)
		})
	}
}

// revealing is the take-away game whose every move reveals something.
type revealing struct{ gametest.Game }

func (revealing) Info() game.Info {
	i := gametest.Game{}.Info()
	i.ID = "revealing"
	return i
}
func (r revealing) New(s game.Setup) (game.State, error) {
	st, err := r.Game.New(s)
	return revealState{st}, err
}
func (r revealing) DecodeState(b []byte) (game.State, error) {
	st, err := r.Game.DecodeState(b)
	return revealState{st}, err
}

type revealState struct{ game.State }

func (s revealState) Apply(seat int, mv json.RawMessage) (game.State, []game.Event, error) {
	n, ev, err := s.State.Apply(seat, mv)
	if err != nil {
		return nil, nil, err
	}
	return revealState{n}, ev, nil
}
func (revealState) Reveals(int, json.RawMessage) bool { return true }

// TestTakeBackRefusals: only the player's own last move, made by them,
// with nobody acting since, on the current position, in a game in play,
// and never a move that revealed something; a refusal writes nothing.
func TestTakeBackRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, _ := openWith(t, Options{Registry: game.NewRegistry(gametest.Game{}, revealing{})})
	g := startGame(t, s, 2, 1)
	move := func(gameID int64, by string) *Played {
		t.Helper()
		pos, err := s.Current(ctx, gameID)
		if err != nil {
			t.Fatal(err)
		}
		seat := pos.State.ToAct()[0].Seat
		uid := pos.Seats[seat].UserID
		if by != ByPlayer {
			uid = 0
		}
		p, err := s.AppendMove(ctx, Submit{GameID: gameID, Seat: seat, Seq: pos.Seq, Move: pos.State.LegalMoves(seat)[0].Move, By: by, UserID: uid})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	seats, _ := s.Seats(ctx, g.ID)
	refused := func(name string, gameID int64, seat, seq int, want string) {
		t.Helper()
		n, _ := s.Moves(ctx, gameID)
		_, err := s.TakeBack(ctx, gameID, seat, seq, seats[seat].UserID)
		var r *TakeBackRefusedError
		if !errors.As(err, &r) || r.Why != want {
			t.Errorf("%s: %v, want refused with %s", name, err, want)
		}
		if m, _ := s.Moves(ctx, gameID); len(m) != len(n) {
			t.Errorf("%s: a refused take-back wrote a row", name)
		}
	}
	refused("no move yet", g.ID, 0, 0, TakeBackNothing)
	p := move(g.ID, ByPlayer) // seat 0
	if _, err := s.TakeBack(ctx, g.ID, 0, p.Seq-1, seats[0].UserID); !errors.Is(err, ErrGameChanged) {
		t.Errorf("a stale form: %v, want the game changed", err)
	}
	refused("another seat's move", g.ID, 1, p.Seq, TakeBackOthers)
	if _, err := s.TakeBack(ctx, g.ID, 0, p.Seq, seats[0].UserID); err != nil {
		t.Fatalf("own last move: %v", err)
	}
	refused("twice", g.ID, 0, p.Seq+1, TakeBackNothing)
	p = move(g.ID, ByPlayer) // seat 0 again
	p2 := move(g.ID, ByPlayer)
	refused("someone acted since", g.ID, 0, p2.Seq, TakeBackOthers)
	_ = p
	p3 := move(g.ID, ByCaretaker)
	last, _ := s.LastMove(ctx, g.ID)
	refused("by the caretaker", g.ID, last.Seat, p3.Seq, TakeBackNotMade)

	rg := startKind(t, s, "revealing", 2, 2)
	rp := move(rg.ID, ByPlayer)
	rseats, _ := s.Seats(ctx, rg.ID)
	rlast, _ := s.LastMove(ctx, rg.ID)
	_, err := s.TakeBack(ctx, rg.ID, rlast.Seat, rp.Seq, rseats[rlast.Seat].UserID)
	var r *TakeBackRefusedError
	if !errors.As(err, &r) || r.Why != TakeBackReveals {
		t.Errorf("a move that revealed something: %v", err)
	}
}

// checkProgressPages asks the history's progress of every page of 7
// entries (take-backs inside pages and at their edges) and compares each
// entry's round and side with the state loaded before it: as the moves
// stored it, and replayed where no rows are stored (a database not
// rebuilt since they exist).
func checkProgressPages(t *testing.T, s *Store, gameID int64) {
	t.Helper()
	ctx := context.Background()
	pos, err := s.Current(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	for _, stored := range []bool{true, false} {
		if !stored {
			if err := s.Exec(`DELETE FROM move_progress WHERE game_id = ?`, gameID); err != nil {
				t.Fatal(err)
			}
		}
		for from := 1; from <= pos.Seq; from += 7 {
			to := min(pos.Seq, from+6)
			got, err := s.MovesProgress(ctx, gameID, from, to)
			if err != nil || len(got) != to-from+1 {
				t.Fatalf("progress of %d..%d (stored %v): %d entries, %v", from, to, stored, len(got), err)
			}
			for i, p := range got {
				st, err := s.StateAfter(ctx, gameID, from+i-1)
				if err != nil {
					t.Fatal(err)
				}
				want := st.(game.Progresser).Progress()
				if p.Round != want.Round || p.Side != want.Side || p.Phase != "" {
					t.Fatalf("entry %d (stored %v): progress %+v, the state before it says %+v", from+i, stored, p, want)
				}
			}
		}
	}
}
