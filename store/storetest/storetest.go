// Package storetest is the kit the tests of the service share: a migrated
// store on a fresh file and a started game. It is imported by tests only
// (notify's, handlers', the commands'); the store's own tests cannot import
// it (it imports the store) and open theirs directly. The settable clock
// is gametest.Clock.
package storetest

import (
	"context"
	"path/filepath"
	"testing"

	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/pgtest"
)

// Open opens a store on a new database, migrated to this build's schema
// and closed when the test ends. Without a registry it hosts the
// take-away game only.
func Open(t testing.TB, opts store.Options) *store.Store {
	t.Helper()
	return OpenFile(t, Database(t), opts)
}

// Database names a new database for the test: a file in its temporary
// directory, or with RONDEL_TEST_STORE=postgres a PostgreSQL schema of its
// own (package pgtest). Open it with OpenFile, as often as the test needs
// instances of the service.
func Database(t testing.TB) string {
	t.Helper()
	if pgtest.Enabled() {
		return pgtest.URL(t)
	}
	return filepath.Join(t.TempDir(), "test.db")
}

// SQLiteOnly skips a test of SQLite itself (files, pragmas) when the
// suites run on PostgreSQL.
func SQLiteOnly(t testing.TB) {
	t.Helper()
	if pgtest.Enabled() {
		t.Skip("tests SQLite only")
	}
}

// Main runs a package's tests (call it from TestMain) and then removes the
// PostgreSQL database they used, if any.
func Main(m *testing.M) int { return pgtest.Main(m) }

// OpenFile is Open on the database at path (a file or a URL), for a test that opens the same
// database a second time (another instance of the service).
func OpenFile(t testing.TB, path string, opts store.Options) *store.Store {
	t.Helper()
	if opts.Registry == nil {
		opts.Registry = gametest.Registry()
	}
	st, err := store.Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.CheckSchema(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	return st
}

// Players are n players Ann, Bnn, Cnn ... with the addresses
// a@example.org, b@example.org ...
func Players(n int) []store.NewPlayer {
	var out []store.NewPlayer
	for i := range n {
		out = append(out, store.NewPlayer{Name: string(rune('A'+i)) + "nn", Email: string(rune('a'+i)) + "@example.org"})
	}
	return out
}

// StartGame creates the game ng (of the take-away game and among
// Players(2) where ng leaves them out) and accepts every seat, so the game
// is in play. created, if not nil, is told the game between its creation
// and the acceptances, as a service's hook would be.
func StartGame(t testing.TB, st *store.Store, ng store.NewGame, created func(*store.Game)) *store.Game {
	t.Helper()
	ctx := context.Background()
	if ng.Kind == "" {
		ng.Kind = gametest.ID
	}
	if ng.Players == nil {
		ng.Players = Players(2)
	}
	g, invites, err := st.CreateGame(ctx, ng)
	if err != nil {
		t.Fatal(err)
	}
	if created != nil {
		created(g)
	}
	for _, inv := range invites {
		if _, _, err := st.AcceptInvitation(ctx, inv.Token); err != nil {
			t.Fatal(err)
		}
	}
	if g, err = st.GameRow(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	return g
}
