package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"rondel/game/words"
	"rondel/store"
)

// Chat webhooks: where turn notices are posted, how an address is checked
// before it is saved and again whenever it is dialled, and how a chat's
// answer is read. A webhook's address holds its secret: it is never
// logged, never put into an error, and pages show only its hint.

// maxWebhookURL bounds an address a person types.
const maxWebhookURL = 2048

// CheckWebhook checks a webhook address as typed and the flavour chosen
// ("" or "auto": by the address's host) and returns the address to keep,
// the flavour and the hint pages show. Only https, to a host name or a
// public address, without a user name, password or fragment; plain http
// and this machine only when the configuration allows loopback (tests).
func (s *Service) CheckWebhook(raw, flavour string) (addr, flav, hint string, err error) {
	raw = strings.TrimSpace(raw)
	bad := func(id string) (string, string, string, error) {
		return "", "", "", words.Fail(words.New("mail.webhook.error." + id))
	}
	if raw == "" || len(raw) > maxWebhookURL || strings.ContainsFunc(raw, unicode.IsSpace) {
		return bad("address")
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return bad("address")
	}
	if u.User != nil || u.Fragment != "" {
		return bad("credentials")
	}
	loop := isLoopbackHost(u.Hostname())
	switch {
	case loop && !s.cfg.Webhooks.AllowLoopback:
		return bad("internal")
	case u.Scheme == "http" && loop:
	case u.Scheme != "https":
		return bad("https")
	}
	if ip, err := netip.ParseAddr(strings.Trim(u.Hostname(), "[]")); err == nil && !loop && blockedIP(ip, false) {
		return bad("internal")
	}
	switch flavour {
	case "", "auto":
		flav = flavourOf(u.Hostname())
		if flav == "" {
			return bad("flavour")
		}
		if flav == store.FlavourDiscord && strings.HasSuffix(u.Path, "/slack") {
			flav = store.FlavourSlack // Discord's Slack-compatible endpoint
		}
	case store.FlavourDiscord, store.FlavourSlack:
		flav = flavour
	default:
		return bad("flavour")
	}
	return u.String(), flav, webhookHint(u), nil
}

// flavourOf guesses the flavour from the host: Discord's and Slack's own.
func flavourOf(host string) string {
	host = strings.ToLower(host)
	for _, d := range []string{"discord.com", "discordapp.com"} {
		if host == d || strings.HasSuffix(host, "."+d) {
			return store.FlavourDiscord
		}
	}
	if host == "hooks.slack.com" {
		return store.FlavourSlack
	}
	return ""
}

// webhookHint is what pages show of an address: its host and the last
// four characters of its path (enough to tell two apart).
func webhookHint(u *url.URL) string {
	p := u.EscapedPath()
	if utf8.RuneCountInString(p) <= 4 {
		return u.Host + " …"
	}
	r := []rune(p)
	return u.Host + " …" + string(r[len(r)-4:])
}

// isLoopbackHost reports whether a URL's host names this machine.
func isLoopbackHost(host string) bool {
	host = strings.ToLower(strings.Trim(host, "[]"))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}

// errInternal is the refusal to dial an internal address.
var errInternal = errors.New("the webhook's host has an internal address: not posted")

// webhookClient posts to webhooks: no proxy, no redirects followed, and a
// dialer that refuses internal addresses after name resolution, so a name
// that resolves (or is rebound) to one is refused too.
func webhookClient(timeout time.Duration, loopback bool) *http.Client {
	d := &net.Dialer{Timeout: timeout, Control: dialControl(loopback)}
	tr := &http.Transport{Proxy: nil, DialContext: d.DialContext, ForceAttemptHTTP2: true,
		TLSHandshakeTimeout: timeout, ResponseHeaderTimeout: timeout, MaxIdleConns: 4, IdleConnTimeout: time.Minute}
	return &http.Client{Transport: tr, Timeout: timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// dialControl checks the address a connection is about to be made to,
// after name resolution, so a name resolving (or rebound) to an address
// that is not globally routable is refused.
func dialControl(loopback bool) func(network, address string, _ syscall.RawConn) error {
	return func(_, address string, _ syscall.RawConn) error {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return err
		}
		ip, err := netip.ParseAddr(host)
		if err != nil || blockedIP(ip, loopback) {
			return errInternal
		}
		return nil
	}
}

// maxExcerpt is how much of a chat's answer is kept with a failure.
const maxExcerpt = 200

// RetryLater is a chat's request to wait (429 Too Many Requests): the
// notice is retried no sooner than After.
type RetryLater struct {
	After time.Duration
	Err   error
}

func (e *RetryLater) Error() string { return e.Err.Error() }
func (e *RetryLater) Unwrap() error { return e.Err }

// post sends one notice's text to a webhook and reads the answer (send).
func post(ctx context.Context, c *http.Client, h store.Webhook, text string) error {
	body, err := payload(h.Flavour, text)
	if err != nil {
		return &PermanentError{Err: err}
	}
	return send(ctx, c, h, bytes.NewReader(body), "application/json")
}

// send posts body to a webhook and reads the answer: nil when taken (2xx),
// a *PermanentError for a refusal the chat will repeat (4xx, a redirect),
// a *RetryLater for 429, else an error worth retrying.
func send(ctx context.Context, c *http.Client, h store.Webhook, body io.Reader, contentType string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, body)
	if err != nil {
		return &PermanentError{Err: errors.New("the webhook's address cannot be posted to")}
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("User-Agent", "Rondel (turn notices)")
	resp, err := c.Do(req)
	if err != nil {
		return cleanError(err, h)
	}
	defer resp.Body.Close()
	excerpt := readExcerpt(resp.Body)
	code := resp.StatusCode
	why := fmt.Errorf("HTTP %d%s", code, excerpt)
	switch {
	case code >= 200 && code < 300:
		return nil
	case code == http.StatusTooManyRequests:
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		return &RetryLater{After: time.Duration(min(max(secs, 0), 3600)) * time.Second, Err: why}
	case code >= 300 && code < 400:
		return &PermanentError{Err: fmt.Errorf("HTTP %d: the webhook redirects elsewhere (not followed)", code)}
	case code >= 400 && code < 500 && code != http.StatusRequestTimeout:
		return &PermanentError{Err: why}
	}
	return why
}

// payload is the JSON a flavour of webhook takes. Discord is told to
// ping nobody (a game or player name may hold "@everyone"); Slack's
// control characters are escaped, so a name cannot say <!channel>.
func payload(flavour, text string) ([]byte, error) {
	switch flavour {
	case store.FlavourDiscord:
		return json.Marshal(map[string]any{"content": clip(text, 2000), "allowed_mentions": map[string]any{"parse": []string{}}})
	case store.FlavourSlack:
		esc := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(text)
		return json.Marshal(map[string]any{"text": clip(esc, 4000)})
	}
	return nil, fmt.Errorf("unknown webhook flavour %q", flavour)
}

// clip cuts text to at most n characters, keeping its last line (the
// game's address) whole.
func clip(text string, n int) string {
	if utf8.RuneCountInString(text) <= n {
		return text
	}
	head, last := text, ""
	if i := strings.LastIndexByte(text, '\n'); i >= 0 {
		head, last = text[:i], text[i:]
	}
	keep := max(n-utf8.RuneCountInString(last)-1, 0)
	r := []rune(head)
	return string(r[:min(keep, len(r))]) + "…" + last
}

// readExcerpt reads a little of an answer, as one printable line, and
// drops the rest: a chat's answer is never kept beyond this.
func readExcerpt(r io.Reader) string {
	b, _ := io.ReadAll(io.LimitReader(r, 1024))
	_, _ = io.Copy(io.Discard, io.LimitReader(r, 64<<10)) // let the connection be reused
	s := strings.Join(strings.FieldsFunc(strings.ToValidUTF8(string(b), ""), func(r rune) bool {
		return unicode.IsSpace(r) || !unicode.IsPrint(r)
	}), " ")
	if s == "" {
		return ""
	}
	if utf8.RuneCountInString(s) > maxExcerpt {
		s = string([]rune(s)[:maxExcerpt-1]) + "…"
	}
	return ": " + s
}

// cleanError is a failed post's error without the address (net/http's
// errors quote the whole URL, secret included).
func cleanError(err error, h store.Webhook) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	msg := err.Error()
	if h.URL != "" {
		msg = strings.ReplaceAll(msg, h.URL, h.Hint)
	}
	if errors.Is(err, errInternal) {
		return &PermanentError{Err: errInternal}
	}
	if errors.Is(err, context.DeadlineExceeded) || strings.Contains(msg, "Client.Timeout") {
		return errors.New("the webhook did not answer in time")
	}
	return errors.New(msg)
}
