package browser

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestMain says why the real-browser tests were skipped where whoever
// runs `go test ./...` sees it: go test keeps a passing package's output
// to itself unless -v, so a skip would otherwise pass unnoticed.
func TestMain(m *testing.M) {
	code := m.Run()
	if _, why := missing(); why != "" && code == 0 {
		fmt.Fprintln(visible(), "tests/browser: the real-browser tests were skipped:", why)
	}
	os.Exit(code)
}

// visible is where a line reaches the person: with -v our own output is
// shown; otherwise, when the go command ran this binary, its standard error
// (on Linux, through /proc), and failing that our own (seen with -v only).
func visible() io.Writer {
	if testing.Verbose() {
		return os.Stderr
	}
	parent := "/proc/" + strconv.Itoa(os.Getppid())
	if comm, err := os.ReadFile(parent + "/comm"); err != nil || strings.TrimSpace(string(comm)) != "go" || !sharable(parent) {
		return os.Stderr
	}
	if f, err := os.OpenFile(parent+"/fd/2", os.O_WRONLY|os.O_APPEND, 0); err == nil {
		return f
	}
	return os.Stderr
}

// sharable reports whether writing to the parent's standard error from
// here cannot overwrite what the parent writes: a terminal or a pipe, or a
// file the parent itself appends to (a file it writes at its own offset
// would write over our line).
func sharable(parent string) bool {
	fi, err := os.Stat(parent + "/fd/2")
	if err != nil {
		return false
	}
	if fi.Mode()&(os.ModeCharDevice|os.ModeNamedPipe|os.ModeSocket) != 0 {
		return true
	}
	info, err := os.ReadFile(parent + "/fdinfo/2")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(info), "\n") {
		if v, ok := strings.CutPrefix(line, "flags:"); ok {
			flags, err := strconv.ParseInt(strings.TrimSpace(v), 8, 64)
			return err == nil && flags&int64(os.O_APPEND) != 0
		}
	}
	return false
}
