package handlers

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// The client's address, for the sign-in limits and the log. Forwarding
// headers are believed only from a configured trusted proxy
// (trusted_proxies): anyone else could write any address into them and
// so escape the per-IP limit, or spend someone else's.

// proxies are the trusted proxies' address ranges.
type proxies []netip.Prefix

func (p proxies) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, pr := range p {
		if pr.Contains(a) {
			return true
		}
	}
	return false
}

// peerAddr is the TCP peer of r.
func peerAddr(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap()
}

// clientIP is r's client address: its TCP peer, unless the peer is a
// trusted proxy; then the nearest address of X-Forwarded-For that is not
// a trusted proxy (the one the proxies' own client gave cannot be
// checked, so addresses further left are ignored), else X-Real-IP.
func (p proxies) clientIP(r *http.Request) string {
	peer := peerAddr(r)
	if !peer.IsValid() || !p.trusted(peer) {
		return peerOrRaw(peer, r)
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	client := netip.Addr{}
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a hop that is no address: trust nothing beyond it
		}
		client = a.Unmap()
		if !p.trusted(client) {
			return client.String()
		}
	}
	if client.IsValid() {
		return client.String() // every hop a trusted proxy: the farthest
	}
	if a, err := netip.ParseAddr(strings.TrimSpace(r.Header.Get("X-Real-IP"))); err == nil {
		return a.Unmap().String()
	}
	return peer.String()
}

func peerOrRaw(peer netip.Addr, r *http.Request) string {
	if peer.IsValid() {
		return peer.String()
	}
	return r.RemoteAddr
}

// isLocal reports whether r comes from this machine and not through a
// proxy: its TCP peer is a loopback address that is not a trusted proxy,
// and it carries no forwarding header (a proxy on this machine that is
// not listed and adds none cannot be told apart: list it).
func (p proxies) isLocal(r *http.Request) bool {
	for _, h := range []string{"X-Forwarded-For", "Forwarded", "X-Real-IP", "X-Forwarded-Host", "X-Forwarded-Proto"} {
		if r.Header.Get(h) != "" {
			return false
		}
	}
	peer := peerAddr(r)
	return peer.IsValid() && peer.IsLoopback() && !p.trusted(peer)
}
