package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// The server's own figures for a run (--pid): its CPU time before and
// after, so a page's cost is read beside its latency, and its memory.

// clockTicks is USER_HZ, the unit of /proc/PID/stat's times: 100 on
// every Linux this runs on.
const clockTicks = 100

// serverStats is what run adds with --pid.
type serverStats struct {
	CPUms        float64 `json:"server_cpu_ms"`
	CPUPerReq    float64 `json:"server_cpu_ms_per_req"`
	CPUPerAccept float64 `json:"server_cpu_ms_per_accepted_move,omitempty"`
	RSSMB        float64 `json:"server_rss_mb"`
	PeakMB       float64 `json:"server_peak_rss_mb"`
}

// cpuMillis is the process's user+system CPU time in milliseconds.
func cpuMillis(pid int) (float64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command's name may hold spaces: fields count from after ")".
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: too few fields", pid)
	}
	var ticks float64
	for _, i := range []int{11, 12} { // utime, stime (fields 14 and 15 of stat)
		n, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/%d/stat: %w", pid, err)
		}
		ticks += n
	}
	return ticks * 1000 / clockTicks, nil
}

// memoryMB reads the process's resident set now and at its peak.
func memoryMB(pid int) (rss, peak float64) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseFloat(f[1], 64)
		switch f[0] {
		case "VmRSS:":
			rss = kb / 1024
		case "VmHWM:":
			peak = kb / 1024
		}
	}
	return rss, peak
}
