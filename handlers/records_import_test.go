package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/imperial/playimperial"
	"rondel/store"
)

// importRegistry hosts the games and, beside them, the playimperial.club
// importer, as the service does.
func importRegistry(games ...game.Game) *game.Registry {
	return game.NewRegistry(games...).WithImporters(playimperial.NewImporter(games...))
}

// siteActions reads a log of the playimperial importer's testdata: a
// sample trace (an object with actions) or a plain list, gzipped.
func siteActions(t *testing.T, name string) []json.RawMessage {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "game", "imperial", "playimperial", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var actions []json.RawMessage
	if json.Unmarshal(data, &actions) == nil {
		return actions
	}
	var doc struct {
		Actions []json.RawMessage `json:"actions"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Actions
}

// playimperialLog returns a site log cut after n actions (a game in play).
func playimperialLog(t *testing.T, name string, n int) []byte {
	actions := siteActions(t, name)
	out, _ := json.Marshal(actions[:min(n, len(actions))])
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
	t.Parallel()
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
	code, doc = boss.submit(doc, `form[action="/admin/import"]`, map[string]string{"name0": "Ann", "email0": "ann@example.org", "name1": "Cy", "email1": "cy@example.org"})
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

// TestAdminImportsRondelRecord: a record exported by one club imports into
// another as a finished game with the same final state.
func TestAdminImportsRondelRecord(t *testing.T) {
	t.Parallel()
	src := newArchiveEnv(t)
	id := finishRated(t, src, 31, "ann@example.org", "bob@example.org")
	exported, err := src.store.ExportRecord(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.MarshalIndent(exported, "", "  ")

	e := newArchiveEnv(t)
	newID := importFinished(t, e, data, "x@example.org", "y@example.org")
	again, err := e.store.ExportRecord(context.Background(), newID)
	if err != nil || again.StateHash != exported.StateHash {
		t.Fatalf("imported record: %v, hash %s, want %s", err, again.StateHash, exported.StateHash)
	}
}

// TestAdminImportsFinishedLog: a log of a game that ended on the site
// becomes a finished, unrated game replayed under the site's own rules,
// with or without endGame: nobody is asked to move, and the game page shows
// the result, says it was played under the site's rules and lists the
// departures from the rule book that changed it, first one first.
func TestAdminImportsFinishedLog(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		file  string
		trace bool
		first string // the first departure the page lists, "" for none
	}{
		"no departure, trace":           {"site/finished-europe-p2.json.gz", true, ""},
		"departures, trace":             {"europe-p2-safe-site-s00017.json.gz", true, "entry 93: laid down the standing armies of a nation that agreed to coexist"},
		"departures, plain action list": {"europe-p2-safe-site-s00017.json.gz", false, "entry 93: laid down the standing armies of a nation that agreed to coexist"},
	} {
		t.Run(name, func(t *testing.T) {
			e := newArchiveEnv(t)
			ctx := context.Background()
			actions := siteActions(t, tc.file)
			log := mustJSON(actions)
			if tc.trace {
				log = mustJSON(map[string]any{"actions": actions, "final": map[string]bool{"game_over": true}})
			}
			id, doc := importFinishedPage(t, e, log, "ann@example.org", "cy@example.org")
			pos, err := e.store.Current(ctx, id)
			if err != nil || pos.Game.Status != store.StatusFinished || pos.Game.Rated {
				t.Fatalf("stored as %+v (%v), want finished and unrated", pos.Game, err)
			}
			pend, _ := e.store.Pending(ctx)
			for _, p := range pend {
				if p.Game.ID == id {
					t.Errorf("the finished import asks %s to move", p.User.Email)
				}
			}
			page := text(doc)
			if !strings.Contains(page, "under that site's own rules") {
				t.Errorf("the page does not say the game was played under the site's rules: %s", page)
			}
			items := doc.Find("ul.departures li")
			switch {
			case tc.first == "" && items.Length() != 0:
				t.Errorf("departures listed for a game none changed: %s", items.Text())
			case tc.first == "" && !strings.Contains(page, "None of the site's departures"):
				t.Errorf("the page does not say no departure changed the game")
			case tc.first != "" && (items.Length() == 0 || !strings.Contains(items.First().Text(), tc.first)):
				t.Errorf("first departure listed %q, want %q", items.First().Text(), tc.first)
			}
		})
	}
}

// TestAdminRefusesLogOverOnlyOnTheSite: a log that ended on the site but
// does not end under Rondel's rules is refused with the reason; no game is
// created, so nobody is mailed.
func TestAdminRefusesLogOverOnlyOnTheSite(t *testing.T) {
	t.Parallel()
	e := newArchiveEnv(t)
	ctx := context.Background()
	// The game ends on the site after entry 712; cut at 300 it is not over
	// under the site's rules either.
	actions := siteActions(t, "europe-p2-safe-site-s00017.json.gz")[:300]
	for name, log := range map[string][]byte{
		"trace saying game over":  mustJSON(map[string]any{"actions": actions, "final": map[string]bool{"game_over": true}}),
		"log ending with endGame": mustJSON(append(actions, json.RawMessage(`{"type":"endGame"}`))),
	} {
		boss, code, doc := uploadAsAdmin(t, e, log)
		if code != http.StatusUnprocessableEntity || !strings.Contains(text(doc), "ended on playimperial.club") || doc.Find(`input[name="email0"]`).Length() != 0 {
			t.Errorf("%s: %d %s", name, code, text(doc))
		}
		// The second step, forged with addresses, is refused too.
		packed, _ := packLog(log)
		code, doc = boss.post("/admin/import", map[string][]string{"csrf": {csrfOf(t, boss)}, "packed": {packed},
			"name0": {"Ann"}, "email0": {"ann@example.org"}, "name1": {"Cy"}, "email1": {"cy@example.org"}})
		if code != http.StatusUnprocessableEntity {
			t.Errorf("%s, step two: %d %s", name, code, text(doc))
		}
	}
	if _, code, doc := uploadAsAdmin(t, e, []byte("not a log")); code != http.StatusUnprocessableEntity ||
		!strings.Contains(text(doc), "neither a Rondel game record nor a playimperial.club game log") {
		t.Errorf("an unreadable file: %d %s", code, text(doc))
	}
	if games, _ := e.store.ExportGames(ctx, store.ExportFilter{}); len(games) != 0 {
		t.Errorf("%d games created", len(games))
	}
	if pend, _ := e.store.Pending(ctx); len(pend) != 0 {
		t.Errorf("someone is asked to move: %+v", pend)
	}
}

// uploadAsAdmin signs the admin in and uploads a log (step one).
func uploadAsAdmin(t *testing.T, e *env, log []byte) (*browser, int, *goquery.Document) {
	t.Helper()
	boss := e.browser()
	boss.signIn("boss@example.org")
	boss.get("/admin/import")
	code, doc := boss.upload("/admin/import", map[string]string{"csrf": csrfOf(t, boss)}, log)
	return boss, code, doc
}

// importFinished imports a finished two-player game as the admin and
// returns its id, requiring the page to show the final result.
func importFinished(t *testing.T, e *env, log []byte, email0, email1 string) int64 {
	id, _ := importFinishedPage(t, e, log, email0, email1)
	return id
}

// importFinishedPage is importFinished, also returning the game's page.
func importFinishedPage(t *testing.T, e *env, log []byte, email0, email1 string) (int64, *goquery.Document) {
	t.Helper()
	boss, code, doc := uploadAsAdmin(t, e, log)
	if code != http.StatusOK || doc.Find(`input[name="email1"]`).Length() != 1 || !strings.Contains(text(doc), "finished") {
		t.Fatalf("step one: %d %s", code, text(doc))
	}
	set := map[string]string{"email0": email0, "email1": email1}
	for i, addr := range []string{email0, email1} {
		field := fmt.Sprintf("name%d", i)
		if v, _ := doc.Find(`input[name="` + field + `"]`).Attr("value"); v == "" {
			set[field] = strings.Split(addr, "@")[0]
		}
	}
	code, doc = boss.submit(doc, `form[action="/admin/import"]`, set)
	if code != http.StatusOK || !strings.Contains(text(doc), "Final result") {
		t.Fatalf("step two: %d %s", code, text(doc))
	}
	var id int64
	fmt.Sscanf(boss.last.Request.URL.Path, "/games/%d", &id)
	return id, doc
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// TestNewGameFormOffersNoSiteRules: the playimperial.club rules exist only
// to replay imported games: the new-game form offers them for neither
// Imperial nor Imperial 2030.
func TestNewGameFormOffersNoSiteRules(t *testing.T) {
	e := newArchiveEnv(t)
	ann := e.browser()
	ann.signIn("ann@x.org")
	code, doc := ann.get("/games/new")
	if code != http.StatusOK {
		t.Fatalf("new game form: %d", code)
	}
	if doc.Find(`[name="opt.imperial.edition"]`).Length() == 0 {
		t.Fatal("the form has no Imperial options at all: the test would prove nothing")
	}
	for _, g := range []string{"imperial", "imperial2030"} {
		if n := doc.Find(`[name="` + optionFieldName(g, "ruleset") + `"]`).Length(); n != 0 {
			t.Errorf("%s: the form offers the ruleset option", g)
		}
	}
	if html, _ := doc.Html(); strings.Contains(html, "playimperial") {
		t.Error("the form mentions the site's rules")
	}
}

// TestAdminImportStopsAtFirstUnplayableEntry: a game in play whose replay
// under the rule book cannot play an entry is offered from the position
// before it: the upload says where and why (and the first difference
// behind it), and the game created goes on from there.
func TestAdminImportStopsAtFirstUnplayableEntry(t *testing.T) {
	e := newArchiveEnv(t)
	ctx := context.Background()
	boss, code, doc := uploadAsAdmin(t, e, playimperialLog(t, "europe-p2-safe-site-s00017.json.gz", 200))
	page := text(doc)
	if code != http.StatusOK || !strings.Contains(page, "entry 123: the import stops here") || !strings.Contains(page, "first differ at entry 93") {
		t.Fatalf("step one: %d %s", code, page)
	}
	boss.submit(doc, `form[action="/admin/import"]`, map[string]string{"name0": "Ann", "email0": "ann@example.org", "name1": "Cy", "email1": "cy@example.org"})
	var id int64
	fmt.Sscanf(boss.last.Request.URL.Path, "/games/%d", &id)
	pos, err := e.store.Current(ctx, id)
	if err != nil || pos.Game.Status != store.StatusActive {
		t.Fatalf("stored as %+v (%v), want a game in play", pos, err)
	}
	if pend, _ := e.store.Pending(ctx); len(pend) == 0 {
		t.Error("nobody is asked to move in the game that goes on")
	}
}
