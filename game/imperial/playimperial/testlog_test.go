package playimperial

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testLog reads a file of testdata (path parts below it), unpacked when
// its name ends in .gz: the one reader of the sample logs and traces.
func testLog(t *testing.T, path ...string) []byte {
	t.Helper()
	name := filepath.Join(append([]string{"testdata"}, path...)...)
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(name, ".gz") {
		return data
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if data, err = io.ReadAll(zr); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return data
}
