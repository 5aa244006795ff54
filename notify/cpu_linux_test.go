package notify

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) the test process has used
// (Linux): on a shared machine it says what a move costs, where the wall
// clock also says how long it waited for a core. It counts the garbage
// collector's share too, which a move's allocations cause.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
