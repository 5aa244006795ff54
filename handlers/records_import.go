package handlers

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/words"
	"rondel/store"
)

// maxLog bounds an uploaded log once unpacked.
const maxLog = 8 << 20

// importPlayer is one seat of the uploaded log, to be matched to a member
// and named: a site's log names its players by ids ("player1").
type importPlayer struct {
	Seat      int
	Site      string // the player's id on the site
	Field     string
	Email     string
	NameField string
	Name      string // the name at the club's table
	Known     string // the member the site's name matched, if any
}

// importPage is the import form. The importers' own notes and refusals
// are English: they are for the club's admins, and the page says so.
type importPage struct {
	Name     string
	Log      string // the uploaded log, gzipped and base64, carried to step two
	Players  []importPlayer
	Kind     string
	Source   string // where the log comes from, in words
	Sources  string // every site whose logs can be imported, in words
	Entries  int
	Refused  int
	Finished bool
	Notes    []string
	Error    string
	// ruleset and departures: the site's own rules a finished game is
	// replayed under, and where they changed the position.
	ruleset    string
	departures []game.ImportDeparture
}

// mustAdmin answers 403 unless the signed-in member is a configured admin.
func (a *archive) mustAdmin(c *echo.Context) error {
	if u := currentUser(c); u == nil || !a.s.cfg.IsAdmin(u.Email) {
		return fail(http.StatusForbidden, "pages.error.admins_import")
	}
	return nil
}

func (a *archive) importForm(c *echo.Context) error {
	if err := a.mustAdmin(c); err != nil {
		return err
	}
	sp := a.s.speaker(c)
	return a.s.render(c, http.StatusOK, "records_import", sp.T("pages.import.title"), importPage{Sources: a.sources(sp)})
}

// sources names the sites whose logs the registered importers read.
func (a *archive) sources(sp *words.Speaker) string {
	if len(a.s.store.Registry().Importers()) == 0 {
		return ""
	}
	return sp.T("pages.import.either", "sites", a.siteNames())
}

// importUpload reads the log (step one: the file; step two: the same log
// carried in the form with an address for every player) and creates the
// game once every player has an address.
func (a *archive) importUpload(c *echo.Context) error {
	if err := a.mustAdmin(c); err != nil {
		return err
	}
	ctx := c.Request().Context()
	sp := a.s.speaker(c)
	title := sp.T("pages.import.title")
	p := importPage{Name: strings.TrimSpace(c.FormValue("name")), Sources: a.sources(sp)}
	refuse := func(code int, msg words.Text) error {
		p.Error = sp.Say(msg)
		return a.s.render(c, code, "records_import", title, p)
	}
	data, err := uploadedLog(c)
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, errorText(err))
	}
	rec, ended, err := a.readUpload(sp, data, &p)
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, errorText(err))
	}
	if p.Log, err = packLog(data); err != nil {
		return err
	}
	complete := true
	var emails, names []string
	for i, pl := range rec.Players {
		ip, err := a.importSeat(c, i, pl.Name)
		if err != nil {
			return err
		}
		if ip.Name == "" && ip.Email == "" && p.Source == sourceRecord && c.FormValue("packed") == "" {
			ip.Name = pl.Name // a Rondel record names its players as their club did
		}
		if ip.Email == "" || ip.Name == "" {
			complete = false
		}
		emails, names = append(emails, ip.Email), append(names, ip.Name)
		p.Players = append(p.Players, ip)
	}
	if !complete || c.FormValue("packed") == "" {
		return a.s.render(c, http.StatusOK, "records_import", title, p)
	}
	// Kept with the game for its admins; in English, like the importers'.
	notes := fmt.Sprintf("%d of %d log entries were not applied.", p.Refused, p.Entries)
	if p.Source == sourceRecord {
		notes = ""
	}
	row, err := a.s.store.ImportRecord(ctx, rec, store.ImportSpec{Name: p.Name, Emails: emails, Names: names,
		CreatedBy: currentUser(c).ID, Source: p.Source, Notes: notes, Ended: ended, Ruleset: p.ruleset, Departures: p.departures})
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, words.New("pages.newgame.error.not_created").Sub("why", errorText(err)))
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", row.ID))
}

// importSeat reads one seat's address and name from the form; on the
// first step (nothing typed yet) a member whose name or address is the
// site's name for the player is offered for the seat.
func (a *archive) importSeat(c *echo.Context, i int, site string) (importPlayer, error) {
	ip := importPlayer{Seat: i + 1, Site: site, Field: fmt.Sprintf("email%d", i), NameField: fmt.Sprintf("name%d", i)}
	ip.Email = strings.TrimSpace(c.FormValue(ip.Field))
	ip.Name = strings.TrimSpace(c.FormValue(ip.NameField))
	if ip.Email != "" || ip.Name != "" {
		return ip, nil
	}
	u, err := a.s.store.MemberNamed(c.Request().Context(), site)
	if errors.Is(err, store.ErrNotFound) {
		return ip, nil
	}
	if err != nil {
		return ip, err
	}
	ip.Email, ip.Name, ip.Known = u.Email, u.DisplayName, u.DisplayName
	if ip.Name == "" {
		ip.Known = u.Email
	}
	return ip, nil
}

// sourceRecord is stored as the source of a game imported from a Rondel
// game record (pages say it in the reader's words).
const sourceRecord = "a Rondel game record"

// readUpload turns an uploaded file into a Rondel record: a Rondel game
// record (from another club's export) as it is, or another site's log
// translated by the first registered importer that reads it. It fills what
// the page shows about it and says whether the log marks the game as over.
func (a *archive) readUpload(sp *words.Speaker, data []byte, p *importPage) (*record.Record, bool, error) {
	reg := a.s.store.Registry()
	if bytes.Contains(data[:min(len(data), 200)], []byte(record.Format)) {
		rec, err := record.Decode(data)
		if err != nil {
			return nil, false, importFail("pages.import.error.record_unreadable", err)
		}
		st, err := record.Replay(reg, rec)
		if err != nil {
			return nil, false, importFail("pages.import.error.record_replay", err)
		}
		p.Kind, p.Entries, p.Finished, p.Source = a.s.kindName(sp, rec.GameID), len(rec.Moves), st.Finished(), sourceRecord
		return rec, false, nil
	}
	var foreign error
	for _, imp := range reg.Importers() {
		im, err := imp.Import(data)
		if errors.Is(err, game.ErrForeignFormat) {
			foreign = err
			continue
		}
		if err != nil {
			return nil, false, importFail("pages.import.error.log", err)
		}
		if im.Refusal != "" {
			return nil, false, importFail("pages.import.error.refused", errors.New(im.Refusal))
		}
		p.Kind, p.Entries, p.Finished, p.Source = a.s.kindName(sp, im.Game), len(im.Steps), im.Final.Finished(), imp.Name()
		p.Refused = im.Refused()
		p.ruleset, p.departures = im.Ruleset, im.Departures
		if im.Ruleset != "" {
			p.Notes = append(p.Notes, fmt.Sprintf("The game is over: it is replayed under %s's own rules, so that it ends with that site's result.", imp.Name()))
		}
		for _, st := range im.Steps {
			if st.Note != "" && len(p.Notes) < 12 && (!st.Accepted || strings.Contains(st.Note, "rule")) {
				p.Notes = append(p.Notes, fmt.Sprintf("entry %d: %s", st.Index, st.Note))
			}
		}
		return record.FromImported(im), im.Ended >= 0, nil
	}
	if foreign == nil {
		return nil, false, words.Fail(words.New("pages.import.error.not_record"))
	}
	return nil, false, words.Fail(words.New("pages.import.error.foreign").With("sites", a.siteNames()).Sub("why", errorText(foreign)))
}

// siteNames lists the sites whose logs the registered importers read.
func (a *archive) siteNames() words.Arg {
	var names []string
	for _, imp := range a.s.store.Registry().Importers() {
		names = append(names, imp.Name())
	}
	return words.List(lits(names)...)
}

// importFail is a refusal of an upload: the page's words, then the
// importer's (or decoder's) own, which are English (see importPage).
func importFail(id string, err error) error {
	return words.Fail(words.New(id).Sub("why", errorText(err)))
}

// uploadedLog returns the log from the file field, or from the form's
// carried copy; gzipped files are unpacked.
func uploadedLog(c *echo.Context) ([]byte, error) {
	var raw []byte
	if fh, err := c.FormFile("log"); err == nil {
		f, err := fh.Open()
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if raw, err = io.ReadAll(io.LimitReader(f, maxLog+1)); err != nil {
			return nil, importFail("pages.import.error.upload", err)
		}
	} else if packed := c.FormValue("packed"); packed != "" {
		b, err := base64.StdEncoding.DecodeString(packed)
		if err != nil {
			return nil, words.Fail(words.New("pages.import.error.damaged"))
		}
		raw = b
	} else {
		return nil, words.Fail(words.New("pages.import.error.no_file"))
	}
	if len(raw) > 2 && raw[0] == 0x1f && raw[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, importFail("pages.import.error.gzip", err)
		}
		if raw, err = io.ReadAll(io.LimitReader(zr, maxLog+1)); err != nil {
			return nil, importFail("pages.import.error.gzip", err)
		}
	}
	if len(raw) > maxLog {
		return nil, words.Fail(words.New("pages.import.error.too_large").Num("mb", maxLog>>20))
	}
	return raw, nil
}

// packLog gzips and base64-encodes the log for the second step's form.
func packLog(data []byte) (string, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		return "", err
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}
