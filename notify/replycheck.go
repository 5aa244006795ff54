package notify

import (
	"mime"
	"net/mail"
	"strings"

	"github.com/emersion/go-msgauth/authres"
)

// The checks a reply passes before anything it asks is done: it is no
// automatic mail (no answer to an answer: no loop), and the club's own
// mail server vouches for its sender.

// automatic says why a message is automatic ("" when a person wrote it):
// RFC 3834's Auto-Submitted, the older Precedence and X-Autoreply
// headers of vacation programs, mailing lists, delivery reports and the
// null sender of bounces, and mail from Rondel itself.
func automatic(h mail.Header, from string, own []string) string {
	if v := strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted"))); v != "" && v != "no" {
		return "Auto-Submitted: " + v
	}
	switch strings.ToLower(strings.TrimSpace(h.Get("Precedence"))) {
	case "bulk", "junk", "list", "auto_reply":
		return "Precedence: " + h.Get("Precedence")
	}
	for _, name := range []string{"X-Autoreply", "X-Autorespond", "X-Auto-Reply", "List-Id"} {
		if h.Get(name) != "" {
			return name
		}
	}
	if rp := strings.TrimSpace(h.Get("Return-Path")); rp == "<>" {
		return "null sender"
	}
	if mt, _, err := mime.ParseMediaType(h.Get("Content-Type")); err == nil && mt == "multipart/report" {
		return "delivery report"
	}
	local, _, ok := splitAddress(from)
	if !ok {
		return "no sender"
	}
	switch strings.ToLower(local) {
	case "mailer-daemon", "postmaster", "noreply", "no-reply":
		return "system sender " + local
	}
	for _, o := range own {
		if o != "" && strings.EqualFold(o, from) {
			return "our own address"
		}
	}
	return ""
}

// fromAddress is the one address of a message's From ("" if none or many).
func fromAddress(h mail.Header) string {
	list, err := h.AddressList("From")
	if err != nil || len(list) != 1 {
		return ""
	}
	return list[0].Address
}

// authenticated reads the Authentication-Results header that the club's
// mail server (authserv) added and says whether it vouches for the From
// domain: DMARC pass, or DKIM or SPF pass for a domain aligned with it.
// Only the topmost header of that server counts (the one it added on
// receipt; a server removes such headers that came from outside, RFC
// 8601 §5); headers of any other server are ignored.
func authenticated(h mail.Header, authserv, fromDomain string) (bool, string) {
	for _, v := range h["Authentication-Results"] {
		id, results, err := authres.Parse(v)
		if err != nil || !strings.EqualFold(strings.TrimSpace(id), authserv) {
			continue
		}
		for _, r := range results {
			switch r := r.(type) {
			case *authres.DMARCResult:
				if r.Value == authres.ResultPass && (r.From == "" || aligned(r.From, fromDomain)) {
					return true, "dmarc pass"
				}
			case *authres.DKIMResult:
				if r.Value == authres.ResultPass && aligned(r.Domain, fromDomain) {
					return true, "dkim pass, aligned"
				}
			case *authres.SPFResult:
				if _, d, ok := splitAddress(r.From); r.Value == authres.ResultPass && (ok && aligned(d, fromDomain) || !ok && aligned(r.From, fromDomain)) {
					return true, "spf pass, aligned"
				}
			}
		}
		return false, "no pass for " + fromDomain + " from " + authserv
	}
	return false, "no Authentication-Results from " + authserv
}

// aligned is DMARC's relaxed alignment, near enough: the same domain, or
// one a subdomain of the other (never a bare top-level domain).
func aligned(d, from string) bool {
	d = strings.ToLower(strings.Trim(strings.TrimSpace(d), "."))
	from = strings.ToLower(strings.Trim(from, "."))
	if d == "" || from == "" {
		return false
	}
	if d == from {
		return true
	}
	parent, child := d, from
	if len(d) > len(from) {
		parent, child = from, d
	}
	return strings.Contains(parent, ".") && strings.HasSuffix(child, "."+parent)
}
