package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/game/record"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/rating"
)

// archive serves what clubs keep of their games: records and readable
// logs to download, the ladders and the players' pages, and the import
// of games from playimperial.club for admins.
type archive struct {
	s       *Server
	seasons rating.Seasons
}

// newArchive reads the club's seasons and prepares the archive's pages;
// unusable seasons leave the all-time ladders only.
func newArchive(s *Server) *archive {
	seasons, err := ClubSeasons(s.cfg.Seasons)
	if err != nil {
		s.log.Error("ladder seasons unusable; showing the all-time ladders only", "error", err)
		seasons = nil
	}
	// The store rates its season ladders with the club's seasons: when
	// they changed, it rates them again now, once.
	if changed, err := s.store.SetSeasons(context.Background(), seasons); err != nil {
		s.log.Error("the season ladders could not be rated; showing the all-time ladders only", "error", err)
		seasons = nil
	} else if changed {
		s.log.Info("the club's seasons changed: the ladders were rated again", "seasons", len(seasons))
	}
	return &archive{s: s, seasons: seasons}
}

// ClubSeasons turns the configured seasons into the ladder's.
func ClubSeasons(cfg []config.Season) (rating.Seasons, error) {
	var out rating.Seasons
	for _, s := range cfg {
		t, err := s.StartTime()
		if err != nil {
			return nil, err
		}
		out = append(out, rating.Season{Name: s.Name, Start: t})
	}
	return out, out.Check()
}

func (a *archive) exportRecord(c *echo.Context) (*record.Record, int64, error) {
	id, err := gameIDParam(c)
	if err != nil {
		return nil, 0, err
	}
	rec, err := a.s.store.ExportRecordFor(c.Request().Context(), id, currentUser(c).ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, 0, fail(http.StatusNotFound, "pages.error.no_game")
	}
	return rec, id, err
}

// exportJSON downloads the complete game record (rondel replay reads it;
// an admin can import it into another club).
func (a *archive) exportJSON(c *echo.Context) error {
	rec, id, err := a.exportRecord(c)
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="rondel-game-%d.json"`, id))
	return c.Blob(http.StatusOK, "application/json", append(data, '\n'))
}

// logText downloads the readable log, in the reader's language.
func (a *archive) logText(c *echo.Context) error {
	rec, id, err := a.exportRecord(c)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := record.WriteReadable(&buf, a.s.store.Registry(), rec, a.s.speaker(c)); err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="rondel-game-%d.txt"`, id))
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", buf.Bytes())
}

// ndjson answers the records of the given games, one a line.
func (a *archive) ndjson(c *echo.Context, name string, f store.ExportFilter) error {
	ctx := c.Request().Context()
	ids, err := a.s.store.ExportGames(ctx, f)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := a.s.store.WriteNDJSON(ctx, &buf, ids); err != nil {
		a.s.log.Warn("archive written with games that no longer replay", "error", err)
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, name))
	return c.Blob(http.StatusOK, "application/x-ndjson", buf.Bytes())
}

func (a *archive) playerRecords(c *echo.Context) error {
	u, err := a.member(c)
	if err != nil {
		return err
	}
	return a.ndjson(c, fmt.Sprintf("rondel-player-%d.ndjson", u.ID), store.ExportFilter{UserID: u.ID})
}

func (a *archive) ladderRecords(c *echo.Context) error {
	kind, err := a.kindParam(c)
	if err != nil {
		return err
	}
	f := store.ExportFilter{Kind: kind, Rated: true, Finished: true}
	name := "rondel-ladder-" + kind
	if sn := c.QueryParam("season"); sn != "" {
		i := seasonIndex(a.seasons, sn)
		if i < 0 {
			return fail(http.StatusNotFound, "pages.error.no_season")
		}
		f.From = a.seasons[i].Start
		if i+1 < len(a.seasons) {
			f.To = a.seasons[i+1].Start
		}
		name += "-" + strconv.Itoa(i+1)
	}
	return a.ndjson(c, name+".ndjson", f)
}

func seasonIndex(ss rating.Seasons, name string) int {
	for i, s := range ss {
		if s.Name == name {
			return i
		}
	}
	return -1
}

// member reads the :id of a player page.
func (a *archive) member(c *echo.Context) (*store.User, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err == nil && id > 0 {
		if u, err := a.s.store.User(c.Request().Context(), id); err == nil {
			return u, nil
		}
	}
	return nil, fail(http.StatusNotFound, "pages.error.no_player")
}

func (a *archive) kindParam(c *echo.Context) (string, error) {
	kind := c.Param("game")
	if _, err := a.s.store.Registry().Get(kind); err != nil {
		return "", fail(http.StatusNotFound, "pages.error.no_ladder")
	}
	return kind, nil
}

// panelView is the records panel of a game page.
type panelView struct {
	GameID   int64
	Finished bool
	Import   *store.GameImport
	Source   string // where an imported game came from, in words
	// SiteRules: the game was replayed under its site's own rules;
	// Departures are where they changed the position, in words.
	SiteRules  bool
	Departures []departureRow
	Changes    []changeRow
}

// departureRow is one departure of a site's rules from the rule book.
type departureRow struct {
	Entry      int
	Site, Book string
}

type changeRow struct {
	MemberID            int64
	Name                string
	Before, After, Diff string // ordinals, to one decimal, in the reader's way
	Dropped             bool
}

// gamePanel renders the game page's records panel: downloads for a
// finished game, everyone's rating change in a rated one, and where an
// imported game came from. Errors are logged: the page shows without it.
func (s *Server) gamePanel(ctx context.Context, r *reader, pos *store.Position) template.HTML {
	a := s.archive
	if a == nil {
		return ""
	}
	v := panelView{GameID: pos.Game.ID, Finished: pos.Game.Status == store.StatusFinished && pos.Game.Started()}
	var err error
	if v.Import, err = s.store.ImportOf(ctx, pos.Game.ID); err != nil {
		s.log.Warn("import note unavailable", "game", pos.Game.ID, "error", err)
	}
	if v.Import != nil {
		v.Source = v.Import.Source // a site's name
		if v.Source == sourceRecord {
			v.Source = r.sp.T("pages.records.source_record")
		}
		var deps []game.ImportDeparture
		v.SiteRules, deps = v.Import.SiteRules()
		for _, d := range deps {
			v.Departures = append(v.Departures, departureRow{Entry: d.Entry, Site: r.sp.T(d.What + ".site"), Book: r.sp.T(d.What + ".book")})
		}
	}
	if v.Finished && pos.Game.Rated {
		v.Changes = s.ratingChanges(ctx, r, pos)
	}
	return panelHTML(r, v)
}

// ratingChanges reads a rated game's rating changes, stored with it.
func (s *Server) ratingChanges(ctx context.Context, r *reader, pos *store.Position) []changeRow {
	rated, ok, err := s.store.Ratings().GameRatings(ctx, pos.Game.ID)
	if err != nil {
		s.log.Warn("rating changes unavailable", "game", pos.Game.ID, "error", err)
		return nil
	}
	if !ok {
		return nil
	}
	names := map[string]store.Seat{}
	for _, st := range pos.Seats {
		names[store.MemberID(st.UserID)] = st
	}
	var rows []changeRow
	for _, ch := range rated.Changes {
		st := names[ch.Member]
		rows = append(rows, changeRow{MemberID: st.UserID, Name: st.Name, Before: r.decimal(ch.Before.Ordinal()),
			After: r.decimal(ch.After.Ordinal()), Diff: r.signed(ch.OrdinalChange()), Dropped: ch.Dropped})
	}
	return rows
}
