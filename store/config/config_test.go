package config

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const example = "../../config.example.yaml"

func TestExampleLoadsAndIsTheDefault(t *testing.T) {
	c, err := Load(example, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c, Default()) {
		t.Errorf("the example's values differ from the defaults:\n%+v\n%+v", c, Default())
	}
}

// keys lists the dotted keys of a YAML document.
func keys(t *testing.T, data []byte) []string {
	var m map[string]any
	if err := yaml.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			if sub, ok := v.(map[string]any); ok {
				walk(prefix+k+".", sub)
			} else {
				out = append(out, prefix+k)
			}
		}
	}
	walk("", m)
	return out
}

func TestExampleDocumentsEverySetting(t *testing.T) {
	data, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	all, err := yaml.Marshal(Default())
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, k := range keys(t, data) {
		have[k] = true
	}
	for _, k := range keys(t, all) {
		if !have[k] {
			t.Errorf("config.example.yaml does not document %s", k)
		}
	}
}

func TestStrictAndChecked(t *testing.T) {
	cases := map[string]string{
		"unknown key":           "adress: localhost:1\n",
		"unknown nested":        "auth:\n  link_minute: 5\n",
		"bad addr":              "addr: nope\n",
		"bad level":             "log:\n  level: loud\n",
		"bad base url":          "base_url: ftp://x\n",
		"zero link minutes":     "auth:\n  link_minutes: 0\n",
		"negative memory":       "memory_mb: -1\n",
		"zero gc percent":       "gc_percent: 0\n",
		"bad tls":               "mail:\n  smtp:\n    tls: maybe\n",
		"replies, no address":   "mail:\n  replies:\n    enabled: true\n    authserv_id: mx.x.org\n    lmtp:\n      addr: 127.0.0.1:2424\n",
		"replies, plus address": "mail:\n  replies:\n    enabled: true\n    address: club+x@x.org\n    authserv_id: mx.x.org\n    lmtp:\n      addr: 127.0.0.1:2424\n",
		"replies, no authserv":  "mail:\n  replies:\n    enabled: true\n    address: club@x.org\n    lmtp:\n      addr: 127.0.0.1:2424\n",
		"replies, no way in":    "mail:\n  replies:\n    enabled: true\n    address: club@x.org\n    authserv_id: mx.x.org\n",
		"replies, bad imap tls": "mail:\n  replies:\n    imap:\n      tls: maybe\n",
	}
	for name, doc := range cases {
		path := filepath.Join(t.TempDir(), "c.yaml")
		os.WriteFile(path, []byte(doc), 0o600)
		if _, err := Load(path, nil); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestEnvironmentOverridesSecrets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.yaml")
	os.WriteFile(path, []byte("mail:\n  smtp:\n    host: smtp.example.org\n    password: in-file\n"), 0o600)
	env := map[string]string{EnvSMTPPassword: "from-env", EnvSMTPUsername: "club"}
	c, err := Load(path, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.Mail.SMTP.Password != "from-env" || c.Mail.SMTP.Username != "club" || c.Mail.SMTP.Host != "smtp.example.org" {
		t.Errorf("got %+v", c.Mail.SMTP)
	}
	if c.LocalMail() {
		t.Error("an SMTP host still counts as local mail")
	}
	empty := filepath.Join(t.TempDir(), "empty.yaml")
	os.WriteFile(empty, nil, 0o600)
	if c, err := Load(empty, nil); err != nil || !strings.HasPrefix(c.PublicURL(), "http://localhost:8080") {
		t.Errorf("empty file: %v %s", err, c.PublicURL())
	}
}

// FuzzParse: any input is either refused with an error or gives a config
// that Check can judge; nothing panics.
func FuzzParse(f *testing.F) {
	data, _ := os.ReadFile(example)
	f.Add(data)
	f.Add([]byte("addr: [1, 2]\n"))
	f.Add([]byte("auth: {per_ip: -1}\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		c, err := Parse(in)
		if err == nil {
			_ = c.Check()
			_ = c.PublicURL()
		}
	})
}

// TestRepliesConfig: a complete replies section is accepted, its address
// split, and the IMAP password comes from the environment.
func TestRepliesConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.yaml")
	os.WriteFile(path, []byte("mail:\n  replies:\n    enabled: true\n    address: \"Club <club@x.org>\"\n    authserv_id: mx.x.org\n    imap:\n      host: imap.x.org\n      password: in-file\n"), 0o600)
	c, err := Load(path, func(k string) string {
		if k == EnvIMAPPassword {
			return "from-env"
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	local, domain, err := c.Mail.Replies.Split()
	if err != nil || local != "club" || domain != "x.org" || c.Mail.Replies.IMAP.Password != "from-env" || c.Mail.Replies.IMAP.Port != 993 {
		t.Errorf("replies %+v: %s %s %v", c.Mail.Replies, local, domain, err)
	}
}

// Pages at once: 0 is one per CPU; a negative number or a
// wait of nothing is refused, naming the setting.
func TestPagesAtOnce(t *testing.T) {
	c, err := Parse([]byte("limits:\n  requests_at_once: 7\n"))
	if err != nil || c.Limits.PagesAtOnce() != 7 {
		t.Fatalf("requests_at_once 7: %d, %v", c.Limits.PagesAtOnce(), err)
	}
	if n := Default().Limits.PagesAtOnce(); n != runtime.GOMAXPROCS(0) {
		t.Fatalf("the default: %d pages at once, want one per CPU", n)
	}
	for doc, key := range map[string]string{
		"limits:\n  requests_at_once: -1\n":    "limits.requests_at_once",
		"limits:\n  request_wait_seconds: 0\n": "limits.request_wait_seconds",
	} {
		c, err := Parse([]byte(doc))
		if err == nil {
			err = c.Check()
		}
		if err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("%q: %v, want an error naming %s", doc, err, key)
		}
	}
}
