package main

import (
	"runtime"

	"rondel/store/config"
)

// serveProcs settles how many pages serve works on at once and how many
// Ps (GOMAXPROCS) the Go runtime runs, and returns both: the pages at
// once counted on the CPUs Go found, before the Ps grow (a configured
// limits.requests_at_once stays as it is).
func serveProcs(l *config.Limits, getenv func(string) string) (turns, procs int) {
	l.RequestsAtOnce = l.PagesAtOnce()
	cpus := runtime.GOMAXPROCS(0)
	if n := procsFor(l.RequestsAtOnce, cpus, getenv); n != cpus {
		runtime.GOMAXPROCS(n)
	}
	return l.RequestsAtOnce, runtime.GOMAXPROCS(0)
}

// procsFor is the Ps serve runs with, pages taking turns turns at a time
// on cpus CPUs: one more than the turns, at most twice the CPUs, never
// fewer than the CPUs; the GOMAXPROCS environment variable wins.
//
// Why one more: pages wait their turn in order of arrival
// (handlers/admit.go), but only once a request has been read. With as
// many Ps as CPUs, the pages in turn held every P, and a request that
// arrived waited in the runtime's queues until one was free, outside the
// line and in no order. A cheap page that never waits on anything (the
// ladder) then never found the line full: its readers waited in the
// runtime instead, and at 50 readers on two CPUs its 99th percentile was
// five times its median (119-165 ms against 22-41). With a P to spare a
// request is read at once and takes its place in the line. Measured there
// (docs/performance.md, issue 20, session 14): two turns and three Ps
// gave the ladder a p99 of 44-46 ms and the game page 53-62 ms, against
// 121-123 and 67-92 ms with three turns on two Ps (four Ps for three
// turns: 47-52 and 61-70 ms, at 10-15 % more CPU a page than two).
func procsFor(turns, cpus int, getenv func(string) string) int {
	if getenv("GOMAXPROCS") != "" {
		return cpus
	}
	return max(cpus, min(turns+1, 2*cpus))
}
