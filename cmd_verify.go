package main

import (
	"context"
	"flag"
	"fmt"
	"io"
)

func init() {
	commands["verify"] = command{"replay every stored game and name each whose state or result differs", runVerify}
}

// errDiffers makes `rondel verify` exit 1 when a game differs.
type errDiffers int

func (e errDiffers) Error() string { return fmt.Sprintf("%d problem(s) found", int(e)) }

func runVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seal := fs.Bool("seal", false, "store the final-state hash of finished games that have none yet")
	cfg, err := loadConfig(fs, args)
	if err != nil {
		return err
	}
	st, err := openExisting(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	rep, err := st.Tools().Verify(ctx, *seal)
	if err != nil {
		return err
	}
	for _, p := range rep.Problems {
		fmt.Fprintln(stdout, p)
	}
	fmt.Fprintf(stdout, "%d games replayed (%d finished): %d problem(s)", rep.Games, rep.Finished, len(rep.Problems))
	if rep.Unsealed > 0 {
		if *seal {
			fmt.Fprintf(stdout, "; sealed %d finished game(s) that had no final-state hash", rep.Unsealed)
		} else {
			fmt.Fprintf(stdout, "; %d finished game(s) have no final-state hash yet (--seal stores one)", rep.Unsealed)
		}
	}
	fmt.Fprintln(stdout)
	if len(rep.Problems) > 0 {
		return errDiffers(len(rep.Problems))
	}
	return nil
}
