package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/record"
	"rondel/store"
	"rondel/store/config"
)

// newArchiveEnv is a service hosting Imperial and the take-away game,
// with boss@example.org as admin.
func newArchiveEnv(t *testing.T) *env {
	t.Helper()
	c := &clock{t: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	reg := game.NewRegistry(gametest.Game{}, imperial.New(), imperial.New2030())
	st, err := store.Open(filepath.Join(t.TempDir(), "a.db"), store.Options{Registry: reg, Now: c.Now, CacheSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.CheckSchema(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.BaseURL = testBase
	cfg.Admins = []string{"boss@example.org"}
	cfg.Seasons = []config.Season{{Name: "spring", Start: "2026-03-01"}}
	h, err := New(Deps{Store: st, Config: cfg, Now: c.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return &env{t: t, store: st, ts: ts, clock: c, cfg: cfg}
}

// finishRated plays a rated take-away game between two members to its end.
func finishRated(t *testing.T, e *env, seed uint64, a, b string) int64 {
	t.Helper()
	ctx := context.Background()
	g, invites, err := e.store.CreateGame(ctx, store.NewGame{GameID: gametest.ID, Name: fmt.Sprint("rated ", seed), Seed: seed, Rated: true,
		Players: []store.NewPlayer{{Name: strings.Split(a, "@")[0], Email: a}, {Name: strings.Split(b, "@")[0], Email: b}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, inv := range invites {
		if _, _, err := e.store.AcceptInvitation(ctx, inv.Token); err != nil {
			t.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(seed, 3))
	for range 500 {
		e.clock.Add(7 * time.Minute)
		pos, err := e.store.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			return g.ID
		}
		d := pos.State.ToAct()
		seat := d[r.IntN(len(d))].Seat
		legal := pos.State.LegalMoves(seat)
		if _, err := e.store.AppendMove(ctx, store.Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: legal[r.IntN(len(legal))].Move}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("game did not end")
	return 0
}

func (b *browser) raw(path string) (int, []byte) {
	b.e.t.Helper()
	resp, err := b.client.Get(b.e.ts.URL + path)
	if err != nil {
		b.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

func TestFinishedGameDownloadsAndLadder(t *testing.T) {
	e := newArchiveEnv(t)
	var last int64
	for i := range 3 {
		last = finishRated(t, e, uint64(20+i), "ann@example.org", "bob@example.org")
	}
	b := e.browser()
	b.signIn("ann@example.org")
	code, doc := b.get(fmt.Sprintf("/games/%d", last))
	page := text(doc)
	if code != http.StatusOK || !strings.Contains(page, "Rating changes") || doc.Find(".rating-changes tbody tr").Length() != 2 {
		t.Fatalf("finished rated game page: %d %s", code, page)
	}
	if doc.Find(fmt.Sprintf(`a[href="/games/%d/export.json"]`, last)).Length() != 1 || doc.Find(fmt.Sprintf(`a[href="/games/%d/log.txt"]`, last)).Length() != 1 {
		t.Fatal("no download buttons on a finished game")
	}
	code, data := b.raw(fmt.Sprintf("/games/%d/export.json", last))
	rec, err := record.Decode(data)
	if code != http.StatusOK || err != nil || rec.StateHash == "" || rec.Result == nil || rec.Engine == "" {
		t.Fatalf("record download: %d %v %.200s", code, err, data)
	}
	if h, _ := e.store.FinalHash(context.Background(), last); h != rec.StateHash {
		t.Errorf("downloaded hash %s, sealed %s", rec.StateHash, h)
	}
	code, data = b.raw(fmt.Sprintf("/games/%d/log.txt", last))
	if code != http.StatusOK || !bytes.HasPrefix(data, []byte("[Game ")) || !bytes.Contains(data, []byte("[Result ")) || !bytes.Contains(data, []byte("\n1. ")) {
		t.Fatalf("readable log: %d %.300s", code, data)
	}

	code, doc = b.get("/ladder/" + gametest.ID)
	rows := doc.Find("table.ladder tbody tr")
	if code != http.StatusOK || rows.Length() != 2 || !strings.Contains(rows.Text(), "provisional") {
		t.Fatalf("ladder: %d %s", code, text(doc))
	}
	code, doc = b.get("/ladder/" + gametest.ID + "?season=spring")
	if code != http.StatusOK || doc.Find("table.ladder tbody tr").Length() != 2 {
		t.Fatalf("season ladder: %d %s", code, text(doc))
	}
	if code, _ := b.get("/ladder/" + gametest.ID + "?season=winter"); code != http.StatusNotFound {
		t.Errorf("unknown season: %d", code)
	}
	href, _ := rows.First().Find("a").Attr("href")
	code, doc = b.get(href)
	if code != http.StatusOK || doc.Find("svg.rating-history polyline").Length() != 1 || doc.Find("svg.rating-history circle").Length() != 3 {
		t.Fatalf("player page: %d %s", code, text(doc))
	}
	code, data = b.raw(href + "/records.ndjson")
	if code != http.StatusOK || bytes.Count(data, []byte("\n")) != 3 {
		t.Fatalf("player archive: %d, %d lines", code, bytes.Count(data, []byte("\n")))
	}
	code, data = b.raw("/ladder/" + gametest.ID + "/records.ndjson?season=spring")
	if code != http.StatusOK || bytes.Count(data, []byte("\n")) != 3 {
		t.Fatalf("season archive: %d, %d lines", code, bytes.Count(data, []byte("\n")))
	}
}

// playimperialLog returns a site log cut after n actions (a game in play).
func playimperialLog(t *testing.T, name string, n int) []byte {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "game", "imperial", "playimperial", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Actions []json.RawMessage `json:"actions"`
	}
	if err := json.NewDecoder(zr).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(doc.Actions[:min(n, len(doc.Actions))])
	return out
}

func (b *browser) upload(path string, fields map[string]string, file []byte) (int, *goquery.Document) {
	b.e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("log", "game.json")
	fw.Write(file)
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, b.e.ts.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return b.do(req)
}

// TestAdminImportsOngoingGame: an admin uploads half a playimperial.club
// game, gives the players' addresses, and the players continue it here.
func TestAdminImportsOngoingGame(t *testing.T) {
	e := newArchiveEnv(t)
	ctx := context.Background()
	log := playimperialLog(t, "europe-p2-safe-site-s00017.json.gz", 120)

	member := e.browser()
	member.signIn("ann@example.org")
	if code, _ := member.get("/admin/import"); code != http.StatusForbidden {
		t.Fatalf("a member who is not admin sees the import: %d", code)
	}
	boss := e.browser()
	boss.signIn("boss@example.org")
	_, doc := boss.get("/admin/import")
	csrf, _ := doc.Find(`input[name="csrf"]`).Attr("value")
	code, doc := boss.upload("/admin/import", map[string]string{"csrf": csrf, "name": "From the site"}, log)
	if code != http.StatusOK || doc.Find(`input[name="email0"]`).Length() != 1 || doc.Find(`input[name="email1"]`).Length() != 1 {
		t.Fatalf("step one: %d %s", code, text(doc))
	}
	code, doc = boss.submit(doc, `form[action="/admin/import"]`, map[string]string{"email0": "ann@example.org", "email1": "cy@example.org"})
	if code != http.StatusOK || !strings.HasPrefix(boss.last.Request.URL.Path, "/games/") {
		t.Fatalf("step two: %d %s", code, text(doc))
	}
	if !strings.Contains(text(doc), "Imported from playimperial.club") {
		t.Errorf("the game page does not say where the game came from: %s", text(doc))
	}
	var id int64
	fmt.Sscanf(boss.last.Request.URL.Path, "/games/%d", &id)
	pend, err := e.store.Pending(ctx)
	if err != nil || len(pend) == 0 || pend[0].Game.ID != id {
		t.Fatalf("the imported game waits for nobody: %v %+v", err, pend)
	}
	who := e.browser()
	who.signIn(pend[0].User.Email)
	_, doc = who.get(fmt.Sprintf("/games/%d", id))
	if doc.Find("#decide form.move").Length() != 1 {
		t.Fatalf("%s cannot continue the imported game: %s", pend[0].User.Email, text(doc))
	}
	legal := pend[0].Seat.Seat
	pos, _ := e.store.Current(ctx, id)
	mv := pos.State.LegalMoves(legal)[0].Move
	code, doc = who.post(fmt.Sprintf("/games/%d/move", id), map[string][]string{"csrf": {csrfOf(t, who)}, "seq": {fmt.Sprint(pos.Seq)}, "move": {string(mv)}})
	if code != http.StatusOK {
		t.Fatalf("move in the imported game: %d %s", code, text(doc))
	}
	if after, _ := e.store.Current(ctx, id); after.Seq != pos.Seq+1 {
		t.Errorf("the move was not played: at %d, want %d", after.Seq, pos.Seq+1)
	}
}

func TestNewGameCanBeRated(t *testing.T) {
	e := newArchiveEnv(t)
	b := e.browser()
	b.signIn("ann@example.org")
	for _, rated := range []string{"on", ""} {
		_, doc := b.get("/games/new")
		set := map[string]string{"name": "r" + rated, "order": "entered", "game": gametest.ID, "rated": rated,
			"name0": "Ann", "email0": "ann@example.org", "name1": "Bob", "email1": "bob@example.org"}
		if code, doc := b.submit(doc, `form[action="/games"]`, set); code != http.StatusOK {
			t.Fatalf("create: %d %s", code, text(doc))
		}
		var id int64
		fmt.Sscanf(b.last.Request.URL.Path, "/games/%d", &id)
		g, err := e.store.GameRow(context.Background(), id)
		if err != nil || g.Rated != (rated == "on") {
			t.Errorf("rated %q: stored %+v, %v", rated, g, err)
		}
	}
}

// TestAdminImportsRondelRecord: a record exported by one club imports into
// another as a finished game with the same final state.
func TestAdminImportsRondelRecord(t *testing.T) {
	src := newArchiveEnv(t)
	id := finishRated(t, src, 31, "ann@example.org", "bob@example.org")
	exported, err := src.store.ExportRecord(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.MarshalIndent(exported, "", "  ")

	e := newArchiveEnv(t)
	boss := e.browser()
	boss.signIn("boss@example.org")
	_, doc := boss.get("/admin/import")
	code, doc := boss.upload("/admin/import", map[string]string{"csrf": csrfOf(t, boss)}, data)
	if code != http.StatusOK || doc.Find(`input[name="email1"]`).Length() != 1 || !strings.Contains(text(doc), "finished") {
		t.Fatalf("step one: %d %s", code, text(doc))
	}
	code, doc = boss.submit(doc, `form[action="/admin/import"]`, map[string]string{"email0": "x@example.org", "email1": "y@example.org"})
	if code != http.StatusOK || !strings.Contains(text(doc), "Final result") {
		t.Fatalf("step two: %d %s", code, text(doc))
	}
	var newID int64
	fmt.Sscanf(boss.last.Request.URL.Path, "/games/%d", &newID)
	again, err := e.store.ExportRecord(context.Background(), newID)
	if err != nil || again.StateHash != exported.StateHash {
		t.Fatalf("imported record: %v, hash %s, want %s", err, again.StateHash, exported.StateHash)
	}
}
