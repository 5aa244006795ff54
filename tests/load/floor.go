package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"html/template"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	_ "github.com/mattn/go-sqlite3" // the driver the store uses
)

// The floor: the least a game page can cost on this stack. An Echo
// handler reads a game's row and its seats from the seeded SQLite file
// and renders a small html/template page, nothing else. Served by `load
// floor` and driven by `load run --page floor`, its server CPU per
// request is what a game page of the service is compared with (issue
// 20: a game page at most three times the floor).

// floorPage is the floor's whole page.
var floorPage = template.Must(template.New("floor").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Name}}</title></head>
<body><main><h1>{{.Name}}</h1><p>{{.Kind}} · {{.Status}}</p>
<ol>{{range .Seats}}<li>{{.}}</li>{{end}}</ol></main></body></html>
`))

type floorGame struct {
	Name, Kind, Status string
	Seats              []string
}

// floorHandler serves GET /games/:id from db.
func floorHandler(db *sql.DB) http.Handler {
	e := echo.New()
	e.GET("/games/:id", func(c *echo.Context) error {
		id, err := strconv.ParseInt(c.Param("id"), 10, 64)
		if err != nil {
			return echo.ErrNotFound
		}
		ctx := c.Request().Context()
		var g floorGame
		err = db.QueryRowContext(ctx, `SELECT name, game_id, status FROM games WHERE id = ?`, id).Scan(&g.Name, &g.Kind, &g.Status)
		if errors.Is(err, sql.ErrNoRows) {
			return echo.ErrNotFound
		}
		if err != nil {
			return err
		}
		rows, err := db.QueryContext(ctx, `SELECT name FROM seats WHERE game_id = ? ORDER BY seat`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				return err
			}
			g.Seats = append(g.Seats, n)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		c.Response().Header().Set("Content-Type", "text/html; charset=utf-8")
		c.Response().WriteHeader(http.StatusOK)
		return floorPage.Execute(c.Response(), g)
	})
	return e
}

// runFloor serves the floor until interrupted.
func runFloor(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("floor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", "", "the seeded database `file`")
	addr := fs.String("addr", "127.0.0.1:8090", "`address` to listen on")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dbPath == "" {
		return errors.New("--db is required")
	}
	db, err := sql.Open("sqlite3", "file:"+*dbPath+"?mode=ro&_busy_timeout=5000")
	if err != nil {
		return err
	}
	defer db.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: floorHandler(db), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	_, _ = io.WriteString(stdout, `{"floor":"http://`+ln.Addr().String()+`"}`+"\n")
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
