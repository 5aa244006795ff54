package notify

import (
	"bytes"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// icsWriter writes iCalendar (RFC 5545) content lines: CRLF line ends,
// lines folded at 75 octets (never inside a UTF-8 character), TEXT
// values escaped.
type icsWriter struct{ b bytes.Buffer }

// maxOctets is how long a content line may be, its line break not counted.
const maxOctets = 75

// line writes one content line as it is (a name and a value already in
// the property's format).
func (w *icsWriter) line(name, value string) {
	s := name + ":" + value
	first := true
	for len(s) > 0 {
		limit := maxOctets
		if !first {
			limit-- // the continuation's leading space counts
			w.b.WriteByte(' ')
		}
		n := min(len(s), limit)
		for n < len(s) && !utf8.RuneStart(s[n]) {
			n-- // never split a character
		}
		w.b.WriteString(s[:n])
		w.b.WriteString("\r\n")
		s, first = s[n:], false
	}
}

// text writes a property of type TEXT.
func (w *icsWriter) text(name, value string) { w.line(name, icsEscape(value)) }

// utc writes a DATE-TIME property in UTC ("20260307T130000Z").
func (w *icsWriter) utc(name string, t time.Time) { w.line(name, icsTime(t)) }

func icsTime(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// icsEscape escapes a TEXT value: backslash, semicolon, comma and line
// breaks (RFC 5545 3.3.11); other control characters are dropped.
func icsEscape(s string) string {
	var b strings.Builder
	for _, r := range strings.ReplaceAll(s, "\r\n", "\n") {
		switch {
		case r == '\\' || r == ';' || r == ',':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// icsDuration is a DURATION value in hours and minutes ("-PT4H",
// "-PT26H30M"): exact, where a day ("P1D") is nominal and would follow
// daylight saving time.
func icsDuration(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	mins := int64(d / time.Minute)
	hours, m := mins/60, mins%60
	out := sign + "PT"
	if hours > 0 {
		out += strconv.FormatInt(hours, 10) + "H"
	}
	if m > 0 || hours == 0 {
		out += strconv.FormatInt(m, 10) + "M"
	}
	return out
}
