package main

import (
	"context"
	"fmt"
	"io"
)

func init() {
	commands["serve"] = command{"start the web service", func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		fmt.Fprintln(stdout, "rondel serve: the web service is not built yet")
		return nil
	}}
}
