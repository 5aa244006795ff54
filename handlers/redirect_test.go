package handlers

import (
	"net/url"
	"strings"
	"testing"
	"unicode"
)

func TestSafeNext(t *testing.T) {
	t.Parallel()
	for _, next := range []string{"/", "/games/3", "/games/3?tab=log#x", "/ladder/imperial", "/players/4?a=b", "/games/%C3%A9t%C3%A9"} {
		if got := safeNext(next); got != next {
			t.Errorf("safeNext(%q) = %q, want it kept", next, got)
		}
	}
	for _, next := range []string{
		"", "games", "https://evil.example/", "//evil.example", "/\\evil.example", "\\\\evil.example",
		"/%09/evil.example", "/\t/evil.example", "/\n/evil.example", "/ /evil.example", "/%20/evil.example",
		"/%2F/evil.example", "/%2f%2fevil.example", "/%5Cevil.example", "/%255C/evil.example", "/%252F/evil.example",
		"/\u00a0/evil.example", "/\u3000/evil.example", "/%E3%80%80/evil.example", "/x\x00y", "/%00", "/\u202e",
		"/%zz", "/%25252525252F%2F", "/players/4?a=b%20c", "javascript:alert(1)", "/games\\..\\..",
	} {
		if got := safeNext(next); got != "/" {
			t.Errorf("safeNext(%q) = %q, want /", next, got)
		}
	}
}

// FuzzSafeNext: whatever comes in, safeNext gives a path that a browser
// resolves on this site: it starts with one slash and holds, in any
// percent-decoded form, no control character, space or backslash.
func FuzzSafeNext(f *testing.F) {
	for _, s := range []string{"/games/1", "/%09/evil", "//x", "/\\x", "/%2F%2Fx", "/a?b=c#d", "/%25%32%46"} {
		f.Add(s)
	}
	base, _ := url.Parse("https://rondel.example/signin")
	f.Fuzz(func(t *testing.T, next string) {
		got := safeNext(next)
		if got == "/" {
			return
		}
		if got != next {
			t.Fatalf("safeNext(%q) = %q: changed, not refused", next, got)
		}
		for p, i := got, 0; i < 4; i++ {
			if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.ContainsAny(p, "\\") {
				t.Fatalf("safeNext(%q) lets %q through", next, p)
			}
			for _, r := range p {
				if unicode.IsControl(r) || unicode.IsSpace(r) {
					t.Fatalf("safeNext(%q) lets %q through (%U)", next, p, r)
				}
			}
			d, err := url.PathUnescape(p)
			if err != nil || d == p {
				break
			}
			p = d
		}
		u, err := base.Parse(got)
		if err != nil || u.Host != "rondel.example" || u.Scheme != "https" {
			t.Fatalf("safeNext(%q) = %q resolves to %v (%v)", next, got, u, err)
		}
	})
}
