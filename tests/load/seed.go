package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"time"

	"rondel/store"
)

// seedSummary is seed's JSON line, also kept as seed.json beside the
// database (jobs reads its clock from it).
type seedSummary struct {
	DB         string    `json:"db"`
	Seed       uint64    `json:"seed"`
	Now        time.Time `json:"now"` // the end of the club's history
	Users      int       `json:"users"`
	Games      int       `json:"games"`
	Finished   int       `json:"finished"`
	Rated      int       `json:"rated_finished"`
	InPlay     int       `json:"in_play"`
	Moves      int       `json:"moves"`
	Workers    int       `json:"workers"`
	InsertSecs float64   `json:"play_and_insert_s"`
	DeriveSecs float64   `json:"derive_s"`
	// RebuildSecs is the part of DeriveSecs `rondel rebuild` takes.
	RebuildSecs float64 `json:"rebuild_s"`
	TotalSecs   float64 `json:"total_s"`
	SizeMB      float64 `json:"db_mb"`
}

func runSeed(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "SQLite database `file` to create (must not exist)")
	games := fs.Int("games", 0, "games in the club mix (80% finished, 70% rated)")
	active := fs.Int("active", 0, "extra short games in play")
	movesMax := fs.Int("moves-max", 30, "at most this many moves in each --active game")
	seed := fs.Uint64("seed", 1, "seed of everything random (the same seed builds the same games)")
	now := fs.String("now", "", "end of the club's history, RFC 3339 (default: now)")
	workers := fs.Int("workers", runtime.NumCPU(), "self-play workers")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *db == "" || *games < 0 || *active < 0 || *movesMax < 0 || *games+*active == 0 || *workers < 1 {
		return errors.New("need --db and --games N and/or --active N (see -h)")
	}
	spec := seedSpec{Games: *games, Active: *active, MovesMax: *movesMax, Seed: *seed, Now: time.Now().UTC().Truncate(time.Second)}
	if *now != "" {
		t, err := time.Parse(time.RFC3339, *now)
		if err != nil {
			return fmt.Errorf("--now: %w", err)
		}
		spec.Now = t.UTC()
	}
	sum, err := seedDB(ctx, *db, spec, *workers)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(sum)
}

// seedDB builds the database at path: the schema by the store's
// migrations, the games played and bulk-written, then the derived data.
func seedDB(ctx context.Context, path string, spec seedSpec, workers int) (*seedSummary, error) {
	start := time.Now()
	if _, err := os.Stat(path); err == nil {
		return nil, fmt.Errorf("%s exists: seed builds a new database", path)
	}
	if err := migrate(ctx, path); err != nil {
		return nil, err
	}
	reg := registry()
	users, plans, err := plan(reg, spec)
	if err != nil {
		return nil, err
	}
	sum := &seedSummary{DB: path, Seed: spec.Seed, Now: spec.Now, Users: len(users), Games: len(plans), Workers: workers}
	b, err := openBulk(path)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	tokens, err := b.addUsers(users, spec.Now)
	if err != nil {
		return nil, err
	}
	names := map[int64]string{}
	for _, u := range users {
		names[u.ID] = u.Name
	}
	var times []gameTimes
	var rows []gameRow
	err = playAll(ctx, plans, names, spec.Now, workers, func(pg *playedGame) error {
		if err := b.addGame(pg); err != nil {
			return err
		}
		times = append(times, gameTimes{ID: pg.Plan.ID, Finished: pg.Finished, Created: pg.Created, Last: pg.End})
		rows = append(rows, gameRow{ID: pg.Plan.ID, Kind: pg.Plan.Kind, Status: statusOf(pg), Rated: pg.Plan.Rated, Users: pg.Plan.Users})
		switch {
		case !pg.Finished:
			sum.InPlay++
		case pg.Plan.Rated:
			sum.Rated++
			sum.Finished++
		default:
			sum.Finished++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := b.flush(true); err != nil {
		return nil, err
	}
	sum.Moves = b.Moves
	if err := b.Close(); err != nil {
		return nil, err
	}
	sum.InsertSecs = time.Since(start).Seconds()
	sort.Slice(times, func(i, j int) bool { return times[i].ID < times[j].ID })
	sort.Slice(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID })
	t := time.Now()
	rep, err := derive(ctx, path, times)
	if err != nil {
		return nil, fmt.Errorf("deriving: %w", err)
	}
	sum.DeriveSecs = time.Since(t).Seconds()
	sum.RebuildSecs = rep.Took.Seconds()
	dir := filepath.Dir(path)
	if err := writeSessions(filepath.Join(dir, sessionsFile), users, tokens); err != nil {
		return nil, err
	}
	if err := writeGames(filepath.Join(dir, gamesFile), rows); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(path); err == nil {
		sum.SizeMB = float64(fi.Size()) / (1 << 20)
	}
	sum.TotalSecs = time.Since(start).Seconds()
	data, _ := json.MarshalIndent(sum, "", "  ")
	return sum, os.WriteFile(filepath.Join(dir, seedFile), append(data, '\n'), 0o644)
}

func statusOf(pg *playedGame) string {
	if pg.Finished {
		return store.StatusFinished
	}
	return store.StatusActive
}

// migrate creates the schema through the store's own migrations.
func migrate(ctx context.Context, path string) error {
	st, err := store.Open(path, store.Options{Registry: registry()})
	if err != nil {
		return err
	}
	defer st.Close()
	_, err = st.Migrate(ctx)
	return err
}

// playAll plays the plans on several workers and hands each game to write
// (called from one goroutine only, in the order games finish).
func playAll(ctx context.Context, plans []gamePlan, names map[int64]string, now time.Time, workers int, write func(*playedGame) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan *gamePlan)
	done := make(chan *playedGame, workers)
	errc := make(chan error, workers+1)
	reg := registry()
	go func() {
		defer close(todo)
		for i := range plans {
			select {
			case todo <- &plans[i]:
			case <-ctx.Done():
				return
			}
		}
	}()
	finished := make(chan struct{})
	for range workers {
		go func() {
			defer func() { finished <- struct{}{} }()
			for p := range todo {
				seatNames := make([]string, len(p.Users))
				for i, u := range p.Users {
					seatNames[i] = names[u]
				}
				pg, err := playGame(reg, p, seatNames, now)
				if err != nil {
					errc <- err
					cancel()
					return
				}
				select {
				case done <- pg:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		for range workers {
			<-finished
		}
		close(done)
	}()
	for pg := range done {
		if err := write(pg); err != nil {
			cancel()
			for range done { // let the workers end
			}
			return err
		}
	}
	select {
	case err := <-errc:
		return err
	default:
	}
	return ctx.Err()
}
