package handlers

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v5"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"rondel/game"
	"rondel/game/words"
	"rondel/handlers/gzjoin"
	"rondel/store"
	"rondel/templates"
)

// parseFuncs are the template functions at parse time: the names and
// kinds every page may call. Each request binds them to its reader
// (speak.go) on a copy of the page, so words, dates and numbers are the
// reader's.
func parseFuncs() template.FuncMap {
	r := &reader{sp: words.English(), zone: time.UTC, printer: message.NewPrinter(language.English), now: time.Now}
	return r.funcs()
}

// newTemplate starts a template with our helpers. Every page gets a
// struct of its own, so a misspelt field is an error when the page is
// rendered (and so in the tests); missingkey=error does the same for a
// map, should one be passed.
func newTemplate(name string) *template.Template {
	return template.New(name).Funcs(parseFuncs()).Option("missingkey=error")
}

// parsePages parses every page with the layout, one template per page,
// each to be bound to its readers once (perReader).
func parsePages() (map[string]*perReader, error) {
	names, err := fs.Glob(templates.FS, "*.html")
	if err != nil {
		return nil, err
	}
	pages := map[string]*perReader{}
	for _, n := range names {
		if n == "layout.html" {
			continue
		}
		t, err := newTemplate(n).ParseFS(templates.FS, "layout.html", n)
		if err != nil {
			return nil, fmt.Errorf("handlers: template %s: %w", n, err)
		}
		pages[strings.TrimSuffix(n, ".html")] = newPerReader(t)
	}
	return pages, nil
}

// view is what every page gets; Page is the page's own data.
type view struct {
	Lang      string // the page's language, for <html lang>
	Title     string
	User      *store.User
	CSRF      string
	LocalMail bool
	RequestID string
	Image     *ogImage // the page's Open Graph image, nil for none
	Back      string   // where the footer's language switch returns to
	Page      any
}

// perReader is a parsed template and its copies bound to each reader
// (language, zone and clock; few, and made once: speak.go), each made on
// the reader's first use and kept. html/template escapes a template when
// it first runs, so a copy per request (as pages were rendered before)
// escaped and copied every page again on every request. The parsed
// template itself is never executed, so it can still be copied.
type perReader struct {
	parsed *template.Template
	mu     sync.RWMutex
	by     map[*reader]*template.Template
}

func newPerReader(t *template.Template) *perReader { return &perReader{parsed: t} }

// get returns the copy bound to r.
func (p *perReader) get(r *reader) (*template.Template, error) {
	p.mu.RLock()
	t, ok := p.by[r]
	p.mu.RUnlock()
	if ok {
		return t, nil
	}
	t, err := p.parsed.Clone()
	if err != nil {
		return nil, err
	}
	t.Funcs(r.funcs())
	p.mu.Lock()
	defer p.mu.Unlock()
	if have, ok := p.by[r]; ok {
		return have, nil
	}
	if p.by == nil {
		p.by = map[*reader]*template.Template{}
	}
	p.by[r] = t
	return t, nil
}

// execute runs the template name of p for reader r.
func (p *perReader) execute(w io.Writer, name string, r *reader, data any) error {
	t, err := p.get(r)
	if err != nil {
		return err
	}
	return t.ExecuteTemplate(w, name, data)
}

// render executes a page into a buffer first, so a template error becomes
// a proper error page instead of half a page. title is in words already.
// ogImageKey: a handler sets the page's Open Graph image under it.
const ogImageKey = "og-image"

func (s *Server) render(c *echo.Context, code int, page, title string, data any) error {
	return s.renderPage(c, code, page, title, data, false)
}

// renderValidated renders a page that may be answered 304 Not Modified:
// its tag is a hash of the page as rendered for this request (validators.go),
// so it covers whatever the page shows (the reader, the form token, a
// notice, a time said relative to now) and a reload of an unchanged page
// costs its rendering but not its bytes.
func (s *Server) renderValidated(c *echo.Context, page, title string, data any) error {
	return s.renderPage(c, http.StatusOK, page, title, data, true)
}

func (s *Server) renderPage(c *echo.Context, code int, page, title string, data any, validate bool) error {
	r := s.reader(c)
	t, ok := s.pages.byName[page]
	if !ok {
		return fmt.Errorf("handlers: no page %q", page)
	}
	v := view{Lang: r.sp.Lang(), Title: title, User: currentUser(c), CSRF: csrfToken(c), LocalMail: s.local, RequestID: requestID(c),
		Back: switchBack(c), Page: data}
	if img, ok := c.Get(ogImageKey).(*ogImage); ok {
		v.Image = img
	}
	buf := s.pages.buffer()
	defer s.pages.release(buf)
	body, zipped, err := writeOut(t, buf, r, v)
	if err != nil {
		return fmt.Errorf("handlers: rendering %s: %w", page, err)
	}
	h := c.Response().Header()
	h.Set("Content-Language", v.Lang)
	if validate {
		if done, err := notModified(c, s.bodyTag(body)); done || err != nil {
			return err
		}
	} else {
		h.Add("Vary", "Accept-Language")
	}
	if zipped {
		h.Set("Content-Encoding", "gzip")
	}
	// The whole page is at hand: said as its length, it goes out in one
	// write rather than as chunks (a first view's 40-110 KB took three or
	// four writes to the socket, and the client reads no chunk framing).
	h.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
	return c.HTMLBlob(code, body)
}

// writeOut writes v's page into buf's room: as gzip if its parts came
// compressed (page_gzip.go), else as it is.
func writeOut(t *perReader, buf *bytes.Buffer, r *reader, v view) (body []byte, zipped bool, err error) {
	if z, ok := v.Page.(interface{ zipped() bool }); ok && z.zipped() {
		zw := gzjoin.NewWriter(buf.AvailableBuffer())
		if err := t.writePage(zw, r, v); err != nil {
			return nil, false, err
		}
		return zw.Finish(), true, nil
	}
	if err := t.writePage(buf, r, v); err != nil {
		return nil, false, err
	}
	return buf.Bytes(), false, nil
}

// pageSet is the parsed pages and the buffers they are rendered into: a
// game page with its board is over 100 KB, and growing a fresh buffer to
// that size for every request costs more than rendering it.
type pageSet struct {
	byName  map[string]*perReader
	buffers sync.Pool
}

func (p *pageSet) buffer() *bytes.Buffer {
	if b, ok := p.buffers.Get().(*bytes.Buffer); ok {
		return b
	}
	return bytes.NewBuffer(make([]byte, 0, 64<<10))
}

func (p *pageSet) release(b *bytes.Buffer) {
	if b.Cap() > 4<<20 {
		return // an odd huge page: let it go
	}
	b.Reset()
	p.buffers.Put(b)
}

// pageError is an error with a status and words for the person.
type pageError struct {
	Code  int
	Title words.Text
	Msg   words.Text
	Names []string // the game's seats' names, when Msg names seats
	Err   error    // for the log only
}

func (e *pageError) Error() string {
	en := words.English()
	if e.Err != nil {
		return fmt.Sprintf("%d %s: %v", e.Code, en.Say(e.Msg), e.Err)
	}
	return fmt.Sprintf("%d %s", e.Code, en.Say(e.Msg))
}

// fail is a page error whose words are the catalogue's key.title and
// key.msg; args are the message's arguments as name, value pairs (see
// words.Speaker.T).
func fail(code int, key string, args ...any) error {
	return &pageError{Code: code, Title: words.New(key + ".title"), Msg: textOf(key+".msg", args...)}
}

// failWith is a page error titled by the catalogue's key.title whose
// message is msg (e.g. a refusal the store or an engine gave).
func failWith(code int, key string, msg words.Text) *pageError {
	return &pageError{Code: code, Title: words.New(key + ".title"), Msg: msg}
}

// naming makes the error say seats with the given seats' names.
func (e *pageError) naming(seats []store.Seat) *pageError {
	e.Names = seatNames(seats)
	return e
}

// textOf builds a Text from an id and name, value pairs.
func textOf(id string, pairs ...any) words.Text {
	t := words.New(id)
	for i := 0; i+1 < len(pairs); i += 2 {
		name, _ := pairs[i].(string)
		t = t.With(name, words.ArgOf(pairs[i+1]))
	}
	return t
}

// errorText is an error as words for a page: a refused move names its
// rule, a refusal of the store or of a game's set-up is its message, and
// any other error (one no one wrote for a reader) its English words.
func errorText(err error) words.Text {
	var re *game.RuleError
	var we *words.Error
	switch {
	case errors.As(err, &re):
		return words.New("pages.error.rule").Term("rule", re.Rule).Sub("why", re.Msg)
	case errors.As(err, &we):
		return we.Msg
	case err == nil:
		return words.Text{}
	}
	return words.Raw(sentence(err.Error()))
}

// sentence ends words with a full stop unless they end a sentence already.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") {
		return s
	}
	return s + "."
}

// errorPage is what the error page shows.
type errorPage struct {
	Code  int
	Title string
	Msg   string
}

// handleError renders every error as a page with the request id, in the
// reader's language.
func (s *Server) handleError(c *echo.Context, err error) {
	if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Committed {
		return
	}
	pe := &pageError{Code: http.StatusInternalServerError, Title: words.New("pages.error.server.title"), Msg: words.New("pages.error.server.msg")}
	var he *echo.HTTPError
	var sc echo.HTTPStatusCoder
	switch {
	case errors.As(err, &pe):
	case errors.As(err, &sc) && sc.StatusCode() >= 400:
		code := sc.StatusCode()
		pe = &pageError{Code: code, Title: words.New("pages.error.http.title").Num("code", code), Msg: words.New("pages.error.http.msg").Num("code", code)}
		switch {
		case code == http.StatusNotFound:
			pe.Title, pe.Msg = words.New("pages.error.not_found.title"), words.New("pages.error.not_found.msg")
		case code == http.StatusMethodNotAllowed:
			pe.Title, pe.Msg = words.New("pages.error.method.title"), words.New("pages.error.method.msg")
		case errors.As(err, &he) && he.Message != "":
			s.log.Info("http error", "request_id", requestID(c), "code", code, "message", he.Message)
		}
	}
	if pe.Code >= 500 {
		s.log.Error("request failed", "request_id", requestID(c), "path", c.Request().URL.Path, "error", err)
	}
	c.Response().Header().Del("ETag") // set for the page that failed (validators.go), not for this one
	sp := s.speaker(c).WithNames(pe.Names)
	page := errorPage{Code: pe.Code, Title: sp.Say(pe.Title), Msg: sp.Say(pe.Msg)}
	if rerr := s.render(c, pe.Code, "error", page.Title, page); rerr != nil {
		s.log.Error("error page failed", "request_id", requestID(c), "error", rerr)
		c.String(pe.Code, page.Msg+"\nrequest id: "+requestID(c)+"\n")
	}
}
