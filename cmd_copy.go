package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"rondel/store"
)

func init() {
	commands["copy"] = command{"copy a club's whole database into a new one (SQLite to PostgreSQL or back) and verify every game there", runCopy}
}

// runCopy moves a club to another database: the one that outgrew its
// SQLite file to PostgreSQL, say. The service should be stopped while it
// runs (moves made meanwhile would not be copied).
func runCopy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("copy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the database to copy: an SQLite `file` or a postgres:// URL")
	to := fs.String("to", "", "the new database: a postgres:// `URL` or an SQLite file; migrated first, and it must hold no club")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" || *to == "" {
		return errors.New("need --from and --to (see -h)")
	}
	if !store.IsPostgres(*from) {
		if _, err := os.Stat(*from); err != nil {
			return fmt.Errorf("no database at %s", *from)
		}
	}
	src, err := store.Open(*from, store.Options{Registry: registry(), ReadOnly: true})
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := store.Open(*to, store.Options{Registry: registry()})
	if err != nil {
		return err
	}
	defer dst.Close()
	if _, err := dst.Migrate(ctx); err != nil {
		return fmt.Errorf("%s: %w", store.Redact(*to), err)
	}
	rep, err := store.Copy(ctx, src, dst)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "copied %d tables (%d users, %d games, %d moves) from %s to %s\n", rep.Tables,
		rep.Rows["users"], rep.Rows["games"], rep.Rows["moves"], store.Redact(*from), store.Redact(*to))
	ver, err := dst.Tools().Verify(ctx, false)
	if err != nil {
		return err
	}
	for _, p := range ver.Problems {
		fmt.Fprintln(stdout, p)
	}
	fmt.Fprintf(stdout, "%d games replayed there (%d finished): %d problem(s)\n", ver.Games, ver.Finished, len(ver.Problems))
	if len(ver.Problems) > 0 {
		return errDiffers(len(ver.Problems))
	}
	return nil
}
