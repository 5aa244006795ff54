package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchCheckGatesAllocations: .ci/bench-check compares saved benchmark
// output with a baseline by each benchmark's median B/op and allocs/op:
// within 20% passes, more bytes or more allocations fails naming the
// benchmark, ns/op never matters, and a benchmark without a baseline is
// reported but not gated.
func TestBenchCheckGatesAllocations(t *testing.T) {
	for _, tool := range []string{"bash", "awk"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	base := write("base.txt", `goos: linux
BenchmarkReplayGame6-2   100  2000000 ns/op  826.0 moves/game  300000 B/op  9000 allocs/op
BenchmarkReplayGame6-2   100  2100000 ns/op  826.0 moves/game  300000 B/op  9000 allocs/op
BenchmarkReplayGame6-2   100  9900000 ns/op  826.0 moves/game  999999 B/op  99999 allocs/op
BenchmarkLegalMovesManeuver-2  5000  300000 ns/op  102.0 moves/list  77000 B/op  984 allocs/op
PASS
`)
	line := func(bytes, allocs, ns string) string {
		return "BenchmarkReplayGame6-2 100 " + ns + " ns/op 826.0 moves/game " + bytes + " B/op " + allocs + " allocs/op\n" +
			"BenchmarkLegalMovesManeuver-2 100 90000 ns/op 102.0 moves/list 77000 B/op 984 allocs/op\n" +
			"BenchmarkNewGame6-2 100 30000 ns/op 8000 B/op 36 allocs/op\n"
	}
	cases := []struct {
		name, current string
		fails         bool
	}{
		{"same", line("300000", "9000", "2000000"), false},
		{"slower only", line("300000", "9000", "90000000"), false},
		{"within 20%", line("359000", "10790", "2000000"), false},
		{"bytes up", line("361000", "9000", "2000000"), true},
		{"allocs up", line("300000", "10900", "2000000"), true},
	}
	for _, c := range cases {
		cmd := exec.Command(filepath.Join(".ci", "bench-check"), write(c.name+".txt", c.current), base)
		out, err := cmd.CombinedOutput()
		if (err != nil) != c.fails {
			t.Errorf("%s: error %v, want failure %v:\n%s", c.name, err, c.fails, out)
		}
		if c.fails && !strings.Contains(string(out), "ReplayGame6") {
			t.Errorf("%s: the failure does not name the benchmark:\n%s", c.name, out)
		}
		if !strings.Contains(string(out), "BenchmarkNewGame6                no baseline") {
			t.Errorf("%s: a benchmark without baseline is not reported:\n%s", c.name, out)
		}
	}
	if out, err := exec.Command(filepath.Join(".ci", "bench-check"), write("empty.txt", "PASS\n"), base).CombinedOutput(); err == nil {
		t.Errorf("passed output without benchmarks:\n%s", out)
	}
}
