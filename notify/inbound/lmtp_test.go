package inbound

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"
)

// TestLMTP: each recipient's copy reaches the handler with the envelope
// written above it; a copy the handler cannot take is answered "try
// again later" (4xx) for that recipient alone; a message too big is
// refused for good.
func TestLMTP(t *testing.T) {
	var mu sync.Mutex
	got := map[string]*mail.Message{}
	h := func(_ context.Context, raw []byte) error {
		m, err := mail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			return err
		}
		rcpt := m.Header.Get("Delivered-To")
		if strings.HasPrefix(rcpt, "busy") {
			return errors.New("database down")
		}
		mu.Lock()
		got[rcpt] = m
		mu.Unlock()
		return nil
	}
	lm, err := ListenLMTP(context.Background(), "127.0.0.1:0", "club.example", h, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer lm.Close()
	send := func(from string, rcpts []string, body string) (map[string]*smtp.DataResponse, error) {
		t.Helper()
		conn, err := net.Dial("tcp", lm.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		c := smtp.NewClientLMTP(conn)
		defer c.Close()
		if err := c.Hello("mx.club.example"); err != nil {
			t.Fatal(err)
		}
		if err := c.Mail(from, nil); err != nil {
			t.Fatal(err)
		}
		for _, r := range rcpts {
			if err := c.Rcpt(r, nil); err != nil {
				t.Fatal(err)
			}
		}
		w, err := c.Data()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, body); err != nil {
			return nil, err
		}
		return w.CloseWithLMTPResponse()
	}
	body := "From: a@example.org\r\nSubject: Re\r\n\r\nPile B take 2\r\n"
	_, err = send("a@example.org", []string{"club+one@club.example", "busy+two@club.example"}, body)
	var le smtp.LMTPDataError
	if !errors.As(err, &le) || le["busy+two@club.example"] == nil || le["busy+two@club.example"].Code/100 != 4 || le["club+one@club.example"] != nil {
		t.Fatalf("statuses: %v", err)
	}
	m := got["club+one@club.example"]
	if m == nil || m.Header.Get("Return-Path") != "<a@example.org>" || m.Header.Get("From") != "a@example.org" {
		t.Fatalf("delivered %+v", m)
	}
	if b, _ := io.ReadAll(m.Body); !strings.Contains(string(b), "Pile B take 2") {
		t.Errorf("body %q", b)
	}
	big := "Subject: big\r\n\r\n" + strings.Repeat(strings.Repeat("x", 998)+"\r\n", MaxMessage/1000+10)
	if _, err := send("a@example.org", []string{"club+three@club.example"}, big); err == nil {
		t.Error("a message over MaxMessage was taken")
	}
	if got["club+three@club.example"] != nil {
		t.Error("a message over MaxMessage reached the handler")
	}
}

// TestEnvelope: what an envelope says cannot add header lines.
func TestEnvelope(t *testing.T) {
	e := string(envelope("a@x.org>\r\nX-Evil: 1", "club+t@club.example\nAuthentication-Results: fake"))
	if strings.Count(e, "\r\n") != 2 || strings.Contains(e, "\nX-Evil") || strings.Contains(e, "\nAuthentication-Results") {
		t.Errorf("envelope %q", e)
	}
}
