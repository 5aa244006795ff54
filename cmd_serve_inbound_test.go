package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// TestServeListensForReplies: with replies on, `rondel serve` starts the
// LMTP listener, which takes a message (here one with no token, dropped
// unanswered) and stops with the server.
func TestServeListensForReplies(t *testing.T) {
	addr, lmtp := freeAddr(t), freeAddr(t)
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "rondel.yaml")
	cfg := fmt.Sprintf("addr: %s\ndatabase: %s\nmail:\n  replies:\n    enabled: true\n    address: club@club.example\n    authserv_id: mx.club.example\n    lmtp:\n      addr: %s\n",
		addr, filepath.Join(dir, "r.db"), lmtp)
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, []string{"--config", cfgPath}, io.Discard, io.Discard) }()
	var conn net.Conn
	var err error
	for range 200 {
		if conn, err = net.Dial("tcp", lmtp); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		cancel()
		t.Fatalf("no LMTP listener: %v", err)
	}
	c := smtp.NewClientLMTP(conn)
	if err := c.Hello("mx.club.example"); err != nil {
		t.Fatal(err)
	}
	if err := c.Mail("ann@example.org", nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Rcpt("club@club.example", nil); err != nil {
		t.Fatal(err)
	}
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, "From: ann@example.org\r\nMessage-ID: <1@example.org>\r\n\r\nhello\r\n")
	if _, err := w.CloseWithLMTPResponse(); err != nil {
		t.Errorf("delivery: %v", err)
	}
	c.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve ended with %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not shut down")
	}
	if c, err := net.Dial("tcp", lmtp); err == nil {
		c.Close()
		t.Error("the LMTP listener still listens after serve ended")
	} else if !strings.Contains(err.Error(), "refused") {
		t.Logf("after shutdown: %v", err)
	}
}
