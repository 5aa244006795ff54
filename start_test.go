package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestStartSaysFirst: ./start says that the first build is slow before it
// builds (so a newcomer's first start is not minutes of silence), then
// builds and runs rondel with the arguments given. A stand-in go records
// when it ran and builds a stand-in rondel.
func TestStartSaysFirst(t *testing.T) {
	script, err := os.ReadFile("start")
	if err != nil {
		t.Fatal(err)
	}
	dir, bin := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "start"), script, 0o755); err != nil {
		t.Fatal(err)
	}
	fakeGo := "#!/bin/sh\necho 'GO BUILD' \"$@\" >&2\nprintf '#!/bin/sh\\necho RONDEL \"$@\"\\n' > rondel\nchmod +x rondel\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(fakeGo), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(dir, "start"), "serve", "--addr", ":9000")
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	s := string(out)
	say, build, run := strings.Index(s, "few minutes"), strings.Index(s, "GO BUILD build -o rondel ."), strings.Index(s, "RONDEL serve --addr :9000")
	if say < 0 || build < 0 || run < 0 || !(say < build && build < run) {
		t.Errorf("./start should say the build is slow, build, then run rondel with its arguments; it printed:\n%s", s)
	}
}
