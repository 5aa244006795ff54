package handlers

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// A display name of nothing visible (spaces, zero-width characters) is
// refused in words and the old name stays; a real one is saved.
func TestInvisibleDisplayNameRefused(t *testing.T) {
	e := newEnv(t)
	b := e.browser()
	b.signIn("ann@x.org")
	save := func(name string) (int, string) {
		t.Helper()
		_, doc := b.get("/settings")
		code, doc := b.submit(doc, `form[action="/settings"]`, map[string]string{"name": name, "language": "en"})
		return code, text(doc)
	}
	if code, page := save("Ann"); code != http.StatusOK {
		t.Fatalf("saving a name: %d %s", code, page)
	}
	for _, name := range []string{"   ", "\u200B\u200B", "\u200D \uFEFF", "\u3164"} {
		code, page := save(name)
		if code != http.StatusBadRequest || !strings.Contains(page, "at least one visible character") {
			t.Errorf("%q: %d %s", name, code, page)
		}
		u, err := e.store.UserByEmail(context.Background(), "ann@x.org")
		if err != nil || u.DisplayName != "Ann" {
			t.Errorf("after %q the name is %q (%v)", name, u.DisplayName, err)
		}
	}
}
