package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"rondel/store"
)

func init() {
	commands["migrate"] = command{"bring the database schema up to date", runMigrate}
}

func runMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg, err := loadConfig(fs, args)
	if err != nil {
		return err
	}
	st, err := store.Open(cfg.Database, store.Options{Registry: registry()})
	if err != nil {
		return err
	}
	defer st.Close()
	applied, err := st.Migrate(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", store.Redact(cfg.Database), err)
	}
	sch, err := st.Schema(ctx)
	if err != nil {
		return err
	}
	if len(applied) == 0 {
		fmt.Fprintf(stdout, "%s is up to date (schema version %d)\n", store.Redact(cfg.Database), sch.Current)
		return nil
	}
	fmt.Fprintf(stdout, "%s: applied migrations %v; schema version %d\n", store.Redact(cfg.Database), applied, sch.Current)
	return nil
}
