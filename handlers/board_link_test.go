package handlers

import (
	"bytes"
	"image/png"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/store"
	"rondel/store/storetest"
)

// fetchRaw gets path with no session and no redirect followed.
func fetchRaw(t *testing.T, e *env, path string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.ts.URL+path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

// TestBoardPNGSigned: the game page names the watcher's picture at an
// absolute, signed address (with its size, alt text and a large card),
// which serves the watcher's picture without a session, cached publicly
// and validated by its tag; without a session a missing, wrong or other
// game's signature is sent to sign in as before; a seat signed in still
// gets its own view.
func TestBoardPNGSigned(t *testing.T) {
	tb := gameTable(t, 6, nil, "imperial")
	e := tb.e
	_, doc := tb.players[0].get(tb.path)
	meta := func(attr, name string) string {
		v, _ := doc.Find(`meta[` + attr + `="` + name + `"]`).Attr("content")
		return v
	}
	og := meta("property", "og:image")
	prefix := testBase + tb.path + "/board.png?k="
	if !strings.HasPrefix(og, prefix) || len(og) < len(prefix)+20 {
		t.Fatalf("og:image %q is not an absolute signed address", og)
	}
	sig := strings.TrimPrefix(og, prefix)
	if w, h := meta("property", "og:image:width"), meta("property", "og:image:height"); w != "1200" || h == "" || h == "0" {
		t.Errorf("og:image size %s x %s", w, h)
	}
	if alt := meta("property", "og:image:alt"); !strings.Contains(alt, "Freitag") {
		t.Errorf("og:image:alt %q", alt)
	}
	if card := meta("name", "twitter:card"); card != "summary_large_image" {
		t.Errorf("twitter:card %q", card)
	}

	// The watcher's picture, as a signed-in watcher sees it.
	watcher := e.browser()
	watcher.signIn("watcher@x.org")
	resp, err := watcher.client.Get(e.ts.URL + tb.path + "/board.png")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := io.ReadAll(resp.Body)
	resp.Body.Close()

	public := tb.path + "/board.png?k=" + sig
	resp, got := fetchRaw(t, e, public, nil)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("signed board.png without a session: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	img, err := png.Decode(bytes.NewReader(got))
	if err != nil || img.Bounds().Dx() != 1200 || strconv.Itoa(img.Bounds().Dy()) != meta("property", "og:image:height") {
		t.Fatalf("signed board.png does not decode at the named size: %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Error("the signed picture is not the watcher's picture")
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=300" {
		t.Errorf("Cache-Control %q", cc)
	}
	tag := resp.Header.Get("ETag")
	if tag == "" {
		t.Fatal("no ETag on the signed picture")
	}
	if resp, _ := fetchRaw(t, e, public, map[string]string{"If-None-Match": tag}); resp.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating the signed picture: %d", resp.StatusCode)
	}

	// Signed in, a seat gets its own view even at the signed address,
	// privately cached; the seat to act's differs (its decision outlined).
	differs := false
	for i, b := range tb.players {
		resp, err := b.client.Get(e.ts.URL + public)
		if err != nil {
			t.Fatal(err)
		}
		own, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "private, max-age=60" {
			t.Errorf("player %d at the signed address: %d %q", i, resp.StatusCode, resp.Header.Get("Cache-Control"))
		}
		differs = differs || !bytes.Equal(own, want)
	}
	if !differs {
		t.Error("every seat got the watcher's picture")
	}

	// Another game of the same club: game 1's signature does not open it.
	g2 := storetest.StartGame(t, e.store, store.NewGame{Kind: "imperial", Name: "Samstag", Seed: 6,
		Players: []store.NewPlayer{{Name: "Ann", Email: "ann@x.org"}, {Name: "Bob", Email: "bob@x.org"}, {Name: "Cy", Email: "cy@x.org"}}}, nil)
	other := "/games/" + strconv.FormatInt(g2.ID, 10) + "/board.png"
	for name, path := range map[string]string{
		"no signature":        tb.path + "/board.png",
		"empty signature":     tb.path + "/board.png?k=",
		"wrong signature":     tb.path + "/board.png?k=" + strings.Repeat("A", len(sig)),
		"cut signature":       tb.path + "/board.png?k=" + sig[:len(sig)-1],
		"other game's":        other + "?k=" + sig,
		"signature, bad game": "/games/x/board.png?k=" + sig,
	} {
		resp, body := fetchRaw(t, e, path, nil)
		if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), "/signin?next=") || bytes.HasPrefix(body, []byte("\x89PNG")) {
			t.Errorf("%s: %d %q, want a redirect to sign in", name, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
}

// TestShareLinkPreview: the game page offers a link to share; a crawler
// following it (no session) is sent to sign in, and that sign-in page
// names the game and its signed picture as its Open Graph tags. A sign-in
// page reached without the signature, or with another game's, names none.
func TestShareLinkPreview(t *testing.T) {
	tb := gameTable(t, 0, nil, "imperial")
	e := tb.e
	_, doc := tb.players[0].get(tb.path)
	share, _ := doc.Find(`p.share a`).Attr("href")
	if !strings.HasPrefix(share, testBase+tb.path+"?k=") {
		t.Fatalf("share link %q", share)
	}
	og, _ := doc.Find(`meta[property="og:image"]`).Attr("content")
	ogOf := func(path string) (title, image string) {
		t.Helper()
		resp, body := fetchRaw(t, e, path, nil)
		if resp.StatusCode == http.StatusSeeOther {
			resp, body = fetchRaw(t, e, resp.Header.Get("Location"), nil)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", path, resp.StatusCode)
		}
		d, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		title, _ = d.Find(`meta[property="og:title"]`).Attr("content")
		image, _ = d.Find(`meta[property="og:image"]`).Attr("content")
		if strings.Contains(string(body), "Ann") {
			t.Errorf("%s: the page without a session names a player", path)
		}
		return title, image
	}
	title, image := ogOf(strings.TrimPrefix(share, testBase))
	if image != og || !strings.Contains(title, "Freitag") {
		t.Errorf("shared link's preview: title %q image %q, want the game's %q", title, image, og)
	}
	g2 := storetest.StartGame(t, e.store, store.NewGame{Kind: "imperial", Name: "Samstag", Seed: 6,
		Players: []store.NewPlayer{{Name: "Ann", Email: "ann@x.org"}, {Name: "Bob", Email: "bob@x.org"}, {Name: "Cy", Email: "cy@x.org"}}}, nil)
	k := share[strings.Index(share, "?k="):]
	for _, path := range []string{tb.path, tb.path + "?k=AAAA", "/games/" + strconv.FormatInt(g2.ID, 10) + k, "/signin"} {
		if title, image := ogOf(path); title != "" || image != "" {
			t.Errorf("%s: a preview without a valid signature: %q %q", path, title, image)
		}
	}
}
