package handlers

import (
	"html"
	"html/template"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v5"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"rondel/game/words"
	"rondel/store"
)

// Every page speaks its reader's language: a signed-in member's setting,
// else the visitor's choice (the footer's switch: language.go), else what
// the browser asks for (Accept-Language), else English. Dates
// and times read in the member's time zone (UTC for visitors).

const (
	keyReader = "reader"
)

// reader is whom a request's page is for: the language and time zone its
// words, dates and numbers are written in. A reader holds nothing of one
// request, so readers (and the pages bound to them: render.go) are shared
// by every request of the same language and zone.
type reader struct {
	sp      *words.Speaker
	zone    *time.Location
	printer *message.Printer
	point   string // the decimal point, for decimal's short way ("": none)
	group   string // the digits' group separator, for integer's ("": none)
	now     func() time.Time

	listOnce   sync.Once
	list       listPatterns // the list messages (listjoin.go)
	layoutOnce sync.Once
	layouts    [2]*layoutParts // the layout's words (layout.go), without and with the local outbox
}

// in returns t in the reader's time zone.
func (r *reader) in(t time.Time) time.Time { return t.In(r.zone) }

// langOf picks the request's language.
func (s *Server) langOf(c *echo.Context) string {
	cat := words.Default()
	if u := currentUser(c); u != nil && u.Language != "" {
		return cat.Match(u.Language)
	}
	if lang := chosenLanguage(c); lang != "" {
		return lang
	}
	return cat.Match(c.Request().Header.Get("Accept-Language"))
}

// reader returns the request's reader: the member's language and time
// zone (UTC for visitors), found on first use (an error page may need it
// before any handler ran).
func (s *Server) reader(c *echo.Context) *reader {
	if r, ok := c.Get(keyReader).(*reader); ok {
		return r
	}
	zone := "UTC"
	if u := currentUser(c); u != nil && u.TimeZone != "" {
		zone = u.TimeZone
	}
	r := s.readers.get(s.langOf(c), zone, s.now)
	c.Set(keyReader, r)
	return r
}

// readers are the readers in use, by language and zone: few, and made once.
type readers struct {
	mu sync.Mutex
	by map[[2]string]*reader
}

func (rs *readers) get(lang, zone string, now func() time.Time) *reader {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	key := [2]string{lang, zone}
	if r, ok := rs.by[key]; ok {
		return r
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	p := message.NewPrinter(language.MustParse(lang))
	r := &reader{sp: words.Default().Speaker(lang, nil), zone: loc, printer: p, point: decimalPoint(p), group: groupSeparator(p), now: now}
	if rs.by == nil {
		rs.by = map[[2]string]*reader{}
	}
	rs.by[key] = r
	return r
}

// speaker is the request's speaker, naming no seats.
func (s *Server) speaker(c *echo.Context) *words.Speaker { return s.reader(c).sp }

// seatSpeaker is the request's speaker naming a game's seats by their
// players' current names, so a substitute reads as themselves.
func (s *Server) seatSpeaker(c *echo.Context, seats []store.Seat) *words.Speaker {
	return s.speaker(c).WithNames(seatNames(seats))
}

func seatNames(seats []store.Seat) []string {
	names := make([]string, len(seats))
	for _, st := range seats {
		if st.Seat >= 0 && st.Seat < len(names) {
			names[st.Seat] = st.Name
		}
	}
	return names
}

// dateTime writes a moment as a day, time and time zone in the reader's
// language and zone ("23 Nov 2026, 21:24 CET").
func (r *reader) dateTime(t time.Time) string {
	t = r.in(t)
	return r.sp.TS("pages.when", "time", r.sp.DateTime(t), "zone", zoneName(t))
}

// zoneName is t.Format("MST"), the zone's abbreviation taken as it is
// rather than written anew (a recent move's time said one each).
func zoneName(t time.Time) string {
	if name, _ := t.Zone(); name != "" {
		return name
	}
	return t.Format("MST") // a zone without one is written as its offset
}

// date writes a day in the reader's language and zone.
func (r *reader) date(t time.Time) string { return r.sp.Date(r.in(t)) }

// decimal writes x with one decimal in the reader's way ("1.5", "1,5").
// Below a thousand, where no digits are grouped, it is strconv's with the
// language's point: the printer took two microseconds a number, a tenth
// of a ladder page (TestDecimalIsThePrinters).
func (r *reader) decimal(x float64) string {
	if r.point == "" || !(x > -999.95 && x < 999.95) {
		return r.printer.Sprintf("%.1f", x)
	}
	s := strconv.FormatFloat(x, 'f', 1, 64)
	if r.point != "." {
		s = strings.Replace(s, ".", r.point, 1)
	}
	return s
}

// decimalPoint is the point p writes between a number's whole part and
// its decimals, if it writes small numbers as strconv does but for it;
// else "", and decimal always asks p.
func decimalPoint(p *message.Printer) string {
	s := p.Sprintf("%.1f", -12.5)
	point, ok := strings.CutPrefix(s, "-12")
	point, ok2 := strings.CutSuffix(point, "5")
	if !ok || !ok2 || point == "" || strings.ContainsAny(point, "0123456789-") {
		return ""
	}
	return point
}

// integer writes a whole number as the reader's speaker does (Number):
// digits grouped in threes with the separator learnt from the printer
// once, instead of asking the printer (two microseconds a number) for
// every place of a ladder thousands long (TestIntegerIsTheSpeakers).
func (r *reader) integer(n int) string {
	if n > -1000 && n < 1000 || r.group == "" || n < 0 {
		return r.sp.Number(n)
	}
	s := strconv.Itoa(n)
	var b strings.Builder
	b.Grow(len(s) + len(s)/3*len(r.group))
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(r.group)
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// groupSeparator is what p writes between groups of three digits, if it
// groups every three as integer does; else "", and integer always asks.
func groupSeparator(p *message.Printer) string {
	s := p.Sprint(1000)
	sep, ok := strings.CutPrefix(s, "1")
	sep, ok2 := strings.CutSuffix(sep, "000")
	if !ok || !ok2 || sep == "" || strings.ContainsAny(sep, "0123456789") || p.Sprint(1234567890) != "1"+sep+"234"+sep+"567"+sep+"890" {
		return ""
	}
	return sep
}

// signed writes a change with its sign ("+1.5", "−0.3", "±0.0").
func (r *reader) signed(x float64) string {
	switch {
	case x > -0.05 && x < 0.05:
		return "±" + r.decimal(0)
	case x > 0:
		return "+" + r.decimal(x)
	}
	return "−" + r.decimal(-x)
}

// ago says how long ago t was, roughly.
func (r *reader) ago(t time.Time) string { return r.agoFor(r.now().Sub(t)) }

// agoFor says a time d ago in rough words (ago).
func (r *reader) agoFor(d time.Duration) string { return r.agoSay(agoKeyOf(d)) }

// agoKey is what "how long ago" says of a duration: its unit (now,
// minutes, hours and minutes, days) and figures. Durations with the same
// key read the same, so a page may say each key once (dashboard.go).
type agoKey struct{ unit, a, b int }

func agoKeyOf(d time.Duration) agoKey {
	switch {
	case d < time.Minute:
		return agoKey{}
	case d < time.Hour:
		return agoKey{1, int(d.Minutes()), 0}
	case d < 48*time.Hour:
		return agoKey{2, int(d.Hours()), int(d.Minutes()) % 60}
	}
	return agoKey{3, int(d.Hours()) / 24, 0}
}

// agoSay says k in the reader's words.
func (r *reader) agoSay(k agoKey) string {
	switch k.unit {
	case 0:
		return r.sp.T("pages.ago.now")
	case 1:
		return r.sp.T("pages.ago.minutes", "count", k.a)
	case 2:
		return r.sp.T("pages.ago.hours", "h", k.a, "m", k.b)
	}
	return r.sp.T("pages.ago.days", "count", k.a)
}

// duration says a median time to move in rough words.
func (r *reader) duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "–"
	case d < time.Minute:
		return r.sp.T("pages.duration.seconds")
	case d < time.Hour:
		return r.sp.T("pages.duration.minutes", "count", int(d.Minutes()))
	case d < 48*time.Hour:
		return r.sp.T("pages.duration.hours", "n", r.decimal(d.Hours()))
	}
	return r.sp.T("pages.duration.days", "n", r.decimal(d.Hours()/24))
}

// funcs are the template functions bound to this reader.
func (r *reader) funcs() template.FuncMap {
	sp := r.sp
	return template.FuncMap{
		"t":           sp.T,
		"say":         sp.Say,
		"term":        sp.Term,
		"sentences":   sp.Sentences,
		"num":         sp.Number,
		"date":        r.date,
		"datetime":    r.dateTime,
		"ago":         r.ago,
		"link":        r.link,
		"text":        textOf,
		"plus1":       func(i int) int { return i + 1 },
		"gameBody":    func(p *gameView, csrf string) template.HTML { return p.bodyHTML(r, csrf) },
		"historyHead": func(h historyPage) template.HTML { return historyHead(r, h) },
		"historyMid":  func(h historyPage) template.HTML { return historyMid(r, h) },
		"historyTail": func(h historyPage) template.HTML { return historyTail(r, h) },
	}
}

// link says the message id with a link in it: the message places it with
// {{.link}}, and the link's own words are the message textID. Both are
// escaped; href must be a path of this site (pages pass their own).
func (r *reader) link(id, href, textID string, pairs ...any) template.HTML {
	const mark = "\uE000"
	if !strings.HasPrefix(href, "/") || strings.HasPrefix(href, "//") {
		href = "#"
	}
	said := r.sp.T(id, append([]any{"link", mark}, pairs...)...)
	a := `<a href="` + html.EscapeString(href) + `">` + html.EscapeString(r.sp.T(textID)) + `</a>`
	return template.HTML(strings.Replace(html.EscapeString(said), mark, a, 1))
}
