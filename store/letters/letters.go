// Package letters says the service's own mails (a sign-in link, an
// invitation) in the recipient's language: handlers send them through a
// store.Mailer (notify's queue, or the local outbox when notify does not
// run), so neither imports the other for them.
package letters

import (
	"strings"

	"rondel/game/words"
	"rondel/store"
)

// Each returns the mail's address, subject, body and link; the caller
// fills in the queue's fields (Kind, Key, GameID, TellUserID ...).

func speaker(lang string) *words.Speaker { return words.Default().Speaker(lang, nil) }

// SignInMail is the mail with a sign-in link valid for minutes, in lang
// (the member's language, or the browser's for an unknown address).
func SignInMail(lang, to, link string, minutes int) store.Mail {
	sp := speaker(lang)
	body := paragraphs(sp.T("mail.greeting_all"),
		sp.T("mail.signin.asked")+"\n"+sp.T("mail.signin.open", "count", minutes),
		link,
		sp.T("mail.signin.ignore"))
	return store.Mail{To: to, Subject: sp.T("mail.signin.subject"), Body: body, Link: link}
}

// Invitation is what an invitation to a game says.
type Invitation struct {
	Lang    string     // the invitee's language
	To      string     // the invitee's address
	Name    string     // the invitee's name in the game (their seat's)
	Inviter string     // who invites (the creator's name)
	Kind    words.Text // the game played (game.Info.Name)
	Game    string     // the game's own name ("Tuesday club")
	Players []string   // every seat's name
	Link    string     // the invitation link
	// Choices adds a line per other language with the link that opens the
	// invitation in it (for someone new, who has chosen none yet).
	Choices bool
}

// InvitationMail is the mail inviting someone to a game, in their language.
func InvitationMail(inv Invitation) store.Mail {
	sp := speaker(inv.Lang)
	players := make([]words.Arg, len(inv.Players))
	for i, p := range inv.Players {
		players[i] = words.Lit(p)
	}
	text := words.New("mail.invite.text").Lit("inviter", inv.Inviter).Sub("kind", inv.Kind).
		Lit("game", inv.Game).List("players", players...)
	ps := []string{sp.T("mail.greeting", "name", inv.Name),
		sp.Say(text) + "\n" + sp.T("mail.invite.open"),
		inv.Link,
		sp.T("mail.invite.start")}
	if inv.Choices {
		ps = append(ps, otherLanguages(sp.Lang(), inv.Link))
	}
	body := paragraphs(ps...)
	return store.Mail{To: inv.To, Subject: sp.T("mail.invite.subject", "game", inv.Game), Body: body, Link: inv.Link}
}

// otherLanguages offers the invitation in the languages other than lang,
// each named in itself ("Deutsch: <link>?lang=de"), one line each.
func otherLanguages(lang, link string) string {
	var lines []string
	for _, l := range words.Languages {
		if l != lang {
			lines = append(lines, speaker(l).T("pages.language")+": "+link+"?lang="+l)
		}
	}
	return strings.Join(lines, "\n")
}

// paragraphs joins a plain text mail's paragraphs.
func paragraphs(ps ...string) string { return strings.Join(ps, "\n\n") + "\n" }
