package notify

import (
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
	Picture  *mailPicture // the board, shown after Paras (picture.go)
	Lists    []list
	After    []string // paragraphs after the lists
	Main     action   // the one thing to do, as a button
	Choices  []action // one-click answers, each to a confirmation page
	Footer   []action // game page, unsubscribe links
	ReplyTo  string   // the address a reply plays at (replyto.go); "" for none
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

// safeColour passes a colour "#rrggbb" (the engines' own) into a style,
// anything else as a neutral grey.
func safeColour(c string) template.CSS {
	if len(c) == 7 && c[0] == '#' && strings.Trim(c[1:], "0123456789abcdefABCDEF") == "" {
		return template.CSS(c)
	}
	return "#888888"
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
	if l.Picture != nil {
		h[pictureHeader] = l.Picture.spec.String()
	}
	if l.ReplyTo != "" {
		h["Reply-To"] = l.ReplyTo
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
