package config

import (
	"strings"
	"testing"
)

func TestClubSettings(t *testing.T) {
	c, err := Parse([]byte("admins: [Boss@Example.org]\nseasons:\n  - {name: \"2026\", start: 2026-01-01}\n  - {name: \"2027\", start: 2027-01-01}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	if !c.IsAdmin("boss@example.org") || c.IsAdmin("other@example.org") || c.IsAdmin("") {
		t.Errorf("admins: %v", c.Admins)
	}
	bad := map[string]string{
		"not an address": "admins: [boss]\n",
		"no name":        "seasons:\n  - {start: 2026-01-01}\n",
		"bad date":       "seasons:\n  - {name: a, start: 1 May}\n",
		"not increasing": "seasons:\n  - {name: a, start: 2026-05-01}\n  - {name: b, start: 2026-01-01}\n",
		"same name":      "seasons:\n  - {name: a, start: 2026-01-01}\n  - {name: a, start: 2027-01-01}\n",
	}
	for name, doc := range bad {
		c, err := Parse([]byte(doc))
		if err == nil {
			err = c.Check()
		}
		if err == nil || !strings.Contains(err.Error(), strings.Fields(doc)[0][:5]) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
