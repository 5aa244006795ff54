package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckTrackedRefusesBinaries: CI's .ci/check-tracked fails on a
// repository that tracks a compiled executable or a file over 2 MB, naming
// each, and passes once they are untracked; a text that happens to begin
// with "MZ" is not taken for a Windows executable.
func TestCheckTrackedRefusesBinaries(t *testing.T) {
	for _, tool := range []string{"git", "perl"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	script, err := os.ReadFile(filepath.Join(".ci", "check-tracked"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	run := func(name string, args ...string) (string, error) {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	pe := make([]byte, 256)
	copy(pe, "MZ")
	pe[60] = 128
	copy(pe[128:], "PE\x00\x00")
	files := map[string][]byte{
		".ci/check-tracked": script,
		"notes.txt":         []byte("MZ is where the text begins\n"),
		"tool":              append([]byte("\x7fELF\x02\x01\x01"), make([]byte, 100)...),
		"tool.exe":          pe,
		"tool-mac":          append([]byte{0xcf, 0xfa, 0xed, 0xfe}, make([]byte, 100)...),
		"data/big.json":     bytes.Repeat([]byte("x"), 2<<20+1),
	}
	for name, b := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := run("git", "init", "-q"); err != nil {
		t.Fatal(out)
	}
	if out, err := run("git", "add", "."); err != nil {
		t.Fatal(out)
	}
	out, err := run(filepath.Join(dir, ".ci", "check-tracked"))
	if err == nil {
		t.Fatalf("passed a repository with binaries:\n%s", out)
	}
	for _, want := range []string{"tool is an ELF", "tool.exe is a PE", "tool-mac is a Mach-O", "data/big.json has 2097153 bytes"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "notes.txt") {
		t.Errorf("a text beginning with MZ was refused:\n%s", out)
	}
	if out, err := run("git", "rm", "-q", "--cached", "tool", "tool.exe", "tool-mac", "data/big.json"); err != nil {
		t.Fatal(out)
	}
	if out, err := run(filepath.Join(dir, ".ci", "check-tracked")); err != nil {
		t.Errorf("refused a clean repository: %v\n%s", err, out)
	}
}
