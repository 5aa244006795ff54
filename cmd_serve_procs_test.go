package main

import (
	"runtime"
	"testing"

	"rondel/store/config"
)

func TestProcsFor(t *testing.T) {
	none := func(string) string { return "" }
	set := func(k string) string {
		if k == "GOMAXPROCS" {
			return "2"
		}
		return ""
	}
	for _, c := range []struct {
		name              string
		turns, cpus, want int
		getenv            func(string) string
	}{
		{"default turns on two CPUs: one P to spare", 2, 2, 3, none},
		{"default turns on eight CPUs", 8, 8, 9, none},
		{"three turns on two CPUs", 3, 2, 4, none},
		{"one turn: the CPUs", 1, 2, 2, none},
		{"many turns: at most twice the CPUs", 50, 2, 4, none},
		{"one CPU, two turns", 2, 1, 2, none},
		{"GOMAXPROCS set: left as it is", 3, 2, 2, set},
	} {
		if got := procsFor(c.turns, c.cpus, c.getenv); got != c.want {
			t.Errorf("%s: procsFor(%d, %d) = %d, want %d", c.name, c.turns, c.cpus, got, c.want)
		}
	}
}

// serveProcs counts the pages at once on the CPUs before it raises the
// Ps: raised first, the default would count the spare P as a CPU.
func TestServeProcsCountsTurnsOnTheCPUs(t *testing.T) {
	cpus := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(cpus)
	l := config.Default().Limits
	turns, procs := serveProcs(&l, func(string) string { return "" })
	if turns != cpus || l.RequestsAtOnce != turns {
		t.Fatalf("turns %d (limits %d) on %d CPUs, want %d", turns, l.RequestsAtOnce, cpus, cpus)
	}
	if want := procsFor(turns, cpus, func(string) string { return "" }); procs != want || runtime.GOMAXPROCS(0) != want {
		t.Fatalf("procs %d (runtime %d), want %d", procs, runtime.GOMAXPROCS(0), want)
	}
	// Called again (the Ps now raised), the configured turns stay.
	if again, _ := serveProcs(&l, func(string) string { return "" }); again != turns {
		t.Fatalf("a second call made %d turns of %d", again, turns)
	}
}
