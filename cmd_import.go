package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"rondel/game"
	"rondel/game/record"
)

func init() {
	commands["import"] = command{"translate another site's game log (JSON or gzipped) into Rondel moves and replay it (--from playimperial FILE)", runImport}
}

func runImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	reg := registry()
	var ids []string
	for _, imp := range reg.Importers() {
		ids = append(ids, imp.ID())
	}
	usage := fmt.Errorf("usage: rondel import --from %s [--trace] [--record OUT] FILE", strings.Join(ids, "|"))
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "source site: "+strings.Join(ids, ", "))
	trace := fs.Bool("trace", false, "print one JSON line per log entry")
	out := fs.String("record", "", "also write the Rondel game record to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usage
	}
	imp, err := reg.Importer(*from)
	if err != nil {
		return usage
	}
	data, err := readLog(fs.Arg(0))
	if err != nil {
		return err
	}
	im, err := imp.Import(data)
	if err != nil {
		return err
	}
	if *out != "" && im.Refusal == "" {
		b, err := json.MarshalIndent(record.FromImported(im), "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	if err := printImport(stdout, im.Steps, im.Final.Summary(), *trace); err != nil {
		return err
	}
	if im.Refusal != "" {
		// The translation is printed to be read; no record of it is
		// written, as it must not become a game in play.
		return errors.New(im.Refusal)
	}
	return nil
}

// readLog reads a log file, unpacking it if it is gzipped (as the admin
// import page does).
func readLog(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return data, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s looks gzipped but is not readable: %w", path, err)
	}
	return io.ReadAll(zr)
}

// printImport writes one JSON line per entry (trace) or the final summary.
func printImport(w io.Writer, steps []game.ImportStep, summary any, trace bool) error {
	enc := json.NewEncoder(w)
	if trace {
		for _, s := range steps {
			if err := enc.Encode(s); err != nil {
				return err
			}
		}
		return nil
	}
	enc.SetIndent("", "  ")
	return enc.Encode(summary)
}
