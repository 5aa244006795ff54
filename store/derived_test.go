package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"rondel/game/gametest"
	"rondel/store/rating"
)

// derivedRows reads every derived table except the snapshots (whose
// position depends on when they were taken: Verify checks them against
// a replay), in a fixed order.
func derivedRows(t *testing.T, s *Store) map[string][]map[string]any {
	t.Helper()
	out := map[string][]map[string]any{}
	for table, order := range map[string]string{
		"game_summaries": "game_id", "game_waits": "game_id, seat", "ladder_ratings": "kind, ladder, user_id",
		"rating_changes": "game_id, seat", "reliability": "kind, user_id", "ladder_seasons": "id",
		"game_accounts": "game_id", "move_progress": "game_id, seq",
	} {
		var rows []map[string]any
		if err := s.db.Raw("SELECT * FROM " + table + " ORDER BY " + order).Scan(&rows).Error; err != nil {
			t.Fatal(err)
		}
		out[table] = rows
	}
	return out
}

// checkAgainstRebuild fails unless the derived data the store kept
// equals what Rebuild makes from the logs, and Verify finds nothing.
func checkAgainstRebuild(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	rep, err := s.Tools().Verify(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 {
		t.Fatalf("verify before the rebuild: %v", rep.Problems)
	}
	kept := derivedRows(t, s)
	if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(kept, derivedRows(t, s)); d != "" {
		t.Fatalf("the derived data kept with the moves differs from a rebuild (-kept +rebuilt):\n%s", d)
	}
	if rep, err = s.Tools().Verify(ctx, false); err != nil || len(rep.Problems) > 0 {
		t.Fatalf("verify after the rebuild: %v %v", err, rep.Problems)
	}
}

// club is a random club: games of the take-away game among a pool of
// members, played in random order through AppendMove with everything
// else that changes derived data happening now and then.
type club struct {
	t       *testing.T
	s       *Store
	c       *gametest.Clock
	r       *rand.Rand
	games   []int64
	members int
	backs   bool // players take moves back now and then
}

// playedClub is a club of that many members who started that many rated
// games and did that many random steps in them.
func playedClub(t *testing.T, s *Store, c *gametest.Clock, seed uint64, members, games, steps int) *club {
	t.Helper()
	cl := &club{t: t, s: s, c: c, r: rand.New(rand.NewPCG(seed, seed)), members: members}
	for range games {
		cl.newGame(true)
	}
	for range steps {
		cl.step()
	}
	return cl
}

func (cl *club) newGame(rated bool) int64 {
	ctx := context.Background()
	n := 2 + cl.r.IntN(3)
	var players []NewPlayer
	for _, m := range cl.r.Perm(cl.members)[:n] {
		players = append(players, NewPlayer{Name: fmt.Sprintf("M%d", m), Email: fmt.Sprintf("m%d@example.org", m)})
	}
	g, invites, err := cl.s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "club", Seed: cl.r.Uint64(), Players: players, Rated: rated})
	if err != nil {
		cl.t.Fatal(err)
	}
	for _, inv := range invites {
		if _, _, err := cl.s.AcceptInvitation(ctx, inv.Token); err != nil {
			cl.t.Fatal(err)
		}
	}
	cl.games = append(cl.games, g.ID)
	return g.ID
}

// step does one random thing in one random game; false when every game
// is over.
func (cl *club) step() bool {
	ctx := context.Background()
	var open []int64
	for _, id := range cl.games {
		if g, _ := cl.s.GameRow(ctx, id); g.Status == StatusActive {
			open = append(open, id)
		}
	}
	if len(open) == 0 {
		return false
	}
	id := open[cl.r.IntN(len(open))]
	cl.c.Add(time.Duration(cl.r.IntN(7200)) * time.Second)
	if cl.r.IntN(4) == 0 {
		cl.s.DropCache()
	}
	pos, err := cl.s.Current(ctx, id)
	if err != nil {
		cl.t.Fatal(err)
	}
	d := pos.State.ToAct()
	seat := d[cl.r.IntN(len(d))].Seat
	legal := pos.State.LegalMoves(seat)
	sub := Submit{GameID: id, Seat: seat, Seq: pos.Seq, Move: legal[cl.r.IntN(len(legal))].Move, UserID: pos.Seats[seat].UserID}
	switch k := cl.r.IntN(40); {
	case k == 0: // the deadline passed: a timeout, then the caretaker's move
		timeOut(cl.t, cl.s, id, seat, pos.Seq, pos.Seats[seat].UserID)
		sub.By, sub.UserID = ByCaretaker, 0
	case k == 1:
		sub.By, sub.UserID = ByStandingOrder, 0
	case k == 2: // a substitute takes the seat
		err := cl.s.NotifyTx(ctx, func(tx *NotifyTx) error {
			u, err := tx.FindOrCreateUser(fmt.Sprintf("sub%d@example.org", cl.r.IntN(1000)), "")
			if err != nil {
				return err
			}
			return tx.replaceSeatUser(id, seat, u.ID, fmt.Sprintf("Sub %d", u.ID))
		})
		if err != nil { // the newcomer has a seat already, or the name
			cl.t.Logf("no substitute: %v", err)
		}
		return true
	case k == 3 && cl.r.IntN(4) == 0: // nobody moves for long: abandoned
		if err := func() error { _, err := cl.s.EndGame(ctx, id); return err }(); err != nil {
			cl.t.Fatal(err)
		}
		return true
	case k == 4:
		if err := cl.s.DropSeat(ctx, id, seat, []string{DropTimeout, DropDropped}[cl.r.IntN(2)]); err != nil {
			cl.t.Fatal(err)
		}
	case k >= 5 && k < 9 && cl.backs: // the last mover takes their move back, if they may
		cl.takeBack(id, pos)
		return true
	}
	if _, err := cl.s.AppendMove(ctx, sub); err != nil {
		cl.t.Fatal(err)
	}
	return true
}

// takeBack has the player of a game's last move take it back: refused
// unless it was theirs and nobody acted since.
func (cl *club) takeBack(id int64, pos *Position) {
	ctx := context.Background()
	last, err := cl.s.LastMove(ctx, id)
	if err != nil {
		cl.t.Fatal(err)
	}
	if last == nil {
		return
	}
	uid := pos.Seats[last.Seat].UserID
	_, err = cl.s.TakeBack(ctx, id, last.Seat, pos.Seq, uid)
	var refused *TakeBackRefusedError
	switch why := CanTakeBack(last, last.Seat, uid); {
	case why == "" && err != nil:
		cl.t.Fatalf("take-back of move %d refused: %v", last.Seq, err)
	case why != "" && !errors.As(err, &refused):
		cl.t.Fatalf("take-back of move %d: %v, want refused (%s)", last.Seq, err, why)
	}
}

// TestDerivedEqualsRebuildAfterRandomPlay: whatever mix of moves,
// take-backs, timeouts, substitutes, abandoned games, dropped seats, rated and unrated
// games and cache losses a club goes through, the derived data kept move
// by move is exactly what `rondel rebuild` makes from the logs, and
// `rondel verify` finds every snapshot equal to a replay.
func TestDerivedEqualsRebuildAfterRandomPlay(t *testing.T) {
	t.Parallel()
	for seed := range uint64(4) {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			ctx := context.Background()
			path := t.TempDir() + "/club.db"
			c := newClock()
			s, err := Open(path, Options{Registry: gametest.Registry(), Now: c.Now, CacheBytes: 8 << 10, SnapshotEvery: 1 + int(seed)*3})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := s.CheckSchema(ctx, true); err != nil {
				t.Fatal(err)
			}
			if _, err := s.SetSeasons(ctx, rating.Seasons{{Name: "spring", Start: c.Now().Add(6 * time.Hour)}}); err != nil {
				t.Fatal(err)
			}
			cl := &club{t: t, s: s, c: c, r: rand.New(rand.NewPCG(seed, 77)), members: 7, backs: true}
			for i := range 10 {
				cl.newGame(i%4 != 0)
			}
			// One game stays waiting for its players.
			if _, _, err := s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "waiting", Players: []NewPlayer{{"A", "a@x.org"}, {"B", "b@x.org"}}}); err != nil {
				t.Fatal(err)
			}
			for i := 0; cl.step(); i++ {
				if i == 60 { // more games start while others are played
					cl.newGame(true)
					cl.newGame(false)
				}
			}
			var backs int
			if err := s.db.Raw(`SELECT count(*) FROM moves WHERE take_back = 1`).Scan(&backs).Error; err != nil || backs == 0 {
				t.Fatalf("no take-back was played (%v)", err)
			}
			t.Logf("%d take-backs", backs)
			checkAgainstRebuild(t, s)
		})
	}
}

// TestRebuildMakesWhatWasLost: derived rows that were lost (a database
// from before they existed) come back from the logs, equal to what the
// moves had written.
func TestRebuildMakesWhatWasLost(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, c, _ := openTest(t, 4)
	cl := playedClub(t, s, c, 9, 5, 4, 50)
	kept := derivedRows(t, s)
	for _, table := range []string{"game_summaries", "game_waits", "game_snapshots", "ladder_ratings", "rating_changes", "reliability", "move_progress"} {
		if err := s.Exec("DELETE FROM " + table); err != nil {
			t.Fatal(err)
		}
	}
	s.DropCache()
	if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(kept, derivedRows(t, s)); d != "" {
		t.Fatalf("rebuilt rows differ from those the moves wrote (-moves +rebuilt):\n%s", d)
	}
	for cl.step() {
	}
	checkAgainstRebuild(t, s)
}

// allRows reads every derived table, snapshots included, and the log.
func allRows(t *testing.T, s *Store) map[string][]map[string]any {
	t.Helper()
	out := derivedRows(t, s)
	for table, order := range map[string]string{"game_snapshots": "game_id", "moves": "id", "games": "id", "final_states": "game_id"} {
		var rows []map[string]any
		if err := s.db.Raw("SELECT * FROM " + table + " ORDER BY " + order).Scan(&rows).Error; err != nil {
			t.Fatal(err)
		}
		out[table] = rows
	}
	return out
}

// TestNoCrashBetweenLogAndDerivedData: the derived data is written in the
// move's own transaction, so a failure after it was written (here the
// move observer refusing, the last thing in the transaction) leaves
// neither the move nor any derived row: there is no moment at which the
// log and what is derived from it disagree. Checked for every move of
// rated games, so the failing moves include snapshots and game ends.
func TestNoCrashBetweenLogAndDerivedData(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := t.TempDir() + "/crash.db"
	c := newClock()
	s, err := Open(path, Options{Registry: gametest.Registry(), Now: c.Now, CacheBytes: 1 << 20, SnapshotEvery: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CheckSchema(ctx, true); err != nil {
		t.Fatal(err)
	}
	cl := &club{t: t, s: s, c: c, r: rand.New(rand.NewPCG(3, 4)), members: 4}
	crash := errors.New("the power went out")
	for range 3 {
		id := cl.newGame(true)
		for {
			pos, err := s.Current(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if pos.State.Finished() {
				break
			}
			seat := pos.State.ToAct()[0].Seat
			sub := Submit{GameID: id, Seat: seat, Seq: pos.Seq, Move: pos.State.LegalMoves(seat)[0].Move, UserID: pos.Seats[seat].UserID}
			c.Add(time.Minute)
			before := allRows(t, s)
			s.SetObserver(ObserverFuncs{In: func(context.Context, *NotifyTx, Change) error { return crash }})
			if _, err := s.AppendMove(ctx, sub); !errors.Is(err, crash) {
				t.Fatalf("a failing transaction: %v", err)
			}
			if d := cmp.Diff(before, allRows(t, s)); d != "" {
				t.Fatalf("move %d failed but left rows behind (-before +after):\n%s", pos.Seq+1, d)
			}
			if again, _ := s.Current(ctx, id); again.Seq != pos.Seq {
				t.Fatalf("the failed move %d is seen as played", pos.Seq+1)
			}
			s.SetObserver(nil)
			if _, err := s.AppendMove(ctx, sub); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A substitute whose transaction fails after the seat's snapshot was
	// made again leaves the game as it was.
	id := cl.newGame(false)
	before := allRows(t, s)
	err = s.NotifyTx(ctx, func(tx *NotifyTx) error {
		u, err := tx.FindOrCreateUser("late@example.org", "Late")
		if err != nil {
			return err
		}
		if err := tx.replaceSeatUser(id, 0, u.ID, "Late"); err != nil {
			return err
		}
		return crash
	})
	if !errors.Is(err, crash) {
		t.Fatal(err)
	}
	if d := cmp.Diff(before, allRows(t, s)); d != "" {
		t.Fatalf("a failed substitution left rows behind (-before +after):\n%s", d)
	}
	checkAgainstRebuild(t, s)
}

// TestVerifyNamesTamperedDerivedData: a snapshot, a summary, a waiting
// seat, a rating or a reliability that differs from the logs is named by
// Verify, and Rebuild puts it right.
func TestVerifyNamesTamperedDerivedData(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, c, _ := openTest(t, 64)
	playedClub(t, s, c, 5, 4, 3, 8)
	playRated(t, s, c, []int{1, 2}, 3, true) // on the ladder
	var active int64
	if err := s.db.Raw(`SELECT game_id FROM game_summaries WHERE status = 'active' LIMIT 1`).Scan(&active).Error; err != nil || active == 0 {
		t.Fatalf("no game in play: %v", err)
	}
	for _, c := range []struct{ tamper, want string }{
		{`UPDATE game_snapshots SET state = replace(state, '"turn":', '"turn": ') WHERE game_id = ?`, "snapshot after move"},
		{`UPDATE game_summaries SET moves = moves + 1 WHERE game_id = ?`, "summary differs"},
		{`UPDATE game_summaries SET phase = 'nowhere' WHERE game_id = ?`, "summary differs"},
		{`DELETE FROM game_waits WHERE game_id = ?`, "asked to decide differ"},
		{`UPDATE move_progress SET round = round + 1 WHERE game_id = ? AND seq = 0`, "where it stood after move 0 differs"},
		{`DELETE FROM move_progress WHERE game_id = ? AND seq = 0`, "rows of where it stood stored"},
		{`UPDATE reliability SET moves = moves + 1 WHERE user_id IN (SELECT user_id FROM seats WHERE game_id = ?)`, "reliabilities differ"},
		{`UPDATE ladder_ratings SET mu = mu + 1 WHERE user_id IN (SELECT user_id FROM seats WHERE game_id <> ?)`, "ladder (all time) differs"},
		{`UPDATE rating_changes SET rank = rank + 1 WHERE game_id <> ?`, "stored rating changes differ"},
		{`UPDATE ladder_ratings SET place = 3 - place WHERE ladder = '' AND place <= 2 AND ? <> 0`, "stored places differ"},
		{`UPDATE ladder_ratings SET place = place + 1 WHERE ladder = '' AND place = (SELECT MAX(place) FROM ladder_ratings) AND ? <> 0`, "stored places differ"},
	} {
		if err := s.Exec(c.tamper, active); err != nil {
			t.Fatal(err)
		}
		rep, err := s.Tools().Verify(ctx, false)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, p := range rep.Problems {
			found = found || strings.Contains(p.What, c.want)
		}
		if !found {
			t.Errorf("%s: verify did not say %q: %v", c.tamper, c.want, rep.Problems)
		}
		if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
			t.Fatal(err)
		}
		if rep, _ := s.Tools().Verify(ctx, false); len(rep.Problems) > 0 {
			t.Fatalf("after rebuild: %v", rep.Problems)
		}
	}
}
