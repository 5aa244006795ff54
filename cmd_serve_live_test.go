package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rondel/store"
	"rondel/store/storetest"
)

// TestServeShutsDownWithLivePagesOpen: SIGTERM's drain does not wait for
// the streams of open game pages (they would stay open for minutes): the
// service stops at once, the stream ended.
func TestServeShutsDownWithLivePagesOpen(t *testing.T) {
	db := filepath.Join(t.TempDir(), "rondel.db")
	if err := runMigrate(context.Background(), []string{"--db", db}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	st := storetest.OpenFile(t, db, store.Options{Registry: registry()})
	g := storetest.StartGame(t, st, store.NewGame{Kind: "imperial", Name: "Open page", Players: storetest.Players(3)}, nil)
	seats, err := st.Seats(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	token, err := st.SignIn().CreateSession(context.Background(), seats[0].UserID, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, []string{"--addr", addr, "--db", db}, io.Discard, io.Discard) }()
	req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("http://%s/games/%d/events", addr, g.ID), nil)
	req.AddCookie(&http.Cookie{Name: "rondel_session", Value: token})
	var resp *http.Response
	for range 100 {
		if resp, err = http.DefaultClient.Do(req); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	if line, _ := r.ReadString('\n'); resp.StatusCode != http.StatusOK || !strings.HasPrefix(line, "retry:") {
		t.Fatalf("stream: %d %q", resp.StatusCode, line)
	}
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve waits for the open stream")
	}
	if _, err := io.ReadAll(r); err != nil {
		t.Errorf("the stream did not end cleanly: %v", err)
	}
	t.Logf("stopped %v after the signal with a stream open", time.Since(start).Round(time.Millisecond))
}
