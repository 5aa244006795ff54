// Command rondel is the Rondel game server and its tools.
//
//	rondel [serve]      start the web service (default)
//	rondel migrate      bring the database schema up to date
//	rondel replay FILE  replay a game record and print the final state summary
//	rondel selfplay     play random games to test an engine
//	rondel import       translate a game log from another site
//
// Run "rondel help" for the full list, "rondel COMMAND -h" for a
// command's flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one subcommand: run gets the arguments after its name.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// commands is filled by the cmd_*.go files, one per subcommand.
var commands = map[string]command{}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	name := "serve"
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		name = "help"
	} else if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	if name == "help" {
		usage(stdout)
		return 0
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "rondel: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	if err := cmd.run(ctx, args, stdout, stderr); errors.Is(err, flag.ErrHelp) {
		return 0 // the command printed its flags: asked for, so no failure
	} else if err != nil {
		fmt.Fprintf(stderr, "rondel %s: %v\n", name, err)
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: rondel COMMAND [flags]\n\ncommands:")
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nWithout a command, rondel serves. \"rondel COMMAND -h\" lists a command's flags.")
}
