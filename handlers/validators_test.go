package handlers

import (
	"io"
	"net/http"
	"net/url"
	"testing"
)

// getTagged asks for path as b with If-None-Match: tag (none if empty)
// and returns the status, the ETag answered and the body's length.
func getTagged(t *testing.T, b *browser, path, tag string) (int, string, int) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, b.e.ts.URL+path, nil)
	if tag != "" {
		req.Header.Set("If-None-Match", tag)
	}
	resp, err := b.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("ETag"), len(body)
}

// TestUnchangedBoardAndHistoryAnswer304: the board and the history page
// carry an ETag; the same request with it is answered 304 with no body;
// another reader's tag, another move shown, or a move played since gets
// the page again.
func TestUnchangedBoardAndHistoryAnswer304(t *testing.T) {
	tb := startTable(t)
	ann, bob := tb.players[0], tb.players[1]
	for _, path := range []string{tb.path + "/board.svg", tb.path + "/history", tb.path + "/history?at=0"} {
		code, tag, n := getTagged(t, ann, path, "")
		if code != http.StatusOK || tag == "" || n == 0 {
			t.Fatalf("%s: %d, tag %q, %d bytes", path, code, tag, n)
		}
		if code, again, n := getTagged(t, ann, path, tag); code != http.StatusNotModified || n != 0 || again != tag {
			t.Errorf("%s again with its tag: %d, %d bytes, tag %q (want 304, none, %q)", path, code, n, again, tag)
		}
		if code, _, _ := getTagged(t, ann, path, `"other", `+tag); code != http.StatusNotModified {
			t.Errorf("%s with its tag in a list: %d, want 304", path, code)
		}
		if code, other, _ := getTagged(t, bob, path, tag); code != http.StatusOK || other == tag {
			t.Errorf("%s for another player with Ann's tag: %d, tag %q (want 200 and a tag of his own)", path, code, other)
		}
	}
	_, boardTag, _ := getTagged(t, ann, tb.path+"/board.svg", "")
	_, historyTag, _ := getTagged(t, ann, tb.path+"/history", "")
	_, firstTag, _ := getTagged(t, ann, tb.path+"/history?at=0", "")

	seat := tb.toAct(t)
	seq, csrf, first := tb.formFor(t, seat)
	if code, doc := tb.players[seat].post(tb.path+"/move", url.Values{"seq": {seq}, "csrf": {csrf}, "move": {first}}); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, text(doc))
	}
	for path, tag := range map[string]string{tb.path + "/board.svg": boardTag, tb.path + "/history": historyTag, tb.path + "/history?at=0": firstTag} {
		if code, now, n := getTagged(t, ann, path, tag); code != http.StatusOK || now == tag || n == 0 {
			t.Errorf("%s after a move with the old tag: %d, %d bytes, tag %q (want 200 and a new tag)", path, code, n, now)
		}
	}
}

func TestTagListed(t *testing.T) {
	for _, c := range []struct {
		header, tag string
		want        bool
	}{
		{``, `W/"a"`, false},
		{`W/"a"`, `W/"a"`, true},
		{`"a"`, `W/"a"`, true},
		{`"b", W/"a"`, `W/"a"`, true},
		{`*`, `W/"a"`, true},
		{`W/"ab"`, `W/"a"`, false},
		{`W/"b"`, `W/"a"`, false},
	} {
		if got := tagListed(c.header, c.tag); got != c.want {
			t.Errorf("tagListed(%q, %q) = %v, want %v", c.header, c.tag, got, c.want)
		}
	}
}
