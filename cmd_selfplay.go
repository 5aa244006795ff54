package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"rondel/game"
	"rondel/game/selfplay"
	"rondel/game/words"
)

func init() {
	commands["selfplay"] = command{"play random games and check the engine's invariants", runSelfplay}
}

// optionFlags collects repeated --option NAME=VALUE flags.
type optionFlags game.Options

func (o optionFlags) String() string { return fmt.Sprint(game.Options(o)) }
func (o optionFlags) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("option %q is not NAME=VALUE", v)
	}
	o[name] = value
	return nil
}

func runSelfplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameID := fs.String("game", "imperial", "game id")
	players := fs.Int("players", 4, "number of players")
	games := fs.Int("games", 10, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	maxMoves := fs.Int("max-moves", 5000, "stop a game unfinished after this many moves")
	opts := optionFlags{}
	fs.Var(opts, "option", "game option NAME=VALUE (repeatable; the games' options are listed below)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: rondel selfplay [flags]")
		fs.PrintDefaults()
		gamesHelp(fs.Output(), registry())
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg := selfplay.Config{Players: *players, Options: game.Options(opts), MaxMoves: *maxMoves, ReplayCheck: true}
	enc := json.NewEncoder(stdout)
	var moves []int
	finished, totalMS := 0, 0.0
	for i := 0; i < *games; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		out, err := selfplay.Play(registry(), *gameID, cfg, *seed+uint64(i))
		if err != nil {
			return err
		}
		if err := enc.Encode(out); err != nil {
			return err
		}
		moves = append(moves, out.Moves)
		totalMS += out.MS
		if out.Finished {
			finished++
		}
	}
	slices.Sort(moves)
	median := 0
	if len(moves) > 0 {
		median = moves[len(moves)/2]
	}
	return enc.Encode(map[string]any{"summary": true, "game": *gameID, "players": *players, "games": *games,
		"finished": finished, "median_moves": median, "total_ms": totalMS})
}

// gamesHelp lists each game with its player counts and its options, their
// values and defaults, for --game and --option.
func gamesHelp(w io.Writer, reg *game.Registry) {
	en := words.English() // a tool's help is English, like its flags
	fmt.Fprintln(w, "\ngames (--game) and their options (--option NAME=VALUE):")
	for _, info := range reg.List() {
		fmt.Fprintf(w, "  %s: %s, %d to %d players\n", info.ID, en.Say(info.Name), info.MinPlayers, info.MaxPlayers)
		for _, o := range info.Options {
			values := o.Choices
			if o.Kind == game.OptionBool {
				values = []string{"true", "false"}
			}
			fmt.Fprintf(w, "    %s=%s (default %s): %s\n", o.Name, strings.Join(values, "|"), o.Default, en.Say(o.Label))
		}
	}
}
