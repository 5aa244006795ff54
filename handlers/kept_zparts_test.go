package handlers

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"rondel/game/imperial"
	"rondel/handlers/gzjoin"
	"rondel/store"
	"rondel/store/storetest"
)

// zippedParts holds a kept game's page, read as gzip, to its compressed
// rows: the pieces the row every viewer reads holds are what the page
// shows, and a row it cannot read, lacking a part, or missing gives the
// page made of the row's HTML (v.page, byte for byte), not as gzip.
func zippedParts(t *testing.T, e *env, game int64, v keptView, finished bool) {
	t.Helper()
	overview, account := `<p id="zipped-overview">o</p>`, `<section id="zipped-account">a</section>`
	var marked, noAccount bytes.Buffer
	for _, w := range []struct {
		b          *bytes.Buffer
		name, text string
	}{{&marked, zOverview, overview}, {&marked, zAccount, account}, {&noAccount, zOverview, overview}} {
		if err := writeZPart(w.b, w.name, w.text); err != nil {
			t.Fatal(err)
		}
	}
	if !finished {
		marked = noAccount // a game in play's shows no account
	}
	for _, c := range []struct {
		parts []byte
		shows bool
	}{
		{marked.Bytes(), true},
		{[]byte{}, false},
		{[]byte("overview 1 2 99\nshort"), false},
		{[]byte("overview x 2 0\n"), false},
		{[]byte("overview 1 2"), false},
		{[]byte("overview 1 2 -1\n"), false},
	} {
		if err := e.store.Exec(`UPDATE page_zparts SET parts = ? WHERE game_id = ? AND viewer = ?`, c.parts, game, store.ZShared); err != nil {
			t.Fatal(err)
		}
		page := rawPage(t, v.b, v.path)
		shows := strings.Contains(page, overview) && (!finished || strings.Contains(page, account))
		if shows != c.shows || v.b.zipped != c.shows {
			t.Errorf("compressed parts %q: shown %v, as gzip %v; want %v", c.parts, shows, v.b.zipped, c.shows)
		}
		if !c.shows && page != v.page {
			t.Errorf("compressed parts %q: the page made of the row's HTML differs:\n%s", c.parts, firstDifference(v.page, page))
		}
	}
	if finished {
		if err := e.store.Exec(`UPDATE page_zparts SET parts = ? WHERE game_id = ? AND viewer = ?`, noAccount.Bytes(), game, store.ZShared); err != nil {
			t.Fatal(err)
		}
		if page := rawPage(t, v.b, v.path); v.b.zipped || page != v.page {
			t.Errorf("compressed parts without the account: as gzip %v, same page %v", v.b.zipped, page == v.page)
		}
	}
	if err := e.store.Exec(`DELETE FROM page_zparts WHERE game_id = ? AND viewer <> ?`, game, store.ZShared); err != nil {
		t.Fatal(err)
	}
	if page := rawPage(t, v.b, v.path); v.b.zipped || page != v.page {
		t.Errorf("no viewer's compressed row: as gzip %v, same page %v", v.b.zipped, page == v.page)
	}
}

func TestZPartsReadBackAsWritten(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		names := rapid.SliceOfNDistinct(rapid.StringMatching(`[a-z]{1,8}`), 0, 6, func(s string) string { return s }).Draw(t, "names")
		texts := map[string]string{}
		var b bytes.Buffer
		for _, n := range names {
			texts[n] = rapid.String().Draw(t, n)
			if err := writeZPart(&b, n, texts[n]); err != nil {
				t.Fatal(err)
			}
		}
		for _, n := range names {
			p, ok := zPartOf(b.Bytes(), n)
			if !ok {
				t.Fatalf("part %q not found", n)
			}
			if got := inflate(p); got != texts[n] {
				t.Fatalf("part %q reads %q, written %q", n, got, texts[n])
			}
			w := gzjoin.NewWriter(nil)
			w.Piece(p)
			zr, err := gzip.NewReader(bytes.NewReader(w.Finish()))
			if err != nil {
				t.Fatal(err)
			}
			if got, err := io.ReadAll(zr); err != nil || string(got) != texts[n] {
				t.Fatalf("part %q as gzip: %q (%v)", n, got, err)
			}
		}
		if _, ok := zPartOf(b.Bytes(), "NOT-A-NAME"); ok {
			t.Fatal("a part never written found")
		}
	})
}

func FuzzZPartOf(f *testing.F) {
	var b bytes.Buffer
	_ = writeZPart(&b, zBoard, "<svg/>")
	_ = writeZPart(&b, zStrip, "")
	f.Add(b.Bytes(), zStrip)
	f.Add([]byte("board 1 2 3\nabc"), zBoard)
	f.Add([]byte("board 1 2 -3\n"), zBoard)
	f.Fuzz(func(t *testing.T, parts []byte, name string) {
		p, ok := zPartOf(parts, name)
		if !ok {
			return
		}
		if len(p.Z) > len(parts) || cap(p.Z) != len(p.Z) {
			t.Fatalf("a piece of %d bytes (room %d) out of %d", len(p.Z), cap(p.Z), len(parts))
		}
		_ = inflate(p) // a piece that is not deflate reads short, without a panic
		w := gzjoin.NewWriter(nil)
		w.Piece(p)
		w.Finish()
	})
}

func TestTakesGzip(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"gzip, deflate, br, zstd", true},
		{"deflate, GZIP;q=0.5", true},
		{"x-gzip", true},
		{"identity", false},
		{"br", false},
		{"gzip;q=0", false},
		{"gzip; q=0.000", false},
		{"*", true},
		{"*;q=0", false},
		{"gzip;q=0, *", false},
		{"br, *;q=0.1", true},
		{"gzip;q=abc", false},
		{"gzip;q=2", false},
		{"gzip;level=1;q=1", true},
	} {
		if got := takesGzip(c.header); got != c.want {
			t.Errorf("takesGzip(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}

func FuzzTakesGzip(f *testing.F) {
	for _, s := range []string{"gzip", "*;q=0", "gzip;q=0.5, br", ";;,=;q="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		if takesGzip(h) && !strings.Contains(strings.ToLower(h), "gzip") && !strings.Contains(h, "*") {
			t.Fatalf("%q taken as gzip", h)
		}
	})
}

// TestGamePageGzipHeaders: a kept game's page as gzip says so, its
// length the compressed one, and both ways of writing it vary by
// Accept-Encoding with a tag of their own.
func TestGamePageGzipHeaders(t *testing.T) {
	t.Parallel()
	e := newEnvOn(t, finishedRegistry(), func(d *Deps) { d.PagesVersion = "test-1" })
	g, _ := importGolden(t, e, "imperial-standard-4p-v2", "z-")
	keepAll(t, e.srv)
	b := e.browser()
	b.signIn("z-0@example.org")
	get := func(enc string) (*http.Response, []byte) {
		t.Helper()
		e.srv.DropKept()
		req, _ := http.NewRequest(http.MethodGet, e.ts.URL+gamePath(g.ID), nil)
		req.Header.Set("Accept-Encoding", enc)
		resp, err := b.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, body
	}
	get("gzip") // the browser's first view sets its form token
	zr, zbody := get("gzip, deflate")
	pr, pbody := get("identity")
	if zr.Header.Get("Content-Encoding") != "gzip" || pr.Header.Get("Content-Encoding") != "" {
		t.Fatalf("Content-Encoding %q and %q", zr.Header.Get("Content-Encoding"), pr.Header.Get("Content-Encoding"))
	}
	if zr.ContentLength != int64(len(zbody)) || pr.ContentLength != int64(len(pbody)) {
		t.Errorf("lengths said %d, %d; sent %d, %d", zr.ContentLength, pr.ContentLength, len(zbody), len(pbody))
	}
	for _, r := range []*http.Response{zr, pr} {
		if !strings.Contains(r.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("Vary %q", r.Header.Get("Vary"))
		}
	}
	if zr.Header.Get("ETag") == pr.Header.Get("ETag") {
		t.Error("one tag for both ways of writing the page")
	}
	unz, err := gzip.NewReader(bytes.NewReader(zbody))
	if err != nil {
		t.Fatal(err)
	}
	text, err := io.ReadAll(unz)
	if err != nil || string(text) != string(pbody) {
		t.Fatalf("the gzip page unpacked (%v) differs:\n%s", err, firstDifference(string(pbody), string(text)))
	}
	if len(zbody)*3 > len(pbody) {
		t.Errorf("the gzip page is %d bytes, the page %d", len(zbody), len(pbody))
	}
	t.Logf("a finished Imperial game's page: %d bytes, %d as gzip", len(pbody), len(zbody))
	// A reload that holds the gzip page's tag costs a 304.
	req, _ := http.NewRequest(http.MethodGet, e.ts.URL+gamePath(g.ID), nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("If-None-Match", zr.Header.Get("ETag"))
	resp, err := b.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("a reload with the gzip page's tag: %d", resp.StatusCode)
	}
}

// TestZippedPageInPlayOffersTheTakeBack: a game in play whose last move a
// player made, its parts kept: every seat's page read as gzip (its last
// moves and what a take-back asks from the compressed rows) is the page
// read from the moves, byte for byte, and only the seat that moved is
// offered the take-back.
func TestZippedPageInPlayOffersTheTakeBack(t *testing.T) {
	t.Parallel()
	e := newEnvOn(t, finishedRegistry(), func(d *Deps) { d.PagesVersion = "test-1"; d.KeepInPlay = true })
	ctx := t.Context()
	var players []store.NewPlayer
	for seat := range 3 {
		players = append(players, store.NewPlayer{Name: fmt.Sprintf("T%d", seat), Email: fmt.Sprintf("t%d@example.org", seat)})
	}
	g := storetest.StartGame(t, e.store, store.NewGame{Kind: imperial.New().Info().ID, Name: "Zurück", Seed: 11, Players: players}, nil)
	playRandom(t, e, g.ID, 7, rand.New(rand.NewPCG(5, 5)))
	pos, err := e.store.Current(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	d := pos.State.ToAct()[0]
	mv := pos.State.LegalMoves(d.Seat)[0].Move
	if _, err := e.store.AppendMove(ctx, store.Submit{GameID: g.ID, Seat: d.Seat, Seq: pos.Seq, Move: mv, UserID: pos.Seats[d.Seat].UserID}); err != nil {
		t.Fatal(err)
	}
	e.clock.Add(inPlaySettle + time.Second)
	if n := keepAll(t, e.srv); n != 1 {
		t.Fatalf("the keeper did %d games, want 1", n)
	}
	path := gamePath(g.ID)
	offered := 0
	for seat, p := range players {
		b := e.browser()
		b.signIn(p.Email)
		zipped := rawPage(t, b, path)
		if !b.zipped {
			t.Fatalf("seat %d: the page did not come as gzip", seat)
		}
		b.plain = true
		if plain := rawPage(t, b, path); plain != zipped {
			t.Errorf("seat %d: the page as gzip differs from the page read from the moves:\n%s", seat, firstDifference(plain, zipped))
		}
		if strings.Contains(zipped, path+"/takeback") {
			offered++
			if seat != d.Seat {
				t.Errorf("seat %d is offered the take-back of seat %d's move", seat, d.Seat)
			}
		}
	}
	if offered != 1 {
		t.Errorf("the take-back offered to %d seats, want 1 (seat %d)", offered, d.Seat)
	}
}

func TestLastMoveReadBackAsWritten(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := store.Move{Seat: rapid.IntRange(0, 7).Draw(t, "seat"), By: rapid.SampledFrom([]string{store.ByPlayer, "caretaker", "mail", "a b"}).Draw(t, "by"),
			TakeBack: rapid.Bool().Draw(t, "back")}
		if rapid.Bool().Draw(t, "member") {
			u := rapid.Int64Range(0, 1<<40).Draw(t, "user")
			m.UserID = &u
		}
		got, ok := decodeLastMove(encodeLastMove([]store.Move{{Seat: 9}, m}))
		if !ok || got.Seat != m.Seat || got.By != m.By || got.TakeBack != m.TakeBack || (got.UserID == nil) != (m.UserID == nil) ||
			m.UserID != nil && *got.UserID != *m.UserID {
			t.Fatalf("read back %+v (%v), wrote %+v", got, ok, m)
		}
	})
	if m, ok := decodeLastMove(""); !ok || m != nil {
		t.Errorf("no moves read back as %+v, %v", m, ok)
	}
	for _, bad := range []string{"1 2 3", "x 1 0 player", "1 x 0 player", "1 1 2 player", "1 1 -1 player"} {
		if _, ok := decodeLastMove(bad); ok {
			t.Errorf("%q read as a last move", bad)
		}
	}
}
