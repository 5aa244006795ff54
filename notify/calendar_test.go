package notify

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store"
)

// icsComp is one parsed component (VCALENDAR, VEVENT, VALARM).
type icsComp struct {
	name  string
	props []icsProp
	subs  []*icsComp
}

type icsProp struct{ name, params, value string }

func (c *icsComp) get(name string) []icsProp {
	var out []icsProp
	for _, p := range c.props {
		if p.name == name {
			out = append(out, p)
		}
	}
	return out
}

// one returns the value of a property the component must have once.
func (c *icsComp) one(t *testing.T, name string) string {
	t.Helper()
	ps := c.get(name)
	if len(ps) != 1 {
		t.Fatalf("%s has %s %d times, want once", c.name, name, len(ps))
	}
	return ps[0].value
}

var icsName = regexp.MustCompile(`^[A-Z][A-Z0-9-]*$`)

// textProps are the properties of type TEXT this feed writes.
var textProps = map[string]bool{"PRODID": true, "X-WR-CALNAME": true, "UID": true, "SUMMARY": true, "DESCRIPTION": true}

// parseICS reads an iCalendar stream strictly: CRLF after every line and
// nothing else as a line end, no physical line over 75 octets, folding
// only inside characters' boundaries, names in capitals, components
// properly nested, TEXT values escaped (no bare comma or semicolon, only
// the escapes RFC 5545 defines), which it undoes.
func parseICS(t *testing.T, data []byte) *icsComp {
	t.Helper()
	if !bytes.HasSuffix(data, []byte("\r\n")) {
		t.Fatal("the stream does not end with CRLF")
	}
	var logical []string
	for i, l := range strings.Split(strings.TrimSuffix(string(data), "\r\n"), "\r\n") {
		if strings.ContainsAny(l, "\r\n") {
			t.Fatalf("line %d holds a bare CR or LF: %q", i+1, l)
		}
		if len(l) > 75 {
			t.Fatalf("line %d is %d octets long: %q", i+1, len(l), l)
		}
		if !utf8.ValidString(l) {
			t.Fatalf("line %d is not valid UTF-8 (a fold split a character?): %q", i+1, l)
		}
		if strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t") {
			if len(logical) == 0 {
				t.Fatal("the stream starts with a continuation line")
			}
			logical[len(logical)-1] += l[1:]
			continue
		}
		logical = append(logical, l)
	}
	var stack []*icsComp
	var root *icsComp
	for _, l := range logical {
		head, value, ok := strings.Cut(l, ":")
		if !ok {
			t.Fatalf("no colon in %q", l)
		}
		name, params, _ := strings.Cut(head, ";")
		if !icsName.MatchString(name) {
			t.Fatalf("bad property name %q", name)
		}
		switch name {
		case "BEGIN":
			c := &icsComp{name: value}
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				top.subs = append(top.subs, c)
			} else if root != nil {
				t.Fatal("a second component at the top")
			} else {
				root = c
			}
			stack = append(stack, c)
			continue
		case "END":
			if len(stack) == 0 || stack[len(stack)-1].name != value {
				t.Fatalf("END:%s does not close the open component", value)
			}
			stack = stack[:len(stack)-1]
			continue
		}
		if len(stack) == 0 {
			t.Fatalf("property %s outside any component", name)
		}
		if textProps[name] {
			value = unescapeText(t, value)
		}
		top := stack[len(stack)-1]
		top.props = append(top.props, icsProp{name, params, value})
	}
	if len(stack) != 0 || root == nil || root.name != "VCALENDAR" {
		t.Fatalf("unclosed components %d, root %v", len(stack), root)
	}
	return root
}

func unescapeText(t *testing.T, v string) string {
	t.Helper()
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case ',', ';':
			t.Fatalf("unescaped %q in the TEXT value %q", c, v)
		case '\\':
			if i+1 == len(v) {
				t.Fatalf("a lone backslash ends %q", v)
			}
			i++
			switch v[i] {
			case '\\', ';', ',':
				b.WriteByte(v[i])
			case 'n', 'N':
				b.WriteByte('\n')
			default:
				t.Fatalf("unknown escape \\%c in %q", v[i], v)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

var icsUTC = regexp.MustCompile(`^\d{8}T\d{6}Z$`)

func icsParse(t *testing.T, v string) time.Time {
	t.Helper()
	if !icsUTC.MatchString(v) {
		t.Fatalf("%q is not a UTC DATE-TIME", v)
	}
	at, err := time.Parse("20060102T150405Z", v)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// The feed lists one event per open decision of the reader, with a UID
// that stays while the deadline runs, the deadline in UTC, words in the
// reader's language and alarms at the reminders still ahead; a decision
// made drops its event.
func TestCalendarFeed(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	zh := e.person("a@example.org", "安娜", "zh", "Asia/Shanghai")
	e.person("b@example.org", "Bob", "en", "UTC")
	name := `Friday, 8pm; the "long" game with a name that needs folding, 星期五的长局`
	g := e.startGame(gametest.ID, name, 2, 3, game.Options{"votes": "false"})
	u, _ := e.st.User(e.ctx, zh)

	// Make sure 安娜 is asked: play until her seat is.
	seats, _ := e.st.Seats(e.ctx, g.ID)
	mine := store.SeatOf(seats, zh)
	for range 3 {
		pos, _ := e.st.Current(e.ctx, g.ID)
		if len(decisionsOf(pos.State, mine)) > 0 {
			break
		}
		play(t, e, g, 1)
	}
	dls, _ := e.st.Calendar().OpenDeadlinesOf(e.ctx, zh)
	if len(dls) != 1 {
		t.Fatalf("open deadlines of the reader: %+v", dls)
	}
	feed, err := e.svc.CalendarFeed(e.ctx, *u)
	if err != nil {
		t.Fatal(err)
	}
	cal := parseICS(t, feed)
	if cal.one(t, "VERSION") != "2.0" || cal.one(t, "PRODID") != "-//Rondel//Deadlines//ZH" || cal.one(t, "X-WR-CALNAME") != "Rondel 期限" {
		t.Errorf("calendar properties %+v", cal.props)
	}
	if len(cal.subs) != 1 || cal.subs[0].name != "VEVENT" {
		t.Fatalf("components %+v", cal.subs)
	}
	ev := cal.subs[0]
	uid := ev.one(t, "UID")
	if uid != fmt.Sprintf("rondel-deadline-%d@rondel.example", dls[0].ID) {
		t.Errorf("UID %q", uid)
	}
	icsParse(t, ev.one(t, "DTSTAMP"))
	start, end := icsParse(t, ev.one(t, "DTSTART")), icsParse(t, ev.one(t, "DTEND"))
	if !start.Equal(dls[0].DueAt.Truncate(time.Second)) || !end.After(start) {
		t.Errorf("DTSTART %v DTEND %v, deadline %v", start, end, dls[0].DueAt)
	}
	if s := ev.one(t, "SUMMARY"); !strings.HasPrefix(s, "期限：") || !strings.HasSuffix(s, " · "+name) {
		t.Errorf("SUMMARY %q", s)
	}
	link := fmt.Sprintf("https://rondel.example/games/%d", g.ID)
	if ev.one(t, "URL") != link || !strings.HasSuffix(ev.one(t, "DESCRIPTION"), "\n"+link) {
		t.Errorf("URL %q, DESCRIPTION %q", ev.one(t, "URL"), ev.one(t, "DESCRIPTION"))
	}
	if d := ev.one(t, "DESCRIPTION"); !strings.Contains(d, seats[mine].Name+"需要决定：") || !strings.Contains(d, "期限：") {
		t.Errorf("DESCRIPTION %q", d)
	}
	var triggers []string
	for _, a := range ev.subs {
		if a.name != "VALARM" || a.one(t, "ACTION") != "DISPLAY" || a.one(t, "DESCRIPTION") == "" {
			t.Errorf("alarm %+v", a)
		}
		triggers = append(triggers, a.one(t, "TRIGGER"))
	}
	if fmt.Sprint(triggers) != "[-PT24H -PT4H]" {
		t.Errorf("alarms %v, want one per reminder", triggers)
	}

	// Later, with 5 hours left: the same event, only the 4-hour alarm.
	e.clk.Set(dls[0].DueAt.Add(-5 * time.Hour))
	feed2, _ := e.svc.CalendarFeed(e.ctx, *u)
	ev2 := parseICS(t, feed2).subs[0]
	if ev2.one(t, "UID") != uid || ev2.one(t, "DTSTART") != ev.one(t, "DTSTART") || ev2.one(t, "DTSTAMP") == ev.one(t, "DTSTAMP") {
		t.Errorf("the event changed: %+v", ev2.props)
	}
	if len(ev2.subs) != 1 || ev2.subs[0].one(t, "TRIGGER") != "-PT4H" {
		t.Errorf("alarms with 5 hours left: %+v", ev2.subs)
	}

	// Her move: the event goes; Bob's feed has his.
	play(t, e, g, 1)
	feed3, _ := e.svc.CalendarFeed(e.ctx, *u)
	for _, c := range parseICS(t, feed3).subs {
		if c.one(t, "UID") == uid {
			t.Error("the decision was made, its event stays")
		}
	}
}

// Folding keeps lines at 75 octets without splitting a character, and
// escaping survives the way back, for any text.
func FuzzICSText(f *testing.F) {
	for _, s := range []string{"", "a,b;c\\d", "line\nbreak\r\nand CRLF", strings.Repeat("长", 80), strings.Repeat("a", 74) + "é" + "z",
		"tab\there", "\x00\x7f", "bad \xff utf8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w := &icsWriter{}
		w.line("BEGIN", "VCALENDAR")
		w.text("SUMMARY", s)
		w.line("END", "VCALENDAR")
		got := parseICS(t, w.b.Bytes()).one(t, "SUMMARY")
		want := strings.Map(func(r rune) rune {
			if r < 0x20 && r != '\n' || r == 0x7f {
				return -1
			}
			return r
		}, string([]rune(strings.ReplaceAll(s, "\r\n", "\n")))) // a bad byte reads as U+FFFD
		if got != want {
			t.Errorf("%q came back as %q, want %q", s, got, want)
		}
	})
}

func TestICSDuration(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{
		-4 * time.Hour: "-PT4H", -24 * time.Hour: "-PT24H", -26*time.Hour - 30*time.Minute: "-PT26H30M",
		-90 * time.Minute: "-PT1H30M", 0: "PT0M", 15 * time.Minute: "PT15M",
	} {
		if got := icsDuration(d); got != want {
			t.Errorf("icsDuration(%v) = %q, want %q", d, got, want)
		}
	}
}
