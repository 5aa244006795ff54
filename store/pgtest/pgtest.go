// Package pgtest gives tests a PostgreSQL database of their own. It does
// not import the store, so the store's own tests can use it.
//
// The suites run on SQLite unless RONDEL_TEST_STORE=postgres. Then the
// server is the one RONDEL_TEST_POSTGRES_URL names, or else a throwaway
// cluster this package starts (initdb and pg_ctl from Debian's postgresql
// package, on a free port, in a temporary directory) and stops when the
// tests end. Each test process makes one database, and each test a schema
// in it; Main drops them. When no server can be had the tests skip,
// saying why.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the driver the store uses on PostgreSQL
)

// Environment variables.
const (
	// EnvStore chooses the database the suites run on: "postgres", else SQLite.
	EnvStore = "RONDEL_TEST_STORE"
	// EnvURL names a PostgreSQL server to test on (a database the tests
	// may create databases from).
	EnvURL = "RONDEL_TEST_POSTGRES_URL"
)

// Enabled reports whether the suites run on PostgreSQL.
func Enabled() bool { return os.Getenv(EnvStore) == "postgres" }

// kit is the test process's database: set up once, on first use.
type kit struct {
	once    sync.Once
	err     error    // why there is no server (the tests skip)
	admin   string   // URL of the server's maintenance database
	dbURL   string   // URL of this process's database
	dbName  string   // its name
	cluster *cluster // the throwaway cluster, if this process started one
}

var the kit

// setUp finds or starts a server and makes this process's database.
func (k *kit) setUp() {
	k.admin = os.Getenv(EnvURL)
	if k.admin == "" {
		c, err := startCluster()
		if err != nil {
			k.err = fmt.Errorf("%s is not set and no throwaway cluster could be started: %w", EnvURL, err)
			return
		}
		k.cluster, k.admin = c, c.url
	}
	db, err := sql.Open("pgx", k.admin)
	if err != nil {
		k.err = err
		return
	}
	defer db.Close()
	k.dbName = "rondel_test_" + randomHex(6)
	if _, err := db.Exec(`CREATE DATABASE ` + k.dbName); err != nil {
		k.err = fmt.Errorf("creating the test database on %s: %w", redact(k.admin), err)
		return
	}
	k.dbURL = withDatabase(k.admin, k.dbName)
	own, err := sql.Open("pgx", k.dbURL)
	if err != nil {
		k.err = err
		return
	}
	defer own.Close()
	// The schema's extension, made once: the tests' schemas, made side by
	// side, would race to create it.
	if _, err := own.Exec(`CREATE EXTENSION IF NOT EXISTS citext`); err != nil {
		k.err = fmt.Errorf("creating the citext extension: %w", err)
	}
}

// URL returns the URL of a new, empty schema for the test alone (dropped
// when it ends). The test skips, saying why, when no server can be had.
func URL(t testing.TB) string {
	t.Helper()
	the.once.Do(the.setUp)
	if the.err != nil {
		t.Skipf("PostgreSQL test skipped: %v", the.err)
	}
	schema := "t_" + randomHex(8)
	db, err := sql.Open("pgx", the.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", the.dbURL)
		if err != nil {
			return
		}
		defer db.Close()
		db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
	})
	return withSearchPath(the.dbURL, schema)
}

// Main runs the tests and then drops the process's database and stops
// the cluster it started, if any: call it from TestMain.
func Main(m *testing.M) int {
	code := m.Run()
	the.tearDown()
	return code
}

func (k *kit) tearDown() {
	if k.dbName != "" {
		if db, err := sql.Open("pgx", k.admin); err == nil {
			if _, err := db.ExecContext(context.Background(), `DROP DATABASE IF EXISTS `+k.dbName+` WITH (FORCE)`); err != nil {
				fmt.Fprintf(os.Stderr, "pgtest: dropping %s: %v\n", k.dbName, err)
			}
			db.Close()
		}
	}
	if k.cluster != nil {
		k.cluster.stop()
	}
}

// Skipped says, for TestMain's output, why PostgreSQL was not tested.
func Skipped() string {
	if Enabled() && the.err != nil {
		return "PostgreSQL tests skipped: " + the.err.Error()
	}
	return ""
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// withDatabase returns the server URL u naming database name instead.
func withDatabase(u, name string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	p.Path = "/" + name
	return p.String()
}

// withSearchPath returns u with the schema first on the search path (and
// public, where the extension lives, after it).
func withSearchPath(u, schema string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	q := p.Query()
	q.Set("search_path", schema+",public")
	p.RawQuery = q.Encode()
	return p.String()
}

func redact(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return "the server"
	}
	if _, ok := p.User.Password(); ok {
		p.User = url.UserPassword(p.User.Username(), "xxxxx")
	}
	return strings.TrimSpace(p.String())
}
