package handlers

import (
	"bytes"
	"html/template"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
	"rondel/templates"
)

// pageSamples fills every page with data that takes each branch and runs
// each range of its template at least once, so a field the template asks
// for and the page's struct does not have (a misspelling, a renamed
// field) fails here rather than rendering empty.
func pageSamples() []struct {
	page string
	data any
} {
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	g := &store.Game{ID: 7, Kind: "takeaway", Name: "Friday", Status: store.StatusActive}
	inviting := &store.Game{ID: 8, Kind: "takeaway", Name: "Saturday", Status: store.StatusInviting}
	seats := []store.Seat{{Seat: 0, Name: "Ada", AcceptedAt: &t0}, {Seat: 1, Name: "Bob"}}
	en := words.English()
	moves := []moveView{{Seq: 1, Who: "Ada", By: "by the caretaker", At: t0, Events: []string{"Ada takes 2."}}}
	pile := &game.BoardAct{Pick: "pile=a", Target: "hand=b"}
	legal := []game.LegalMove{{Move: []byte(`{"take":1}`), Label: words.Raw("take 1"), Board: pile}, {Move: []byte(`{"take":2}`), Label: words.Raw("take 2"), Board: pile},
		{Move: []byte(`{"pass":true}`), Label: words.Raw("pass"), Group: words.Raw("pass")}}
	held := []game.Withheld{{Label: words.Raw("take 4"), Why: words.Raw("at most 3"), Board: &game.BoardAct{Pick: "pile=a"}}}
	form := buildForm(en, "/games/7", 3, []string{"Take 1 to 3"}, legal, held, "")
	many := buildForm(en, "/games/7", 3, []string{"Take"}, func() (ms []game.LegalMove) {
		for i := range 40 {
			ms = append(ms, game.LegalMove{Move: []byte(`{}`), Label: words.Raw("m"), Group: words.Raw(string(rune('a' + i%3)))})
		}
		return ms
	}(), nil, "")
	clock := &store.GameClock{GameID: 7, Preset: "day", Policy: "substitute", DropAfter: 3, SkipWeekends: true}
	presets := presetChoices(en, []config.Preset{{Name: "day", PerMoveHours: 24}})
	mail := store.OutboxMail{ID: 1, ToAddr: "a@x.test", Subject: "Your turn", Attempts: 2, LastError: "421", NextAt: t0}
	info := game.Info{ID: "takeaway", Name: words.New("takeaway.name"), MinPlayers: 2, MaxPlayers: 4,
		Options: []game.OptionSpec{{Name: "n", Label: words.Raw("Stones"), Kind: "choice", Choices: []string{"10", "20"}, Help: words.Raw("how many")},
			{Name: "b", Label: words.Raw("Bool"), Kind: "bool"}}}
	choice := gameChoice{ID: info.ID, Name: "Take-away", MinPlayers: 2, MaxPlayers: 4,
		Options: []optionField{optionFieldOf(en, info.ID, info.Options[0]), optionFieldOf(en, info.ID, info.Options[1])}}
	return []struct {
		page string
		data any
	}{
		{"signin", signinPage{Email: "a@x.test", Next: "/games/7", Error: "Not an address."}},
		{"checkmail", checkMailPage{Email: "a@x.test", Minutes: 15}},
		{"signin_confirm", signinConfirmPage{Token: "tok", Next: "/"}},
		{"settings", settingsPage{Saved: true, Languages: []languageChoice{{Code: "en", Name: "English", Selected: true}, {Code: "de", Name: "Deutsch"}}}},
		{"invite", invitePage{Token: "tok", Info: &store.InvitationInfo{Game: *inviting, User: store.User{Email: "b@x.test"}}, Seats: seats, Kind: "Take-away"}},
		{"dashboard", dashboardPage{}},
		{"resign", resignPage{Game: g}},
		{"resign", resignPage{Game: g, Substitute: true}},
		{"club", clubPage{Notice: "Not understood: Month.", Kinds: []optionChoice{{Value: "takeaway", Label: "Take-away"}}, Kind: "takeaway",
			Open: clubList{Empty: "club.open.empty", When: "club.open.when", Rows: []clubRow{{ID: 8, Name: "Saturday", Kind: "Take-away", State: "2 open seats", When: t0}},
				Next: "/club?open=2#open"},
			Playing:  clubList{Empty: "club.playing.empty", When: "club.playing.when", Prev: "/club?playing=1#playing"},
			Finished: clubList{Empty: "club.finished.empty", When: "club.finished.when", Rows: []clubRow{{ID: 7, Name: "Friday", Record: true, When: t0}}},
			Events:   []eventListRow{{ID: 3, Name: "Autumn Swiss", Kind: "Take-away", Status: "Under way", Round: 2}}}},
		{"events", eventsPage{Mine: []eventListRow{{ID: 3, Name: "Autumn Swiss", Kind: "Take-away", Status: "Under way", Round: 2}}, MayOrganise: true, Admin: true, Error: "No."}},
		{"event_new", eventForm{Name: "Autumn Swiss", Kind: "takeaway", Format: "swiss", Error: "No.", Kinds: []optionChoice{{Value: "takeaway", Label: "Take-away"}},
			Formats: []optionChoice{{Value: "swiss", Label: "Swiss"}}, Deadlines: []optionChoice{{Value: "score", Label: "Scored"}}, OnDeadline: "score", Rated: true}},
		{"event", eventPage{ID: 3, Name: "Autumn Swiss", Kind: "Take-away", Status: "Sign-up open", Rounds: 3, Round: 1, Closes: "1 May", Deadline: "8 May",
			SignUp: true, CanStart: true, CanLeave: true, Notice: "No.", Entrants: []eventEntrant{{Seed: 1, Name: "Ada", You: true, Withdrawn: true}},
			Draws:     []eventRound{{Number: 1, Tables: []eventTable{{No: 1, Row: clubRow{ID: 7, Name: "Friday"}}, {No: 2, Row: clubRow{Name: "1.2"}}}}},
			Standings: []eventStanding{{Rank: 1, Name: "Ada", Points: "4", Opp: "2.5", Score: 30, Games: 1, Withdrawn: true, You: true}}}},
		{"game", &gameView{Game: inviting, Kind: "Take-away", Seats: []seatView{{Name: "Ada", You: true}},
			Manage: &manageView{Creator: true, OpenSeats: 1, CanJoin: true, Invitations: []invitationRow{{Seat: 1, Name: "Bob", State: "ran out", Alert: true}, {Seat: 2, Name: "Cy", State: "until May"}}}}},
		{"game", &gameView{Game: g, Kind: "Take-away", You: 0, Seats: []seatView{{Name: "Ada", You: true}},
			Manage: &manageView{Ending: "agreed", CanResign: true, CanPropose: true, Agreed: []string{"Bob agrees."}, Seq: 3}}},
		{"dashboard", dashboardPage{InPlay: []dashRow{{ID: 7, Name: "Friday", YourTurn: true, Prompt: "take"}}, Waiting: []dashRow{{ID: 9, Name: "Monday"}},
			Finished: []dashRow{{ID: 8, Finished: true, State: "finished"}}, Older: "/?finished_after=1.8#finished", Newer: "/?finished_before=1.8#finished"}},
		{"newgame", newGamePage{Games: []gameChoice{choice},
			Selected: "takeaway", Players: []playerField{{Name: "Ada", Email: "a@x.test"}}, Order: "random", Error: "Choose a game.",
			Clock: true, Presets: presets, Preset: "day", Weekends: true, Policy: "substitute", Rated: true}},
		{"game", &gameView{Game: inviting, Kind: "Take-away", NeedAccept: true, Seats: []seatView{{Name: "Ada", You: true}}}},
		{"game", &gameView{Game: g, Kind: "Take-away", Seq: 3, Waiting: "1 h", You: 0, Notice: "changed",
			Seats: []seatView{{Name: "Ada", Accepted: true, ToAct: true, You: true, Prompt: "take"}}, Board: "<svg></svg>",
			Overview: "<p>10 stones</p>", Situation: "10 left", Form: form, Happened: moves, Recent: moves,
			Result: &resultView{Rows: []resultRow{{Place: 1, Name: "Ada", Score: 3, You: true}}, TieBreak: "none"}, Archive: "<p>panel</p>",
			Kept: &keptHTML{Account: accountHTML(testReader("en"), sayAccount(en, sampleAccount()))}}},
		{"game", &gameView{Game: g, Kind: "Take-away", Form: many}},
		{"history", historyPage{Game: g, Kind: "Take-away", Rounds: roundsHTML(testReader("en"), []roundView{{Round: 2, Turns: []turnView{{Side: "Italy", Style: "border-left-color: #2e8b3a",
			Chip: chip("#2e8b3a"), Moves: moves}}}, {Turns: []turnView{{Moves: moves}}}}, 1, 2), At: 1, Last: 1, From: 1, To: 1, Before: 2, Board: "<svg></svg>", Next: 1, Older: 1, Newer: 3}},
		{"history", historyPage{Game: g, Kind: "Take-away"}},
		{"outbox", outboxPage{}},
		{"outbox", outboxPage{Mails: []store.LocalMail{{ID: 1, ToAddr: "a@x.test", Subject: "Sign in", CreatedAt: t0}}}},
		{"outbox_mail", &store.LocalMail{ID: 1, ToAddr: "a@x.test", Subject: "Sign in", Body: "hello", Link: "http://x.test/signin/t", CreatedAt: t0}},
		{"error", errorPage{Code: 404, Title: "No such game", Msg: "There is no game at this address."}},
		{"game", &gameView{Game: g, Kind: "Take-away", Form: form, Base: "/notify/d/tok", Via: "You are playing as Ada",
			Chosen: &chosenMove{Note: "Your answer from the mail: take 1", Label: "take 1", Value: `{"take":1}`}}},
		{"notify_link", linkPage{Token: "tok", Game: g, Title: "This link has expired", Why: "The game is over."}},
		{"notify_link", linkPage{Token: "tok", Game: g, Title: "This link was sent to Bob", Why: "Signed in as Ada", Player: "Bob", You: "Ada"}},
		{"notify_done", notifyDonePage{Unsubscribed: "from Rondel"}},
		{"notify_unsubscribe", unsubscribePage{Token: "tok", Game: "Friday"}},
		{"notify_unsubscribe", unsubscribePage{Token: "tok", All: true}},
		{"notify_substitute", substitutePage{Token: "tok", Game: g, Seat: 2}},
		{"notify_settings", notifySettingsPage{TimeZone: "Europe/Vienna", Absences: []store.Absence{{FromAt: t0, UntilAt: t0.AddDate(0, 0, 3)}},
			Limits: config.Absence{MaxDaysAtOnce: 14, MaxDaysPerYear: 42}, Saved: true, Today: "2026-05-01"}},
		{"notify_settings", notifySettingsPage{Limits: config.Absence{MaxDaysAtOnce: 14, MaxDaysPerYear: 42}, Today: "2026-05-01",
			Calendar: &store.CalendarFeed{CreatedAt: t0, ReadAt: &t0}, NewFeed: "http://x.test/calendar/tok.ics"}},
		{"notify_settings", notifySettingsPage{Limits: config.Absence{MaxDaysAtOnce: 14, MaxDaysPerYear: 42}, Today: "2026-05-01",
			Calendar: &store.CalendarFeed{CreatedAt: t0}}},
		{"notify_game", gameNotifyPage{Game: g, Seat: 0, Orders: []orderRow{{ID: 1, Text: "always take 1"}}, Offers: orderOffers(en, store.OrdersOffered(nil)), Started: true,
			Clock: "a day", GameClock: clock, Creator: true, Presets: presets}},
		{"notify_game", gameNotifyPage{Game: g, Seat: 0, Offers: []orderGroup{{Label: "Always … at once", Options: []orderOption{{Value: "o/x", Label: "Always x at once"}}}}}},
		{"notify_game", gameNotifyPage{Game: g, Seat: -1}},
		{"notify_game", gameNotifyPage{Game: g, Seat: -1, Creator: true, Tested: true, HookForm: &hookForm{Action: "/games/7/notify/webhook", CSRF: "c", Languages: languageChoices("de")},
			Hook: &hookView{ID: 2, Hint: "discord.com …abcd", Kind: "Discord", Lang: "Deutsch", Paused: true, Status: "Paused."}}},
		{"notify_game", gameNotifyPage{Game: g, Seat: 0, Hook: &hookView{ID: 2, Hint: "hooks.slack.com …wxyz", Kind: "Slack", Lang: "English", Status: "Delivered."}}},
		{"notify_webhooks", clubHooksPage{Form: hookForm{Action: "/notify/webhooks", CSRF: "c", Languages: languageChoices("en")}}},
		{"notify_webhooks", clubHooksPage{Tested: true, Form: hookForm{Action: "/notify/webhooks", CSRF: "c", Languages: languageChoices("zh")}, Hooks: []hookView{{ID: 1, Hint: "discord.com …abcd", Kind: "Discord", Lang: "中文", Paused: true, Status: "Paused."}}}},
		{"notify_mail", mailAdminPage{}},
		{"notify_mail", mailAdminPage{Failed: []store.OutboxMail{mail}, Pending: []store.OutboxMail{mail}}},
		{"ladder_index", ladderIndexPage{Games: []ladderLink{{ID: "takeaway", Name: "Take-away"}}, Admin: true}},
		{"ladder_page", ladderPage{Kind: "takeaway", Name: "Take-away", Season: "2026", Tabs: []seasonTab{{Name: "All time", Link: "/ladder/takeaway", Current: true}},
			Rows:    []ladderRow{{Rank: 1, MemberID: 3, Name: "Ada", Rating: "1.0", Games: 2, Wins: 1, Provisional: true, Timeouts: 1, Median: "1 h", You: true}},
			Records: "/ladder/takeaway/records.ndjson", Provisional: 5}},
		{"ladder_player", playerPage{User: &store.User{ID: 3, Email: "a@x.test"}, Ladders: []playerLadder{{Kind: "takeaway", Name: "Take-away", Rank: 1, Rating: "1.0", Plot: "<svg></svg>"}},
			Games: []playerGame{{ID: 7, Name: "Friday", Kind: "Take-away", Status: "finished", Place: 1, Score: "3", Of: 2, Rated: true, Change: "+1.0", When: t0}}}},
		{"join", joinPage{Game: g, Kind: "Take-away", Players: []joinPlayer{{Name: "Ann", Rating: "1.2", Games: 3}, {Name: "Bob"}}, OpenSeats: 1, Clock: "a day", Rated: true}},
		{"join", joinPage{Game: g, Kind: "Take-away", Players: []joinPlayer{{Name: "Ann"}}, OpenSeats: 2}},
		{"records_import", importPage{}},
		{"records_import", importPage{Name: "Imported", Log: "H4sI", Players: []importPlayer{{Seat: 1, Site: "ada", Field: "email0", Email: "a@x.test", NameField: "name0", Name: "Ada", Known: "Ada"}},
			Kind: "Imperial", Entries: 90, Refused: 1, Finished: true, Notes: []string{"a note"}, Error: "bad"}},
	}
}

// Every page renders its sample in every language, and says no message
// the catalogue lacks (a missing one reads as its id in brackets).
func TestEveryPageRendersItsData(t *testing.T) {
	t.Parallel()
	pages, err := parsePages()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, s := range pageSamples() {
		tpl, ok := pages[s.page]
		if !ok {
			t.Errorf("sample for %q, which is no page", s.page)
			continue
		}
		seen[s.page] = true
		users := []*store.User{{ID: 3, Email: "a@x.test", DisplayName: "Ada", Language: "en", Notify: "each"}}
		if s.page != "settings" { // the one page that shows the signed-in user's own data
			users = append(users, nil)
		}
		for _, lang := range words.Languages {
			r := testReader(lang)
			for _, user := range users {
				var buf bytes.Buffer
				v := view{Lang: lang, Title: "T", User: user, CSRF: "c", LocalMail: true, RequestID: "r", Page: s.data}
				if err := tpl.writePage(&buf, r, v); err != nil {
					t.Errorf("page %s (%T) in %s: %v", s.page, s.data, lang, err)
				}
				if m := missingMessage.FindString(buf.String()); m != "" {
					t.Errorf("page %s in %s says %s: the catalogue lacks it", s.page, lang, m)
				}
				if !strings.Contains(buf.String(), `<html lang="`+lang+`">`) {
					t.Errorf("page %s in %s does not say its language", s.page, lang)
				}
			}
		}
	}
	for name := range pages {
		if !seen[name] && name != "records_panel" { // a part of the game page: TestRecordsPanelRendersItsData
			t.Errorf("page %s has no sample here: add one that takes each of its branches", name)
		}
	}
}

// missingMessage is how a Speaker says an id the catalogue lacks.
var missingMessage = regexp.MustCompile(`\[[a-z0-9_]+(\.[a-zA-Z0-9_-]+)+\]`)

// testReader reads in lang, in Vienna's time zone.
func testReader(lang string) *reader {
	loc, _ := time.LoadLocation("Europe/Vienna")
	return &reader{sp: words.Default().Speaker(lang, nil), zone: loc, printer: message.NewPrinter(language.MustParse(lang)),
		now: func() time.Time { return time.Date(2026, 5, 2, 9, 0, 0, 0, time.UTC) }}
}

// A template that names a field its data lacks is an error, not an empty
// string: for structs always, for maps through missingkey=error.
func TestMisspeltFieldFails(t *testing.T) {
	t.Parallel()
	for _, data := range []any{settingsPage{Saved: true}, map[string]any{"Saved": true}} {
		tpl := template.Must(newTemplate("t").Parse(`{{.Svaed}}`))
		err := tpl.Execute(&bytes.Buffer{}, data)
		if err == nil || !strings.Contains(err.Error(), "Svaed") {
			t.Errorf("%T: misspelt field gave %v, want an error naming it", data, err)
		}
	}
}

// TestRecordsPanelAsTheTemplateWrote: the records panel written in Go
// (panelHTML) reads byte for byte as templates/records_panel.html wrote
// it, in every language, every branch of the template taken, words that
// need escaping among the data; and no message is missing.
func TestRecordsPanelAsTheTemplateWrote(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	nasty := `Ada & <Bob> "+1" 'x'`
	tpl := newPerReader(template.Must(newTemplate("records_panel.html").ParseFS(templates.FS, "records_panel.html")))
	imp := &store.GameImport{Source: "playimperial.club", Notes: nasty, ImportedAt: t0}
	bare := &store.GameImport{Source: "x", ImportedAt: t0}
	changes := []changeRow{{MemberID: 3, Name: nasty, Before: "0.0", After: "1.0", Diff: "+1.0", Dropped: true}, {MemberID: 4, Name: "Cy", Before: "2.5", After: "1.5", Diff: "-1.0"}}
	views := []panelView{
		{},
		{GameID: 7, Finished: true},
		{GameID: 7, Finished: true, Import: imp, Source: "playimperial.club", Changes: changes},
		{GameID: 8, Import: bare, Source: nasty},
		{GameID: 9, Finished: true, Import: imp, Source: "s", SiteRules: true},
		{GameID: 9, Import: bare, Source: "s", SiteRules: true, Departures: []departureRow{{Entry: 12, Site: nasty, Book: "b"}, {Entry: 40, Site: "s", Book: nasty}}},
		{Changes: changes[1:]},
	}
	for _, lang := range words.Languages {
		r := testReader(lang)
		for i, v := range views {
			var want bytes.Buffer
			if err := tpl.execute(&want, "panel", r, v); err != nil {
				t.Fatalf("records panel %d: %v", i, err)
			}
			got := string(panelHTML(r, v))
			if got != want.String() {
				t.Errorf("%s, panel %d:\n%q\nthe template wrote\n%q", lang, i, got, want.String())
			}
			if m := missingMessage.FindString(got); m != "" {
				t.Errorf("records panel in %s says %s", lang, m)
			}
		}
	}
}
