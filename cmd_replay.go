package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"rondel/game/record"
)

func init() {
	commands["replay"] = command{"replay a game record (FILE) and print the final state summary", runReplay}
}

func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: rondel replay FILE")
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	rec, err := record.Decode(data)
	if err != nil {
		return err
	}
	s, err := record.Replay(registry(), rec)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(s.Summary())
}
