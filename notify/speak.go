package notify

import (
	"strings"
	"time"
	"unicode/utf8"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// Every mail is said in its recipient's language (users.language), with
// times in their time zone; seats are named as they are named now, so a
// substitute reads as themselves in every event. notify's own words are
// the catalogue's mail.* messages (game/words/locales/mail.*.toml).

// speaker says words in lang, naming seats by names.
func speaker(lang string, names []string) *words.Speaker {
	return words.Default().Speaker(lang, names)
}

// speakerFor says a mail of game v to u.
func speakerFor(u store.User, v *gameView) *words.Speaker {
	return speaker(u.Language, seatNames(v.seats))
}

func seatNames(seats []store.Seat) []string {
	names := make([]string, len(seats))
	for i, st := range seats {
		names[i] = st.Name
	}
	return names
}

// greeting opens a mail to u.
func greeting(sp *words.Speaker, u store.User) string {
	return sp.T("mail.greeting", "name", u.Name())
}

// gameSubject is a game mail's subject, "Rondel · <game> · <what>": short,
// the game's name first so a mail program's list tells games apart.
func gameSubject(sp *words.Speaker, gameName, what string) string {
	return sp.T("mail.subject.game", "game", gameName, "what", what)
}

var weekdays = [...]string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// moment writes t in the time zone tz (UTC if unknown) the reader's way:
// "Sat 7 Mar 2026, 13:00 CET", "Sa., 7.3.2026, 13:00 Uhr CET".
func moment(sp *words.Speaker, t time.Time, tz string) string {
	loc, err := time.LoadLocation(tz)
	if err != nil {
		loc = time.UTC
	}
	t = t.In(loc)
	return sp.T("mail.time.moment", "weekday", sp.Term("mail.weekday."+weekdays[t.Weekday()]),
		"datetime", sp.DateTime(t), "zone", t.Format("MST"))
}

// when writes a deadline in the reader's time zone, with the time left.
func when(sp *words.Speaker, t time.Time, tz string, now time.Time) string {
	at := moment(sp, t, tz)
	if left := t.Sub(now); left > 0 {
		return sp.T("mail.time.left", "when", at, "left", span(left))
	}
	return sp.T("mail.time.passed", "when", at)
}

// span is a duration in days and hours, or hours and minutes.
func span(d time.Duration) words.Text {
	d = d.Round(time.Minute)
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	unit := func(id string, n int) words.Text { return words.New(id).Count(n) }
	two := func(a, b words.Text) words.Text { return words.New("mail.span.pair").Sub("a", a).Sub("b", b) }
	switch {
	case days > 0:
		return two(unit("mail.span.days", days), unit("mail.span.hours", hours))
	case hours > 0:
		return two(unit("mail.span.hours", hours), unit("mail.span.minutes", mins))
	default:
		return unit("mail.span.minutes", mins)
	}
}

// maxHeadline is how many characters of a prompt a subject shows.
const maxHeadline = 80

// headline says in a few words what a decision is, for a subject: the
// catalogue's short form of the engine's prompt when it has one
// ("mail.headline.<prompt id>": "Italy to move"), else the prompt itself,
// cut short if long.
func headline(sp *words.Speaker, d game.Decision) string {
	if id := "mail.headline." + d.Prompt.ID; d.Prompt.ID != "" && sp.Catalogue().Has(sp.Lang(), id) {
		return sp.Say(words.Text{ID: id, Args: d.Prompt.Args})
	}
	p := strings.TrimSpace(sp.Say(d.Prompt))
	p = strings.TrimRight(p, ".。")
	if utf8.RuneCountInString(p) > maxHeadline {
		p = string([]rune(p)[:maxHeadline-1]) + "…"
	}
	return p
}

// isQuestion reports whether words end in a question mark of any of the
// languages.
func isQuestion(s string) bool {
	return strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？")
}

// endsSentence reports whether words already end the way a sentence or a
// list's lead-in does.
func endsSentence(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune(".!?:。！？：", r)
}
