package reply

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpus reads every reply of testdata/*.eml (shaped like Gmail,
// Outlook, Apple Mail, Thunderbird, German and Chinese clients: quoted,
// HTML-only, top- and bottom-posted, signed, forwarded, in other
// charsets) and compares the new text with its .golden file.
func TestCorpus(t *testing.T) {
	emls, err := filepath.Glob("testdata/*.eml")
	if err != nil || len(emls) < 15 {
		t.Fatalf("corpus: %d files, %v", len(emls), err)
	}
	for _, path := range emls {
		name := strings.TrimSuffix(filepath.Base(path), ".eml")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(path, ".eml") + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			got, err := Body(raw)
			if err != nil {
				t.Fatal(err)
			}
			if got != strings.TrimRight(string(want), "\n") {
				t.Errorf("new text:\n%s\n--- want:\n%s", got, want)
			}
		})
	}
}

func TestNewText(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "Factory\n", "Factory"},
		{"quote only", "> quoted\n> more\n", ""},
		{"signature", "Investor\n-- \nAnn", "Investor"},
		{"signature after quote", "> q\nInvestor\n--\nAnn\n", "Investor"},
		{"am without schrieb is a command", "Am Ende: Steuer\nFabrik", "Am Ende: Steuer\nFabrik"},
		{"on without wrote is a command", "On to Investor", "On to Investor"},
		{"from without sent is kept", "From: Ann\nInvestor", "From: Ann\nInvestor"},
		{"crlf and nbsp", "Army\u00a0Rome\r\n\r\n", "Army Rome"},
	}
	for _, c := range cases {
		if got := NewText(c.in); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestBodyRefusesBroken(t *testing.T) {
	for _, raw := range []string{"", "no header line\n", "Content-Type: multipart/mixed\n\nno boundary"} {
		if _, err := Body([]byte(raw)); err == nil {
			t.Errorf("%q: no error", raw)
		}
	}
}
