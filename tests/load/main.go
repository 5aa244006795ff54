// Command load builds a club-sized Rondel database of self-played games
// and measures the service against it:
//
//	go run ./tests/load seed --db FILE --games N [--active N --moves-max M] [--seed S]
//	go run ./tests/load run --url URL --dir DIR --page game|history|dashboard|ladder|moves --clients C --duration D [--pid PID]
//	go run ./tests/load jobs --db FILE
//	go run ./tests/load floor --db FILE --addr ADDR   (the floor page, for run --page floor)
//	go run ./tests/load race --url URL1,URL2 --dir DIR [--games N --submissions M]
//
// seed writes sessions.tsv and games.tsv beside the database; run reads
// them to sign its clients in and pick games. Every command prints JSON
// lines, so runs can be compared and kept (docs/performance.md).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/imperial/playimperial"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(dispatch(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

var commands = map[string]func(ctx context.Context, args []string, stdout, stderr io.Writer) error{
	"seed":  runSeed,
	"run":   runLoad,
	"jobs":  runJobs,
	"race":  runRace,
	"floor": runFloor,
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || commands[args[0]] == nil {
		fmt.Fprintln(stderr, "usage: go run ./tests/load seed|run|jobs|race [flags]  (each command has -h)")
		return 2
	}
	if err := commands[args[0]](ctx, args[1:], stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "load %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

// registry holds the games the service hosts and their importers, built
// as games.go at the repository root builds it (package main there cannot
// be imported).
func registry() *game.Registry {
	games := []game.Game{imperial.New(), imperial.New2030(), caesar.New()}
	return game.NewRegistry(games...).WithImporters(playimperial.NewImporter(games...))
}
