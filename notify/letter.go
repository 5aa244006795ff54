package notify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"

	"rondel/game/words"
	"rondel/store"
)

// letter is the content of one mail, rendered twice: as plain text and as
// HTML, so both parts always say the same. Its words are said already, in
// the recipient's language; sp says the letter's own few words (the lead-in
// of the one-click answers, the colons) in the same language.
type letter struct {
	sp       *words.Speaker
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
	sp := l.sp
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
		b.WriteString(sp.T("mail.lead_in", "label", l.Main.Label) + "\n" + l.Main.URL + "\n\n")
	}
	if len(l.Choices) > 0 {
		b.WriteString(sp.T("mail.choices") + "\n")
		for _, c := range l.Choices {
			b.WriteString("  - " + sp.T("mail.link", "label", c.Label, "url", c.URL) + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString("-- \n")
	for _, f := range l.Footer {
		b.WriteString(sp.T("mail.link", "label", f.Label, "url", f.URL) + "\n")
	}
	return b.String()
}

var htmlLetter = template.Must(template.New("mail").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"></head>
<body style="font-family: Georgia, serif; max-width: 40em; color: #222">
<p>{{.Greeting}}</p>
{{range .Paras}}<p>{{.}}</p>
{{end}}{{range .Lists}}<p><strong>{{.Title}}</strong></p>
<ul>{{range .Items}}<li>{{.}}</li>{{end}}</ul>
{{end}}{{range .After}}<p>{{.}}</p>
{{end}}{{with .Main}}{{if .URL}}<p><a href="{{.URL}}" style="display: inline-block; padding: .5em 1em; background: #7a1f1f; color: #fff; text-decoration: none; border-radius: 4px">{{.Label}}</a></p>
{{end}}{{end}}{{if .Choices}}<p>{{.ChoicesLeadIn}}</p>
<ul>{{range .Choices}}<li><a href="{{.URL}}">{{.Label}}</a></li>{{end}}</ul>
{{end}}<hr>
<p style="font-size: small">{{range $i, $f := .Footer}}{{if $i}} · {{end}}<a href="{{$f.URL}}">{{$f.Label}}</a>{{end}}</p>
</body></html>
`))

func (l letter) html() (string, error) {
	var b bytes.Buffer
	data := struct {
		letter
		Lang, ChoicesLeadIn string
	}{l, l.sp.Lang(), l.sp.T("mail.choices")}
	if err := htmlLetter.Execute(&b, data); err != nil {
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
		l.Footer = append([]action{{l.sp.T("mail.footer.game"), fmt.Sprintf("%s/games/%d", s.base, gameID)}},
			append(l.Footer, action{l.sp.T("mail.footer.stop_game"), unsubGame})...)
	}
	l.Footer = append(l.Footer, action{l.sp.T("mail.footer.stop_all"), unsubAll})
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
	kindTakeBack   = "take-back"
	kindMessage    = "message"
)
