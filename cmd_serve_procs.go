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
// five times its median (119-142 ms against 20-27). With a P to spare a
// request is read at once and takes its place in the line: the same
// throughput, the ladder's 99th percentile 44-50 ms, the game page's
// 50-56 ms against 65-85 (docs/performance.md, issue 20, session 14).
func procsFor(turns, cpus int, getenv func(string) string) int {
	if getenv("GOMAXPROCS") != "" {
		return cpus
	}
	return max(cpus, min(turns+1, 2*cpus))
}
