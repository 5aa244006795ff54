package handlers

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"rondel/game/imperial/playimperial"
	"rondel/game/record"
	"rondel/store"
)

// maxLog bounds an uploaded log once unpacked.
const maxLog = 8 << 20

// importPlayer is one seat of the uploaded log, to be matched to a member.
type importPlayer struct {
	Seat  int
	Site  string // the player's id on the site
	Field string
	Email string
}

type importPage struct {
	Name     string
	Log      string // the uploaded log, gzipped and base64, carried to step two
	Players  []importPlayer
	Kind     string
	Entries  int
	Refused  int
	Finished bool
	Notes    []string
	Error    string
}

// mustAdmin answers 403 unless the signed-in member is a configured admin.
func (a *archive) mustAdmin(c *echo.Context) error {
	if u := currentUser(c); u == nil || !a.s.cfg.IsAdmin(u.Email) {
		return fail(http.StatusForbidden, "Admins only", "Only the club's administrators (the admins list of the configuration) may import games.")
	}
	return nil
}

func (a *archive) importForm(c *echo.Context) error {
	if err := a.mustAdmin(c); err != nil {
		return err
	}
	return a.s.render(c, http.StatusOK, "records_import", "Import a game", importPage{})
}

// importUpload reads the log (step one: the file; step two: the same log
// carried in the form with an address for every player) and creates the
// game once every player has an address.
func (a *archive) importUpload(c *echo.Context) error {
	if err := a.mustAdmin(c); err != nil {
		return err
	}
	ctx := c.Request().Context()
	p := importPage{Name: strings.TrimSpace(c.FormValue("name"))}
	refuse := func(code int, msg string) error {
		p.Error = msg
		return a.s.render(c, code, "records_import", "Import a game", p)
	}
	data, err := uploadedLog(c)
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, err.Error())
	}
	rec, source, err := a.readUpload(data, &p)
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, err.Error())
	}
	if p.Log, err = packLog(data); err != nil {
		return err
	}
	complete := true
	var emails []string
	for i, pl := range rec.Players {
		ip := importPlayer{Seat: i + 1, Site: pl.Name, Field: fmt.Sprintf("email%d", i)}
		ip.Email = strings.TrimSpace(c.FormValue(ip.Field))
		if ip.Email == "" {
			complete = false
		}
		emails = append(emails, ip.Email)
		p.Players = append(p.Players, ip)
	}
	if !complete {
		return a.s.render(c, http.StatusOK, "records_import", "Import a game", p)
	}
	notes := fmt.Sprintf("%d of %d log entries were not applied.", p.Refused, p.Entries)
	if source != sourcePlayImperial {
		notes = ""
	}
	row, err := a.s.store.ImportRecord(ctx, rec, store.ImportSpec{Name: p.Name, Emails: emails,
		CreatedBy: currentUser(c).ID, Source: source, Notes: notes})
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, "The game was not created: "+err.Error()+".")
	}
	if row.Status == store.StatusActive && a.s.hooks.GameStarted != nil {
		a.s.hooks.GameStarted(ctx, row.ID)
	}
	return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", row.ID))
}

const (
	sourcePlayImperial = "playimperial.club"
	sourceRecord       = "a Rondel game record"
)

// readUpload turns an uploaded file into a Rondel record: a Rondel game
// record (from another club's export) as it is, or a playimperial.club
// log translated by the importer. It fills what the page shows about it.
func (a *archive) readUpload(data []byte, p *importPage) (*record.Record, string, error) {
	if bytes.Contains(data[:min(len(data), 200)], []byte(record.Format)) {
		rec, err := record.Decode(data)
		if err != nil {
			return nil, "", fmt.Errorf("the file is not a readable Rondel game record: %v", err)
		}
		st, err := record.Replay(a.s.store.Registry(), rec)
		if err != nil {
			return nil, "", fmt.Errorf("the record does not replay in this Rondel: %v", err)
		}
		p.Kind, p.Entries, p.Finished = a.s.kindName(rec.GameID), len(rec.Moves), st.Finished()
		return rec, sourceRecord, nil
	}
	entries, err := playimperial.Parse(data)
	if err != nil {
		return nil, "", fmt.Errorf("the file is neither a Rondel game record nor a playimperial.club game log: %v", err)
	}
	g, err := a.s.store.Registry().Get(playimperial.GameID(entries))
	if err != nil {
		return nil, "", err
	}
	res, err := playimperial.Import(g, entries)
	if err != nil {
		return nil, "", fmt.Errorf("the log cannot be imported: %v", err)
	}
	p.Kind, p.Entries, p.Finished = g.Info().Name, len(entries), res.State.Finished()
	for _, st := range res.Steps {
		if !st.Accepted {
			p.Refused++
		}
		if st.Note != "" && len(p.Notes) < 12 && (!st.Accepted || strings.Contains(st.Note, "rule")) {
			p.Notes = append(p.Notes, fmt.Sprintf("entry %d: %s", st.Index, st.Note))
		}
	}
	return res.Record, sourcePlayImperial, nil
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
			return nil, fmt.Errorf("the upload failed: %v (the limit is 1 MB: upload large logs gzipped)", err)
		}
	} else if packed := c.FormValue("packed"); packed != "" {
		b, err := base64.StdEncoding.DecodeString(packed)
		if err != nil {
			return nil, fmt.Errorf("the form was damaged; upload the file again")
		}
		raw = b
	} else {
		return nil, fmt.Errorf("choose the log file to upload")
	}
	if len(raw) > 2 && raw[0] == 0x1f && raw[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("the file looks gzipped but is not readable: %v", err)
		}
		if raw, err = io.ReadAll(io.LimitReader(zr, maxLog+1)); err != nil {
			return nil, fmt.Errorf("the file looks gzipped but is not readable: %v", err)
		}
	}
	if len(raw) > maxLog {
		return nil, fmt.Errorf("the log is larger than %d MB", maxLog>>20)
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
