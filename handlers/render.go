package handlers

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/store"
	"rondel/templates"
)

// funcs are the helpers templates may call.
var funcs = template.FuncMap{
	"ago":    ago,
	"utc":    func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
	"plus1":  func(i int) int { return i + 1 },
	"minus1": func(i int) int { return i - 1 },
}

// parsePages parses every page with the layout, one template per page.
func parsePages() (map[string]*template.Template, error) {
	names, err := fs.Glob(templates.FS, "*.html")
	if err != nil {
		return nil, err
	}
	pages := map[string]*template.Template{}
	for _, n := range names {
		if n == "layout.html" {
			continue
		}
		t, err := template.New(n).Funcs(funcs).ParseFS(templates.FS, "layout.html", n)
		if err != nil {
			return nil, fmt.Errorf("handlers: template %s: %w", n, err)
		}
		pages[strings.TrimSuffix(n, ".html")] = t
	}
	return pages, nil
}

// view is what every page gets; Page is the page's own data.
type view struct {
	Title     string
	User      *store.User
	CSRF      string
	LocalMail bool
	RequestID string
	Page      any
}

// render executes a page into a buffer first, so a template error becomes
// a proper error page instead of half a page.
func (s *Server) render(c *echo.Context, code int, page, title string, data any) error {
	t, ok := s.pages[page]
	if !ok {
		return fmt.Errorf("handlers: no page %q", page)
	}
	v := view{Title: title, User: currentUser(c), CSRF: csrfToken(c), LocalMail: s.local, RequestID: requestID(c), Page: data}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout", v); err != nil {
		return fmt.Errorf("handlers: rendering %s: %w", page, err)
	}
	return c.HTMLBlob(code, buf.Bytes())
}

// pageError is an error with a status and words for the person.
type pageError struct {
	Code  int
	Title string
	Msg   string
	Err   error // for the log only
}

func (e *pageError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%d %s: %v", e.Code, e.Msg, e.Err)
	}
	return fmt.Sprintf("%d %s", e.Code, e.Msg)
}

func fail(code int, title, msg string) error { return &pageError{Code: code, Title: title, Msg: msg} }

// handleError renders every error as a page with the request id.
func (s *Server) handleError(c *echo.Context, err error) {
	if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Committed {
		return
	}
	pe := &pageError{Code: http.StatusInternalServerError, Title: "Something went wrong",
		Msg: "The server could not answer this request. Nothing was changed by it unless the page said so."}
	var he *echo.HTTPError
	var sc echo.HTTPStatusCoder
	switch {
	case errors.As(err, &pe):
	case errors.As(err, &sc) && sc.StatusCode() >= 400:
		code := sc.StatusCode()
		pe = &pageError{Code: code, Title: http.StatusText(code), Msg: http.StatusText(code) + "."}
		if errors.As(err, &he) && he.Message != "" {
			pe.Msg = he.Message
		}
		if code == http.StatusNotFound {
			pe.Msg = "There is no page at this address."
		}
	}
	if pe.Code >= 500 {
		s.log.Error("request failed", "request_id", requestID(c), "path", c.Request().URL.Path, "error", err)
	}
	if rerr := s.render(c, pe.Code, "error", pe.Title, pe); rerr != nil {
		s.log.Error("error page failed", "request_id", requestID(c), "error", rerr)
		c.String(pe.Code, pe.Msg+"\nrequest id: "+requestID(c)+"\n")
	}
}

// ago says how long ago t was, roughly, in words.
func ago(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h %d min", int(d.Hours()), int(d.Minutes())%60)
	default:
		return fmt.Sprintf("%d days", int(d.Hours())/24)
	}
}
