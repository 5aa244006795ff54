package handlers

import (
	"context"
	"testing"

	"rondel/notify"
)

// wireNotify runs notify behind the server as `rondel serve` wires it:
// its pages are served and the store's changes reach it through its
// observer. The one copy of that wiring for the handlers' tests; a test that
// also queues sign-in mail through notify sets d.Mailer to the result.
func wireNotify(t testing.TB, d *Deps) *notify.Service {
	t.Helper()
	svc, err := notify.New(context.Background(), notify.Options{Store: d.Store, Config: d.Config, Logger: d.Logger})
	if err != nil {
		t.Fatal(err)
	}
	d.Notify = svc
	return svc
}

// withNotify is wireNotify as an option of newEnv and startTable.
func withNotify(t *testing.T) func(*Deps) {
	return func(d *Deps) { wireNotify(t, d) }
}
