package handlers

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/record"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

// newArchiveEnv is a service hosting Imperial and the take-away game,
// with boss@example.org as admin.
func newArchiveEnv(t *testing.T) *env {
	t.Helper()
	return newEnvOn(t, importRegistry(gametest.Game{}, imperial.New(), imperial.New2030()), func(d *Deps) {
		d.Config.Admins = []string{"boss@example.org"}
		d.Config.Seasons = []config.Season{{Name: "spring", Start: "2026-03-01"}}
	})
}

// finishRated plays a rated take-away game between two members to its end.
func finishRated(t *testing.T, e *env, seed uint64, a, b string) int64 {
	t.Helper()
	ctx := context.Background()
	g := storetest.StartGame(t, e.store, store.NewGame{Name: fmt.Sprint("rated ", seed), Seed: seed, Rated: true,
		Players: []store.NewPlayer{{Name: strings.Split(a, "@")[0], Email: a}, {Name: strings.Split(b, "@")[0], Email: b}}}, nil)
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
	req, _ := http.NewRequest(http.MethodGet, b.e.ts.URL+path, nil)
	if b.lang != "" {
		req.Header.Set("Accept-Language", b.lang)
	}
	if b.plain {
		req.Header.Set("Accept-Encoding", "identity")
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	b.zipped = resp.Uncompressed // the client unpacked a gzip answer
	if b.plain && resp.Header.Get("Content-Encoding") != "" {
		b.e.t.Fatalf("%s: %s to a browser that takes none", path, resp.Header.Get("Content-Encoding"))
	}
	return resp.StatusCode, data
}

func TestFinishedGameDownloadsAndLadder(t *testing.T) {
	t.Parallel()
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

func TestNewGameCanBeRated(t *testing.T) {
	t.Parallel()
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
