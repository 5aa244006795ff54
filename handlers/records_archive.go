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

	"rondel/game/record"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/rating"
	"rondel/templates"
)

// archive serves what clubs keep of their games: records and readable
// logs to download, the ladders and the players' pages, and the import
// of games from playimperial.club for admins.
type archive struct {
	s     *Server
	book  *store.LadderBook
	panel *template.Template // the records panel of the game page
}

// archiveRoutes registers the archive's pages and sets s.archive.
func (s *Server) archiveRoutes(e *echo.Echo) {
	seasons, err := clubSeasons(s.cfg.Seasons)
	if err != nil {
		s.log.Error("ladder seasons unusable; showing the all-time ladders only", "error", err)
		seasons = nil
	}
	book, err := store.NewLadderBook(s.store, seasons)
	if err != nil {
		s.log.Error("ladder seasons unusable; showing the all-time ladders only", "error", err)
		book, _ = store.NewLadderBook(s.store, nil)
	}
	panel := template.Must(template.New("records_panel.html").Funcs(funcs).ParseFS(templates.FS, "records_panel.html"))
	a := &archive{s: s, book: book, panel: panel}
	s.archive = a
	e.GET("/games/:id/export.json", a.exportJSON, s.mustSignIn)
	e.GET("/games/:id/record.json", a.exportJSON, s.mustSignIn) // linked from the history page
	e.GET("/games/:id/log.txt", a.logText, s.mustSignIn)
	e.GET("/ladder", a.ladderIndex, s.mustSignIn)
	e.GET("/ladder/:game", a.ladderPage, s.mustSignIn)
	e.GET("/ladder/:game/records.ndjson", a.ladderRecords, s.mustSignIn)
	e.GET("/players/:id", a.playerPage, s.mustSignIn)
	e.GET("/players/:id/records.ndjson", a.playerRecords, s.mustSignIn)
	e.GET("/admin/import", a.importForm, s.mustSignIn)
	e.POST("/admin/import", a.importUpload, s.mustSignIn)
}

// clubSeasons turns the configured seasons into the ladder's.
func clubSeasons(cfg []config.Season) (rating.Seasons, error) {
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
	rec, err := a.s.store.ExportRecord(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, 0, fail(http.StatusNotFound, "No such game", "There is no game at this address.")
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

// logText downloads the readable log.
func (a *archive) logText(c *echo.Context) error {
	rec, id, err := a.exportRecord(c)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := record.WriteReadable(&buf, a.s.store.Registry(), rec); err != nil {
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
	f := store.ExportFilter{GameID: kind, Rated: true, Finished: true}
	name := "rondel-ladder-" + kind
	if sn := c.QueryParam("season"); sn != "" {
		i := seasonIndex(a.book.Seasons(), sn)
		if i < 0 {
			return fail(http.StatusNotFound, "No such season", "The club has no season of that name.")
		}
		f.From = a.book.Seasons()[i].Start
		if i+1 < len(a.book.Seasons()) {
			f.To = a.book.Seasons()[i+1].Start
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
	return nil, fail(http.StatusNotFound, "No such player", "There is no player at this address.")
}

func (a *archive) kindParam(c *echo.Context) (string, error) {
	kind := c.Param("game")
	if _, err := a.s.store.Registry().Get(kind); err != nil {
		return "", fail(http.StatusNotFound, "No such ladder", "Rondel has no game of that name, so it has no ladder.")
	}
	return kind, nil
}

// panelView is the records panel of a game page.
type panelView struct {
	GameID   int64
	Finished bool
	Import   *store.GameImport
	Changes  []changeRow
}

type changeRow struct {
	MemberID            int64
	Name                string
	Before, After, Diff string // ordinals, to one decimal
	Dropped             bool
}

// gamePanel renders the game page's records panel: downloads for a
// finished game, everyone's rating change in a rated one, and where an
// imported game came from. Errors are logged: the page shows without it.
func (s *Server) gamePanel(ctx context.Context, pos *store.Position) template.HTML {
	a := s.archive
	if a == nil {
		return ""
	}
	v := panelView{GameID: pos.Game.ID, Finished: pos.Game.Status == store.StatusFinished}
	var err error
	if v.Import, err = s.store.ImportOf(ctx, pos.Game.ID); err != nil {
		s.log.Warn("import note unavailable", "game", pos.Game.ID, "error", err)
	}
	if v.Finished && pos.Game.Rated {
		v.Changes = a.changes(ctx, pos)
	}
	var buf bytes.Buffer
	if err := a.panel.ExecuteTemplate(&buf, "panel", v); err != nil {
		s.log.Error("records panel failed", "game", pos.Game.ID, "error", err)
		return ""
	}
	return template.HTML(buf.String())
}

func (a *archive) changes(ctx context.Context, pos *store.Position) []changeRow {
	ls, err := a.book.Ladders(ctx, pos.Game.GameID)
	if err != nil {
		a.s.log.Warn("ladder unavailable", "game", pos.Game.ID, "error", err)
		return nil
	}
	rated, ok := ls.AllTime.Game(store.LadderGameID(pos.Game.ID))
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
		rows = append(rows, changeRow{MemberID: st.UserID, Name: st.Name, Before: ordinal(ch.Before.Ordinal()),
			After: ordinal(ch.After.Ordinal()), Diff: signed(ch.OrdinalChange()), Dropped: ch.Dropped})
	}
	return rows
}
