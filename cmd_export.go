package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"rondel/game/record"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
)

func init() {
	commands["export"] = command{"write game records: one game (GAME), or --all/--player/--ladder as ndjson", runExport}
}

func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	all := fs.Bool("all", false, "every game that has started, one record per line (ndjson)")
	since := fs.String("since", "", "with --all: only games created on or after this `DATE` (YYYY-MM-DD)")
	player := fs.String("player", "", "every game of the member with this `EMAIL` (ndjson)")
	ladder := fs.String("ladder", "", "the rated finished games of this `GAME` kind, e.g. imperial (ndjson)")
	season := fs.String("season", "", "with --ladder: only the games of this season (by name, from the config)")
	text := fs.Bool("text", false, "with GAME: the readable log instead of the JSON record")
	lang := fs.String("lang", "en", "with --text: the readable log's `LANGUAGE` ("+strings.Join(words.Languages, ", ")+")")
	cfg, err := loadConfig(fs, args)
	if err != nil {
		return err
	}
	st, err := openExisting(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	var f store.ExportFilter
	switch {
	case fs.NArg() == 1 && !*all && *player == "" && *ladder == "":
		id, err := strconv.ParseInt(fs.Arg(0), 10, 64)
		if err != nil {
			return fmt.Errorf("GAME is a game number, not %q", fs.Arg(0))
		}
		if !slices.Contains(words.Languages, *lang) {
			return fmt.Errorf("--lang %q: the readable log is written in %s", *lang, strings.Join(words.Languages, ", "))
		}
		return exportOne(ctx, st, id, *text, words.Default().Speaker(*lang, nil), stdout)
	case fs.NArg() != 0:
		return errors.New("usage: rondel export GAME | --all [--since DATE] | --player EMAIL | --ladder GAME [--season NAME]")
	case *all:
		if *since != "" {
			if f.Since, err = time.Parse("2006-01-02", *since); err != nil {
				return fmt.Errorf("--since %q is not a date YYYY-MM-DD", *since)
			}
		}
	case *player != "":
		u, err := st.UserByEmail(ctx, *player)
		if err != nil {
			return fmt.Errorf("no member with the address %s", *player)
		}
		f.UserID = u.ID
	case *ladder != "":
		f.Kind, f.Rated, f.Finished = *ladder, true, true
		if *season != "" {
			if f.From, f.To, err = seasonRange(cfg.Seasons, *season); err != nil {
				return err
			}
		}
	default:
		return errors.New("usage: rondel export GAME | --all [--since DATE] | --player EMAIL | --ladder GAME [--season NAME]")
	}
	ids, err := st.ExportGames(ctx, f)
	if err != nil {
		return err
	}
	return st.WriteNDJSON(ctx, stdout, ids)
}

func exportOne(ctx context.Context, st *store.Store, id int64, text bool, sp *words.Speaker, w io.Writer) error {
	rec, err := st.ExportRecord(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("there is no game %d", id)
	}
	if err != nil {
		return err
	}
	if text {
		return record.WriteReadable(w, st.Registry(), rec, sp)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rec)
}

// seasonRange returns the finishing times [from, to) of a named season;
// to is zero for the last season.
func seasonRange(seasons []config.Season, name string) (from, to time.Time, err error) {
	for i, s := range seasons {
		if s.Name != name {
			continue
		}
		if from, err = s.StartTime(); err != nil {
			return from, to, err
		}
		if i+1 < len(seasons) {
			to, err = seasons[i+1].StartTime()
		}
		return from, to, err
	}
	return from, to, fmt.Errorf("the configuration has no season %q", name)
}

// openExisting opens the configured database, which must exist at this
// build's schema (tools never create or migrate a database).
func openExisting(ctx context.Context, cfg config.Config) (*store.Store, error) {
	if _, err := os.Stat(cfg.Database); err != nil && !store.IsPostgres(cfg.Database) {
		return nil, fmt.Errorf("no database at %s (--db or the configuration's database names it)", cfg.Database)
	}
	st, err := store.Open(cfg.Database, store.Options{Registry: registry(), Logger: newLogger(cfg, io.Discard)})
	if err != nil {
		return nil, err
	}
	if err := st.CheckSchema(ctx, false); err != nil {
		st.Close()
		return nil, fmt.Errorf("%s: %w", store.Redact(cfg.Database), err)
	}
	return st, nil
}
