package notify

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"time"
)

// lineSink is the drain's SMTP sink by default: the few commands a sender
// uses (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), DATA read a line at a
// time, as a mail server's sink (Postfix's smtp-sink) takes it. go-smtp's
// server, which the other tests use, reads DATA a byte at a time (each
// through two readers), which cost about as much CPU as the sender's whole
// mail, in the sender's wait for the 250 (docs/performance.md); the drain
// measures the sender. RONDEL_DRAIN_GOSMTP=1 runs the sink on go-smtp.
type lineSink struct {
	ln    net.Listener
	got   chan<- sunk
	conns sync.WaitGroup
}

func serveLines(ln net.Listener, got chan<- sunk) *lineSink {
	s := &lineSink{ln: ln, got: got}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.conns.Go(func() { s.serve(c) })
		}
	}()
	return s
}

// shutdown stops taking connections and waits for the open ones to quit.
func (s *lineSink) shutdown() error {
	_ = s.ln.Close()
	done := make(chan struct{})
	go func() { s.conns.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-time.After(10 * time.Second):
		return errors.New("the sink: a session did not quit")
	}
}

func (s *lineSink) serve(c net.Conn) {
	defer c.Close()
	r, w := bufio.NewReaderSize(c, 64<<10), bufio.NewWriter(c)
	reply := func(line string) bool {
		_, _ = w.WriteString(line + "\r\n")
		return w.Flush() == nil
	}
	reply("220 localhost ESMTP rondel sink")
	to, size := "", 0
	for {
		_ = c.SetDeadline(time.Now().Add(time.Minute))
		line, err := readLine(r, nil)
		if err != nil {
			return
		}
		cmd, arg, _ := strings.Cut(strings.TrimRight(string(line), "\r\n"), " ")
		ok := true
		switch strings.ToUpper(cmd) {
		case "EHLO", "HELO":
			ok = reply("250-localhost\r\n250 8BITMIME")
		case "MAIL", "RSET", "NOOP":
			ok = reply("250 OK")
		case "RCPT":
			to = rcptAddr(arg)
			ok = reply("250 OK")
		case "DATA":
			if !reply("354 end with <CRLF>.<CRLF>") {
				return
			}
			raw, err := readData(r, make([]byte, 0, size+size/8))
			if err != nil {
				return
			}
			size = len(raw) // the next message is about as long
			s.got <- sunk{to, raw}
			ok = reply("250 OK")
		case "QUIT":
			reply("221 bye")
			return
		default:
			ok = reply("502 not here")
		}
		if !ok {
			return
		}
	}
}

// readLine appends the next line (with its end) to dst.
func readLine(r *bufio.Reader, dst []byte) ([]byte, error) {
	for {
		b, err := r.ReadSlice('\n')
		dst = append(dst, b...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			if err == nil || len(b) == 0 {
				return dst, err
			}
			return dst, io.ErrUnexpectedEOF
		}
	}
}

// readData appends DATA up to its end line to raw, undoing the
// dot-stuffing.
func readData(r *bufio.Reader, raw []byte) ([]byte, error) {
	for {
		n := len(raw)
		var err error
		if raw, err = readLine(r, raw); err != nil {
			return nil, err
		}
		line := raw[n:]
		if bytes.Equal(line, []byte(".\r\n")) {
			return raw[:n], nil
		}
		if len(line) > 1 && line[0] == '.' {
			raw = append(raw[:n], line[1:]...)
		}
	}
}

// rcptAddr is the address of RCPT's argument, "TO:<addr> params".
func rcptAddr(arg string) string {
	_, a, _ := strings.Cut(arg, "<")
	a, _, _ = strings.Cut(a, ">")
	return a
}
