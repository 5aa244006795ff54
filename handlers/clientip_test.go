package handlers

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"testing"
)

// The client address is the TCP peer, unless the peer is a trusted proxy:
// then the nearest forwarded address that is not a trusted proxy (what
// the client itself wrote further left is ignored), else X-Real-IP.
func TestClientIP(t *testing.T) {
	trusted := proxies{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.0.0.0/8")}
	for _, c := range []struct {
		name, peer, xff, real string
		p                     proxies
		want                  string
	}{
		{"no proxy configured: headers ignored", "127.0.0.1:1", "198.51.100.7", "198.51.100.8", nil, "127.0.0.1"},
		{"an untrusted peer's header ignored", "203.0.113.5:1", "198.51.100.7", "", trusted, "203.0.113.5"},
		{"trusted proxy", "127.0.0.1:1", "198.51.100.7", "", trusted, "198.51.100.7"},
		{"a forged hop left of the real one", "127.0.0.1:1", "6.6.6.6, 198.51.100.7", "", trusted, "198.51.100.7"},
		{"a chain of trusted proxies", "127.0.0.1:1", "198.51.100.7, 10.1.2.3", "", trusted, "198.51.100.7"},
		{"garbage stops the walk", "127.0.0.1:1", "198.51.100.7, junk, 10.1.2.3", "", trusted, "10.1.2.3"},
		{"X-Real-IP when no X-Forwarded-For", "127.0.0.1:1", "", "198.51.100.9", trusted, "198.51.100.9"},
		{"no header through a proxy", "127.0.0.1:1", "", "", trusted, "127.0.0.1"},
		{"IPv6 and mapped", "[::ffff:127.0.0.1]:1", "2001:db8::1", "", trusted, "2001:db8::1"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = c.peer
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if c.real != "" {
			r.Header.Set("X-Real-IP", c.real)
		}
		if got := c.p.clientIP(r); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// forwarded is a transport that says, as a proxy would, whom it forwards.
type forwarded struct{ client string }

func (f forwarded) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", f.client)
	return http.DefaultTransport.RoundTrip(r)
}

// Behind a trusted proxy each visitor has their own per-IP sign-in
// allowance; without trusted_proxies every visitor behind it shares one.
func TestSignInLimitBehindProxy(t *testing.T) {
	for _, trust := range []bool{true, false} {
		e := newEnv(t, func(d *Deps) {
			d.Config.Auth.PerIP = 2
			if trust {
				d.Config.TrustedProxies = []string{"127.0.0.1", "::1"}
			}
		})
		refused := 0
		for i, client := range []string{"198.51.100.1", "198.51.100.2"} {
			b := e.browser()
			b.client.Transport = forwarded{client}
			b.get("/signin")
			for j := range 2 {
				addr := string(rune('a'+i)) + string(rune('0'+j)) + "@x.org"
				if code, _ := b.post("/signin", url.Values{"email": {addr}, "csrf": {csrfOf(t, b)}}); code == http.StatusTooManyRequests {
					refused++
				}
			}
		}
		if want := map[bool]int{true: 0, false: 2}[trust]; refused != want {
			t.Errorf("trusted proxy %v: %d of 4 sign-ins refused, want %d", trust, refused, want)
		}
	}
}

// A request that came through a trusted proxy is never local, even from
// the loopback address and without forwarding headers (a proxy on this
// machine that adds none): /outbox, which holds sign-in links, refuses it.
func TestOutboxThroughProxyNotLocal(t *testing.T) {
	e := newEnv(t, func(d *Deps) { d.Config.TrustedProxies = []string{"127.0.0.1"} })
	for remote, header := range map[string]string{"127.0.0.1:5000": "", "[::1]:5000": "X-Forwarded-Host"} {
		req := httptest.NewRequest(http.MethodGet, "/outbox", nil)
		req.RemoteAddr = remote
		if header != "" {
			req.Header.Set(header, "rondel.example")
		}
		w := httptest.NewRecorder()
		e.srv.ServeHTTP(w, req)
		if w.Code != http.StatusForbidden {
			t.Errorf("from %s through a proxy: %d", remote, w.Code)
		}
	}
	req := httptest.NewRequest(http.MethodGet, "/outbox", nil)
	req.RemoteAddr = "[::1]:5000" // not a proxy, no header: this machine
	w := httptest.NewRecorder()
	if e.srv.ServeHTTP(w, req); w.Code != http.StatusOK {
		t.Errorf("from ::1, not a proxy: %d", w.Code)
	}
}
