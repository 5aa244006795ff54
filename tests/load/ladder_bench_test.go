package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"testing"
	"time"

	"rondel/handlers"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

// BenchmarkLadderBySize: a ladder page of 100 places on a ladder of 150
// members and on one of 10,000, each on a fresh database (no -db), so the
// page's cost can be compared across sizes: issue 20 wants it the same.
// The reader holds the last place, on neither page, so every page also
// finds their place; "top" is the first page, "deep" the 100 places above
// the reader's (an "after" key, as the pages' own links carry).
//
//	go test ./tests/load -run '^$' -bench LadderBySize -benchmem -cpu 1
func BenchmarkLadderBySize(b *testing.B) {
	for _, members := range []int{150, 10_000} {
		l := newSizedLadder(b, members)
		for _, page := range []struct{ name, path string }{
			{"top", "/ladder/imperial"},
			{"deep", "/ladder/imperial?after=" + url.QueryEscape(l.deep.String())},
		} {
			b.Run(fmt.Sprintf("members=%d/%s", members, page.name), func(b *testing.B) {
				p := &pageBench{h: l.h, st: l.st, d: &driver{sessions: l.sessions}}
				p.run(b, func(*rand.Rand) (int64, string) { return l.reader, page.path })
			})
		}
	}
}

// sizedLadder is a server whose imperial ladder has a given number of
// members.
type sizedLadder struct {
	h        http.Handler
	st       *store.Store
	sessions map[int64]session
	reader   int64
	deep     store.LadderKey // the key of the place 101 above the last
}

// newSizedLadder writes the members and their all-time ratings as rows,
// in two statements (a rated game each would take minutes at 10,000):
// spread ratings, every tenth member tied with the others of their
// tenth, as first games tie their players. The places are numbered in
// the ladder's order as migration 00270 numbers them.
func newSizedLadder(b *testing.B, members int) *sizedLadder {
	b.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	st := storetest.Open(b, store.Options{Registry: registry(), Logger: log})
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	for _, q := range []struct {
		sql  string
		args []any
	}{{
		`INSERT INTO users (id, email, display_name, language, notify, created_at)
			WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
			SELECT i, 'm' || i || '@example.org', 'Member ' || i, 'en', 'none', ? FROM n`, []any{members, now}}, {
		`INSERT INTO ladder_ratings (kind, ladder, user_id, mu, sigma, ordinal, games, wins)
			SELECT 'imperial', '', id, mu, sigma, mu - 3 * sigma, 1 + id % 40, id % 9 FROM (
				SELECT id, CASE WHEN id % 10 = 0 THEN 27.5 ELSE 15 + (id * 7919 % 2000) / 100.0 END AS mu,
					CASE WHEN id % 10 = 0 THEN 7.5 ELSE 1 + (id * 104729 % 700) / 100.0 END AS sigma
				FROM users) AS r`, nil}, {
		`UPDATE ladder_ratings SET place = o.p FROM (
			SELECT kind, ladder, user_id,
				ROW_NUMBER() OVER (PARTITION BY kind, ladder ORDER BY ordinal DESC, CAST(user_id AS TEXT)) AS p
			FROM ladder_ratings) AS o
		WHERE o.kind = ladder_ratings.kind AND o.ladder = ladder_ratings.ladder AND o.user_id = ladder_ratings.user_id`, nil},
	} {
		if err := st.Exec(q.sql, q.args...); err != nil {
			b.Fatal(err)
		}
	}
	ctx := context.Background()
	all, err := st.Ratings().LadderPageAt(ctx, "imperial", "", nil, store.LadderAfter, members)
	if err != nil || all.Total != members || len(all.Rows) != members {
		b.Fatalf("the ladder of %d: %d places, %d rows read (%v)", members, all.Total, len(all.Rows), err)
	}
	l := &sizedLadder{st: st, sessions: map[int64]session{}, deep: all.Rows[members-102].Key()}
	if _, err := fmt.Sscan(all.Rows[members-1].Member, &l.reader); err != nil {
		b.Fatal(err)
	}
	token, err := st.SignIn().CreateSession(ctx, l.reader, time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	l.sessions[l.reader] = session{Token: token}
	if l.h, err = handlers.New(handlers.Deps{Store: st, Config: config.Default(), Logger: log}); err != nil {
		b.Fatal(err)
	}
	return l
}
