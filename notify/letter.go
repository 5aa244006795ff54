package notify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"
	"time"

	"rondel/store"
)

// letter is the content of one mail, rendered twice: as plain text and as
// HTML, so both parts always say the same.
type letter struct {
	Greeting string
	Paras    []string
	Lists    []list
	After    []string // paragraphs after the lists
	Main     action   // the one thing to do, as a button
	Choices  []action // one-click answers, each to a confirmation page
	Footer   []action // game page, unsubscribe links
}

type list struct {
	Title string
	Items []string
}

type action struct {
	Label string
	URL   string
}

func (l letter) text() string {
	var b strings.Builder
	b.WriteString(l.Greeting + "\n\n")
	for _, p := range l.Paras {
		b.WriteString(p + "\n\n")
	}
	for _, ls := range l.Lists {
		b.WriteString(ls.Title + "\n")
		for _, it := range ls.Items {
			b.WriteString("  - " + it + "\n")
		}
		b.WriteString("\n")
	}
	for _, p := range l.After {
		b.WriteString(p + "\n\n")
	}
	if l.Main.URL != "" {
		fmt.Fprintf(&b, "%s:\n%s\n\n", l.Main.Label, l.Main.URL)
	}
	if len(l.Choices) > 0 {
		b.WriteString("Or answer from here (each link asks you to confirm):\n")
		for _, c := range l.Choices {
			fmt.Fprintf(&b, "  - %s: %s\n", c.Label, c.URL)
		}
		b.WriteString("\n")
	}
	b.WriteString("-- \n")
	for _, f := range l.Footer {
		fmt.Fprintf(&b, "%s: %s\n", f.Label, f.URL)
	}
	return b.String()
}

var htmlLetter = template.Must(template.New("mail").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"></head>
<body style="font-family: Georgia, serif; max-width: 40em; color: #222">
<p>{{.Greeting}}</p>
{{range .Paras}}<p>{{.}}</p>
{{end}}{{range .Lists}}<p><strong>{{.Title}}</strong></p>
<ul>{{range .Items}}<li>{{.}}</li>{{end}}</ul>
{{end}}{{range .After}}<p>{{.}}</p>
{{end}}{{with .Main}}{{if .URL}}<p><a href="{{.URL}}" style="display: inline-block; padding: .5em 1em; background: #7a1f1f; color: #fff; text-decoration: none; border-radius: 4px">{{.Label}}</a></p>
{{end}}{{end}}{{if .Choices}}<p>Or answer from here (each link asks you to confirm):</p>
<ul>{{range .Choices}}<li><a href="{{.URL}}">{{.Label}}</a></li>{{end}}</ul>
{{end}}<hr>
<p style="font-size: small">{{range $i, $f := .Footer}}{{if $i}} · {{end}}<a href="{{$f.URL}}">{{$f.Label}}</a>{{end}}</p>
</body></html>
`))

func (l letter) html() (string, error) {
	var b bytes.Buffer
	if err := htmlLetter.Execute(&b, l); err != nil {
		return "", err
	}
	return b.String(), nil
}

// threadID is the Message-ID every mail of a game refers to, so mail
// programs show one thread per game.
func (s *Service) threadID(gameID int64) string {
	return fmt.Sprintf("<rondel.game%d@%s>", gameID, s.host)
}

// outboxRow renders a letter into an outbox row for one person, with the
// thread and unsubscribe headers.
func (s *Service) outboxRow(gameID int64, seq int, kind string, u store.User, subject string, l letter) (*store.OutboxMail, error) {
	unsubGame, unsubAll := s.UnsubscribeURL(u.ID, gameID), s.UnsubscribeURL(u.ID, 0)
	if gameID > 0 {
		l.Footer = append([]action{{"Game page", fmt.Sprintf("%s/games/%d", s.base, gameID)}},
			append(l.Footer, action{"No more mail about this game", unsubGame})...)
	}
	l.Footer = append(l.Footer, action{"No more mail from Rondel", unsubAll})
	html, err := l.html()
	if err != nil {
		return nil, err
	}
	h := map[string]string{
		"List-Unsubscribe":      "<" + unsubGame + ">",
		"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		"Message-ID":            fmt.Sprintf("<rondel.game%d.%d.%s.user%d@%s>", gameID, seq, kind, u.ID, s.host),
		"X-Rondel-Link":         l.Main.URL,
	}
	if gameID > 0 {
		h["In-Reply-To"], h["References"] = s.threadID(gameID), s.threadID(gameID)
		if kind == kindStart {
			h["Message-ID"] = s.threadID(gameID)
			delete(h, "In-Reply-To")
			delete(h, "References")
		}
	} else {
		h["List-Unsubscribe"] = "<" + unsubAll + ">"
	}
	hj, _ := json.Marshal(h)
	return &store.OutboxMail{GameID: gameID, Seq: seq, UserID: u.ID, Kind: kind, ToAddr: u.Email,
		Subject: subject, TextBody: l.text(), HTMLBody: html, Headers: string(hj)}, nil
}

// Mail kinds (part of the outbox's unique key).
const (
	kindStart      = "start"
	kindTurn       = "turn"
	kindReminder   = "reminder"
	kindTimeout    = "timeout"
	kindSubstitute = "substitute"
	kindReplaced   = "replaced"
	kindEnd        = "end"
	kindAbsence    = "absence"
	kindAbandoned  = "abandoned"
	kindDigest     = "digest"
)

// when writes a deadline in a person's time zone, with the time left.
func when(t time.Time, tz string, now time.Time) string {
	loc, err := time.LoadLocation(tz)
	if err != nil {
		loc = time.UTC
	}
	s := t.In(loc).Format("Mon 2 Jan 2006, 15:04 MST")
	if left := t.Sub(now); left > 0 {
		s += " (in " + span(left) + ")"
	} else {
		s += " (passed)"
	}
	return s
}

// span writes a duration in days and hours, or hours and minutes.
func span(d time.Duration) string {
	d = d.Round(time.Minute)
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	switch {
	case days > 0:
		return fmt.Sprintf("%d %s %d %s", days, plural(days, "day"), hours, plural(hours, "hour"))
	case hours > 0:
		return fmt.Sprintf("%d %s %d %s", hours, plural(hours, "hour"), mins, plural(mins, "minute"))
	default:
		return fmt.Sprintf("%d %s", mins, plural(mins, "minute"))
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
