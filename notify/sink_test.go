package notify

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// The drain's SMTP sink runs in a process of its own, as a real mail
// server does: TestDrainBacklog starts this test binary again with
// sinkEnv set, and TestDrainSink in it serves SMTP (lineSink, or go-smtp
// with RONDEL_DRAIN_GOSMTP=1) until its
// standard input closes, then writes what it received to the file
// sinkEnv names. So the drain's clock and CPU are the sender's, and the
// sink works on the other core. Like a mail server that spools a message
// before it reads it, the sink answers 250 once it has the whole
// message, and reads it (the MIME, the picture) beside the next one.
const sinkEnv = "RONDEL_DRAIN_SINK"

// sinkMail is a message the sink received: its Message-ID and recipient
// (a game's first mails share a Message-ID), and the SHA-256 of its
// picture ("" for none; "bad" for one that is no PNG).
type sinkMail struct{ ID, To, Pic string }

func TestDrainSink(t *testing.T) {
	report := os.Getenv(sinkEnv)
	if report == "" {
		t.Skip("the drain's SMTP sink, started by TestDrainBacklog")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan sunk, 64)
	var mails []sinkMail
	var r sinkReader
	var wg sync.WaitGroup
	wg.Go(func() {
		for m := range got {
			mails = append(mails, r.read(m))
		}
	})
	shutdown := serveLines(ln, got).shutdown
	if os.Getenv("RONDEL_DRAIN_GOSMTP") != "" {
		shutdown = serveGoSMTP(ln, got)
	}
	fmt.Printf("rondel-sink %s\n", ln.Addr())
	_, _ = io.Copy(io.Discard, os.Stdin) // until the drain is done
	if err := shutdown(); err != nil {   // the sender has quit its sessions
		t.Fatal(err)
	}
	close(got)
	wg.Wait()
	b, err := json.Marshal(mails)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(report, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// serveGoSMTP serves the sink on go-smtp (RONDEL_DRAIN_GOSMTP=1).
func serveGoSMTP(ln net.Listener, got chan<- sunk) (shutdown func() error) {
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &sinkSession{got: got}, nil }))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = time.Minute, time.Minute
	go srv.Serve(ln)
	return func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return srv.Shutdown(ctx)
	}
}

// sunk is a message as the sink received it, to be read.
type sunk struct {
	to  string
	raw []byte
}

type sinkSession struct {
	got chan<- sunk
	to  string
}

func (*sinkSession) AuthMechanisms() []string             { return nil }
func (*sinkSession) Auth(string) (any, error)             { return nil, nil }
func (*sinkSession) Mail(string, *smtp.MailOptions) error { return nil }
func (x *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = to
	return nil
}
func (*sinkSession) Reset()        {}
func (*sinkSession) Logout() error { return nil }
func (x *sinkSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.got <- sunk{x.to, raw}
	return nil
}

// sinkReader reads what the sink received: the Message-ID, and the
// first picture, decoded and checked once for each picture sent (a
// backlog carries one many times): a message whose picture is the same
// base64, byte for byte, as the last one decoded has that one's result.
type sinkReader struct {
	last, raw []byte // the last picture's base64, the one being read
	pic       string // the last picture's result
}

func (r *sinkReader) read(s sunk) sinkMail {
	m, err := mail.ReadMessage(bytes.NewReader(s.raw))
	if err != nil {
		return sinkMail{ID: "unreadable: " + err.Error(), To: s.to}
	}
	out := sinkMail{ID: m.Header.Get("Message-Id"), To: s.to}
	if mt, params, _ := mime.ParseMediaType(m.Header.Get("Content-Type")); strings.HasPrefix(mt, "multipart/") {
		out.Pic = r.picture(m.Body, params["boundary"])
	}
	return out
}

// picture finds the first image of a multipart body and returns its
// SHA-256, "bad" if it is no PNG in base64, "" if there is none.
func (r *sinkReader) picture(body io.Reader, boundary string) string {
	mr := multipart.NewReader(body, boundary)
	for {
		p, err := mr.NextRawPart() // the text parts are not read: not decoded
		if err != nil {
			return ""
		}
		pt, params, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		if strings.HasPrefix(pt, "multipart/") {
			if pic := r.picture(p, params["boundary"]); pic != "" {
				return pic
			}
			continue
		}
		if !strings.HasPrefix(pt, "image/") {
			continue
		}
		b := bytes.NewBuffer(r.raw[:0])
		if _, err := b.ReadFrom(p); err != nil || !strings.EqualFold(p.Header.Get("Content-Transfer-Encoding"), "base64") {
			return "bad"
		}
		r.raw = b.Bytes()
		if !bytes.Equal(r.raw, r.last) {
			r.last, r.raw = r.raw, r.last
			r.pic = checkPNG(decodeRaw("base64", bytes.NewReader(r.last)))
		}
		return r.pic
	}
}

// checkPNG is the SHA-256 of a PNG, "bad" if b is none.
func checkPNG(b []byte) string {
	if _, err := png.DecodeConfig(bytes.NewReader(b)); err != nil {
		return "bad"
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// sink is the SMTP sink's process, seen from the drain.
type sink struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	addr   string
	report string
}

// startSink starts the sink: this test binary again, running TestDrainSink.
func startSink(t *testing.T) *sink {
	t.Helper()
	s := &sink{report: t.TempDir() + "/sunk.json"}
	args := []string{"-test.run=^TestDrainSink$", "-test.count=1"}
	if p := os.Getenv("RONDEL_DRAIN_SINK_PROFILE"); p != "" { // the sink's CPU profile
		args = append(args, "-test.cpuprofile="+p)
	}
	s.cmd = exec.Command(os.Args[0], args...)
	s.cmd.Env = append(os.Environ(), sinkEnv+"="+s.report)
	s.cmd.Stderr = os.Stderr
	var err error
	if s.stdin, err = s.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.stdin.Close(); _ = s.cmd.Wait() })
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if a, ok := strings.CutPrefix(sc.Text(), "rondel-sink "); ok {
			s.addr = a
			break
		}
	}
	if s.addr == "" {
		t.Fatal("the SMTP sink did not start")
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	return s
}

// stop ends the sink and returns what it received and the CPU it used.
func (s *sink) stop(t *testing.T) ([]sinkMail, time.Duration) {
	t.Helper()
	_ = s.stdin.Close()
	if err := s.cmd.Wait(); err != nil {
		t.Fatalf("the SMTP sink: %v", err)
	}
	b, err := os.ReadFile(s.report)
	if err != nil {
		t.Fatal(err)
	}
	var mails []sinkMail
	if err := json.Unmarshal(b, &mails); err != nil {
		t.Fatal(err)
	}
	return mails, s.cmd.ProcessState.UserTime() + s.cmd.ProcessState.SystemTime()
}
