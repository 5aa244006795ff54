package notify

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

// A Wednesday noon, UTC.
var epoch = time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)

func registry() *game.Registry {
	return game.NewRegistry(gametest.Game{}, imperial.New(), imperial.New2030(), caesar.New())
}

type mimeDecoder = mime.WordDecoder

// received is one message the test SMTP server accepted.
type received struct {
	From, To string
	Header   mail.Header
	Text     string
	HTML     string
	Size     int          // bytes of the whole message
	Type     string       // the message's media type
	Inline   []inlinePart // parts that are neither text nor HTML
}

// inlinePart is an attached or embedded part of a received message.
type inlinePart struct {
	Type, ContentID, Disposition string
	Data                         []byte
}

// smtpServer is a real SMTP server on 127.0.0.1 that can be taken down
// and brought back on the same port.
type smtpServer struct {
	t    testing.TB
	addr string
	mu   sync.Mutex
	got  []received
	srv  *smtp.Server
	// refuse holds the recipients the server refuses, with its reply.
	refuse map[string]*smtp.SMTPError
	conns  int // SMTP sessions (connections) the server was opened
	// dropAt: the server drops the connection at the MAIL FROM that
	// follows its dropAt-th accepted mail (0: never), once.
	dropAt int
}

// refuseRcpt makes the server answer RCPT TO for addr with code.
func (s *smtpServer) refuseRcpt(addr string, code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refuse == nil {
		s.refuse = map[string]*smtp.SMTPError{}
	}
	s.refuse[addr] = &smtp.SMTPError{Code: code, Message: "no such mailbox here"}
}

func startSMTP(t *testing.T) *smtpServer {
	t.Helper()
	s := &smtpServer{t: t}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.addr = ln.Addr().String()
	s.serve(ln)
	t.Cleanup(s.down)
	return s
}

func (s *smtpServer) serve(ln net.Listener) {
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		s.mu.Lock()
		s.conns++
		s.mu.Unlock()
		return &session{s: s, conn: c}, nil
	}))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	s.mu.Lock()
	s.srv = srv
	s.mu.Unlock()
	go srv.Serve(ln)
}

func (s *smtpServer) down() {
	s.mu.Lock()
	srv := s.srv
	s.srv = nil
	s.mu.Unlock()
	if srv != nil {
		srv.Close()
	}
}

func (s *smtpServer) up() {
	s.t.Helper()
	var ln net.Listener
	var err error
	for range 50 {
		if ln, err = net.Listen("tcp", s.addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		s.t.Fatal(err)
	}
	s.serve(ln)
}

func (s *smtpServer) port() int {
	_, p, _ := net.SplitHostPort(s.addr)
	n := 0
	for _, c := range p {
		n = n*10 + int(c-'0')
	}
	return n
}

func (s *smtpServer) messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.got...)
}

type session struct {
	s        *smtpServer
	conn     *smtp.Conn
	from, to string
}

func (x *session) AuthMechanisms() []string { return nil }
func (x *session) Auth(string) (any, error) { return nil, nil }
func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	x.s.mu.Lock()
	drop := x.s.dropAt > 0 && len(x.s.got) == x.s.dropAt
	if drop {
		x.s.dropAt = 0
	}
	x.s.mu.Unlock()
	if drop { // the connection breaks between two mails
		_ = x.conn.Close()
		return &smtp.SMTPError{Code: 421, Message: "gone"}
	}
	x.from = from
	return nil
}

// connections is how many SMTP sessions the server was opened.
func (s *smtpServer) connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	if e := x.s.refuse[to]; e != nil {
		return e
	}
	x.to = to
	return nil
}
func (x *session) Reset()        {}
func (x *session) Logout() error { return nil }
func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		x.s.t.Errorf("unreadable mail: %v", err)
		return err
	}
	rc := received{From: x.from, To: x.to, Header: m.Header, Size: len(raw)}
	mt, params, _ := mime.ParseMediaType(m.Header.Get("Content-Type"))
	rc.Type = mt
	if strings.HasPrefix(mt, "multipart/") {
		readParts(&rc, m.Body, params["boundary"])
	} else {
		rc.Text = decodePart(m.Header.Get("Content-Transfer-Encoding"), m.Body)
	}
	x.s.mu.Lock()
	x.s.got = append(x.s.got, rc)
	x.s.mu.Unlock()
	return nil
}

// readParts reads a multipart body, and the multiparts nested in it.
func readParts(rc *received, body io.Reader, boundary string) {
	mr := multipart.NewReader(body, boundary)
	for {
		p, err := mr.NextPart()
		if err != nil {
			return
		}
		pt, params, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		switch {
		case strings.HasPrefix(pt, "multipart/"):
			readParts(rc, p, params["boundary"])
		case pt == "text/plain":
			rc.Text = decodePart(p.Header.Get("Content-Transfer-Encoding"), p)
		case pt == "text/html":
			rc.HTML = decodePart(p.Header.Get("Content-Transfer-Encoding"), p)
		default:
			rc.Inline = append(rc.Inline, inlinePart{Type: pt, ContentID: p.Header.Get("Content-Id"),
				Disposition: p.Header.Get("Content-Disposition"),
				Data:        decodeRaw(p.Header.Get("Content-Transfer-Encoding"), p)})
		}
	}
}

func decodePart(enc string, r io.Reader) string {
	return strings.ReplaceAll(string(decodeRaw(enc, r)), "\r\n", "\n")
}

func decodeRaw(enc string, r io.Reader) []byte {
	switch strings.ToLower(enc) {
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, r)
	}
	b, _ := io.ReadAll(r)
	return b
}

// env is a store, a fake clock and a notify service, optionally sending
// to a real SMTP server.
type env struct {
	t    testing.TB
	st   *store.Store
	clk  *gametest.Clock
	svc  *Service
	cfg  config.Config
	ctx  context.Context
	path string
}

func newEnv(t testing.TB, smtpSrv *smtpServer, tweak func(*config.Config)) *env {
	t.Helper()
	clk := gametest.NewClock(epoch)
	path := storetest.Database(t)
	st := storetest.OpenFile(t, path, store.Options{Registry: registry(), Now: clk.Now, CacheBytes: 16 << 20})
	ctx := context.Background()
	cfg := config.Default()
	cfg.BaseURL = "https://rondel.example"
	cfg.Mail.From = "Rondel <rondel@rondel.example>"
	if tweak != nil {
		tweak(&cfg)
	}
	o := Options{Store: st, Config: cfg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if smtpSrv != nil {
		cfg.Mail.SMTP = config.SMTP{Host: "127.0.0.1", Port: smtpSrv.port(), TLS: "none"}
		o.Transport = SMTPTransport{Server: cfg.Mail.SMTP, From: cfg.Mail.From, Timeout: 2 * time.Second, Now: clk.Now}
	}
	svc, err := New(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, st: st, clk: clk, svc: svc, cfg: cfg, ctx: ctx, path: path}
}

// startGame creates a started game of gameID among n players.
func (e *env) startGame(gameID, name string, n int, seed uint64, opts game.Options) *store.Game {
	e.t.Helper()
	ng := store.NewGame{Kind: gameID, Name: name, Seed: seed, Players: storetest.Players(n), Options: opts}
	return storetest.StartGame(e.t, e.st, ng, nil) // the store tells notify it was created and started
}

func (e *env) tick() {
	e.t.Helper()
	if err := e.svc.Tick(e.ctx); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) outbox(kindPrefix string) []store.OutboxMail {
	e.t.Helper()
	rows, err := e.st.Outbox().Rows(e.ctx, "", 0)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []store.OutboxMail
	for _, r := range rows {
		if strings.HasPrefix(r.Kind, kindPrefix) {
			out = append(out, r)
		}
	}
	return out
}

func headers(m store.OutboxMail) map[string]string {
	var h map[string]string
	_ = json.Unmarshal([]byte(m.Headers), &h)
	return h
}

// person makes a member before a game names them, with a display name,
// a language and a time zone, and returns their id.
func (e *env) person(addr, name, lang, tz string) int64 {
	e.t.Helper()
	var id int64
	if err := e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
		u, err := tx.FindOrCreateUser(addr, name)
		if err == nil {
			id = u.ID
		}
		return err
	}); err != nil {
		e.t.Fatal(err)
	}
	if err := e.st.UpdateProfile(e.ctx, id, name, lang, store.NotifyEach); err != nil {
		e.t.Fatal(err)
	}
	if err := e.st.SetTimeZone(e.ctx, id, tz); err != nil {
		e.t.Fatal(err)
	}
	return id
}
