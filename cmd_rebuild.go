package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"rondel/handlers"
)

func init() {
	commands["rebuild"] = command{"make every game's summary, snapshot, the ladders and reliabilities again from the logs", runRebuild}
}

func runRebuild(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rebuild", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("quiet", false, "do not report progress")
	cfg, err := loadConfig(fs, args)
	if err != nil {
		return err
	}
	st, err := openExisting(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	seasons, err := handlers.ClubSeasons(cfg.Seasons)
	if err != nil {
		return err
	}
	// The season ladders are rated with the configured seasons.
	if _, err := st.SetSeasons(ctx, seasons); err != nil {
		return err
	}
	last := time.Now()
	progress := func(done, total int) {
		if *quiet || (time.Since(last) < 5*time.Second && done < total) {
			return
		}
		last = time.Now()
		fmt.Fprintf(stderr, "rebuild: %d of %d games\n", done, total)
	}
	rep, err := st.Tools().Rebuild(ctx, progress)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "rebuilt %d games and the ladders of %d kinds of game in %s\n", rep.Games, rep.Kinds, rep.Took.Round(time.Millisecond))
	return nil
}
