package notify

import (
	"bytes"
	"encoding/json"
	"image/png"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"rondel/store"
)

// TestDiscordNoticeCarriesThePicture: a Discord notice of a game that
// draws pictures is a multipart post, the message as payload_json (no
// pings) and the board as board.png, 1200 pixels wide.
func TestDiscordNoticeCarriesThePicture(t *testing.T) {
	e, _ := hookEnv(t)
	var mu sync.Mutex
	var payloads []map[string]any
	var files [][]byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if mt != "multipart/form-data" {
			t.Errorf("notice posted as %s", mt)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		mr := multipart.NewReader(r.Body, params["boundary"])
		mu.Lock()
		defer mu.Unlock()
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			b, _ := io.ReadAll(p)
			switch p.FormName() {
			case "payload_json":
				var m map[string]any
				if err := json.Unmarshal(b, &m); err != nil {
					t.Errorf("payload_json: %v", err)
				}
				payloads = append(payloads, m)
			case "files[0]":
				if p.FileName() != "board.png" {
					t.Errorf("file named %q", p.FileName())
				}
				files = append(files, b)
			}
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(srv.Close)
	addr, flav, hint, err := e.svc.CheckWebhook(srv.URL+"/api/webhooks/1/SeCrEt", "discord")
	if err != nil {
		t.Fatal(err)
	}
	h := store.Webhook{URL: addr, Flavour: flav, Hint: hint, Language: "en"}
	if err := e.st.Webhooks().AddForClub(e.ctx, &h); err != nil {
		t.Fatal(err)
	}
	e.startGame("imperial", "Friday", 3, 3, nil)
	e.tick()
	mu.Lock()
	defer mu.Unlock()
	if len(payloads) == 0 || len(files) != len(payloads) {
		t.Fatalf("%d messages, %d files posted", len(payloads), len(files))
	}
	if c, _ := payloads[0]["content"].(string); !strings.Contains(c, "Friday") {
		t.Errorf("message %q", c)
	}
	if _, ok := payloads[0]["allowed_mentions"]; !ok {
		t.Error("the message may ping")
	}
	img, err := png.Decode(bytes.NewReader(files[0]))
	if err != nil || img.Bounds().Dx() != 1200 {
		t.Fatalf("the file is no 1200-pixel PNG: %v", err)
	}
}
