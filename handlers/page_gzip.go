package handlers

import (
	"context"
	"strconv"
	"strings"
)

// A game page goes out as gzip when its reader's browser takes it and
// the keeper compressed its large parts (kept_zparts.go): the request's
// context carries the browser's word down to where the parts are read.

type zipKey struct{}

// withZip marks ctx's page as one its reader takes as gzip.
func withZip(ctx context.Context) context.Context { return context.WithValue(ctx, zipKey{}, true) }

// zipWanted reports whether ctx's page may be written as gzip.
func zipWanted(ctx context.Context) bool {
	ok, _ := ctx.Value(zipKey{}).(bool)
	return ok
}

// takesGzip reports whether an Accept-Encoding header accepts gzip (RFC
// 9110 12.5.3): named, as gzip or x-gzip, or matched by "*", with a
// weight above zero; a coding named with q=0 is refused even if "*" is
// accepted.
func takesGzip(header string) bool {
	star := false
	for _, item := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(item, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		q := weight(params)
		switch coding {
		case "gzip", "x-gzip":
			return q > 0
		case "*":
			star = q > 0
		}
	}
	return star
}

// weight is the q parameter among params (1 if none; 0 if unreadable).
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		name, value, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || q < 0 || q > 1 {
			return 0
		}
		return q
	}
	return 1
}

// zipped reports whether the game page is written as gzip: its parts
// came compressed.
func (p *gameView) zipped() bool { return p.Z != nil }
