package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// inbox is a real SMTP server on 127.0.0.1 that keeps what it receives.
type inbox struct {
	mu   sync.Mutex
	msgs []string
}

type inboxSession struct{ in *inbox }

func (s inboxSession) AuthMechanisms() []string             { return nil }
func (s inboxSession) Auth(string) (any, error)             { return nil, nil }
func (s inboxSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s inboxSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s inboxSession) Reset()                               {}
func (s inboxSession) Logout() error                        { return nil }
func (s inboxSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	s.in.mu.Lock()
	s.in.msgs = append(s.in.msgs, string(b))
	s.in.mu.Unlock()
	return err
}

func (in *inbox) all() []string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return append([]string(nil), in.msgs...)
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestServeSendsOverSMTP: with an SMTP server configured, `rondel serve`
// sends its mail through it (the sign-in link here) instead of keeping it
// in the local outbox, which is then not served.
func TestServeSendsOverSMTP(t *testing.T) {
	in := &inbox{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return inboxSession{in}, nil }))
	srv.Domain, srv.AllowInsecureAuth = "localhost", true
	go srv.Serve(ln)
	defer srv.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())

	addr := freeAddr(t)
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "rondel.yaml")
	cfg := fmt.Sprintf("addr: %s\ndatabase: %s\nmail:\n  from: \"Rondel <rondel@club.example>\"\n  smtp:\n    host: 127.0.0.1\n    port: %s\n    tls: none\n",
		addr, filepath.Join(dir, "r.db"), port)
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, []string{"--config", cfgPath}, io.Discard, io.Discard) }()
	defer func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve ended with %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Error("serve did not shut down")
		}
	}()
	base := "http://" + addr
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	var resp *http.Response
	for range 100 {
		if resp, err = client.Get(base + "/signin"); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("no form token on the sign-in page")
	}
	resp, err = client.PostForm(base+"/signin", url.Values{"csrf": {string(m[1])}, "email": {"ann@example.org"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	got := in.all()
	if len(got) != 1 || !strings.Contains(got[0], "ann@example.org") || !strings.Contains(got[0], "/signin/") {
		t.Fatalf("the SMTP server received %d mails: %q", len(got), got)
	}
	if resp, err := client.Get(base + "/outbox"); err == nil {
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			t.Error("the local outbox is served although mail goes over SMTP")
		}
	}
}
