package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

func TestMigrateCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	var out bytes.Buffer
	if err := runMigrate(context.Background(), []string{"--db", db}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "applied migrations [1") {
		t.Errorf("first run: %q", out.String())
	}
	out.Reset()
	if err := runMigrate(context.Background(), []string{"--db", db}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "up to date") {
		t.Errorf("second run: %q", out.String())
	}
	if err := runMigrate(context.Background(), []string{"--db", db, "--config", "does-not-exist.yaml"}, &out, io.Discard); err == nil {
		t.Error("a missing config file was accepted")
	}
}
