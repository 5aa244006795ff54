package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"rondel/game/imperial/playimperial"
)

func init() {
	commands["import"] = command{"translate a playimperial.club log into Rondel moves and replay it (--from playimperial FILE)", runImport}
}

func runImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "source site: playimperial")
	trace := fs.Bool("trace", false, "print one JSON line per log entry")
	out := fs.String("record", "", "also write the Rondel game record to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from != "playimperial" || fs.NArg() != 1 {
		return fmt.Errorf("usage: rondel import --from playimperial [--trace] [--record OUT] FILE")
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	entries, err := playimperial.Parse(data)
	if err != nil {
		return err
	}
	g, err := registry().Get(playimperial.GameID(entries))
	if err != nil {
		return err
	}
	res, err := playimperial.Import(g, entries)
	if err != nil {
		return err
	}
	if *out != "" {
		b, err := json.MarshalIndent(res.Record, "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	enc := json.NewEncoder(stdout)
	if *trace {
		for _, s := range res.Steps {
			if err := enc.Encode(s); err != nil {
				return err
			}
		}
		return nil
	}
	enc.SetIndent("", "  ")
	return enc.Encode(res.State.Summary())
}
