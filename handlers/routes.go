package handlers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"rondel/templates"
)

// route is one line of the route table: a method and path, the handler
// that answers it, and the middleware in front of it (beyond the chain
// every request passes: log, recover, body limit, headers, session, CSRF).
type route struct {
	method  string
	path    string
	handler echo.HandlerFunc
	mw      []echo.MiddlewareFunc
}

// routes is every page and download Rondel serves, in one table. Pages
// behind notify's mail links exist only when notify runs; the outbox only
// when mail stays local (no SMTP server configured).
func (s *Server) routes() []route {
	const get, post = http.MethodGet, http.MethodPost
	var public []echo.MiddlewareFunc
	signedIn := []echo.MiddlewareFunc{s.mustSignIn}
	localOnly := []echo.MiddlewareFunc{s.localOnly}
	static := echo.WrapHandler(http.StripPrefix("/static/", http.FileServerFS(templates.Static())))
	a := s.archive
	table := []route{
		{get, "/healthz", s.healthz, public},
		{get, "/static/*", static, public},
		{get, "/maps/:file", s.mapFile, public}, // the boards' maps, by content (maps.go)
		{get, "/favicon.ico", favicon, public},  // asked for by browsers whatever the page links
		{get, "/", s.home, public},

		// Sign-in by mailed link (auth.go), settings (settings.go),
		// invitations (invitations.go).
		{get, "/signin", s.signinForm, public},
		{post, "/signin", s.signinRequest, public},
		{get, "/signin/:token", s.signinConfirm, public},
		{post, "/signin/:token", s.signinUse, public},
		{post, "/signout", s.signout, public},
		{post, "/signout/all", s.signoutAll, public},
		{post, "/language", s.switchLanguage, public},
		{get, "/settings", s.settingsForm, signedIn},
		{post, "/settings", s.settingsSave, signedIn},
		{get, "/invite/:token", s.inviteShow, public},
		{post, "/invite/:token", s.inviteAccept, public},

		// Games: creating (games.go), playing (play.go), history (history.go).
		{get, "/games/new", s.newGameForm, signedIn},
		{post, "/games", s.createGame, signedIn},
		{get, "/games/:id", s.gamePage, signedIn},
		{post, "/games/:id/accept", s.acceptSeat, signedIn},
		{post, "/games/:id/move", s.move, signedIn},
		{post, "/games/:id/takeback", s.takeBack, signedIn},
		{post, "/games/:id/messages", s.postMessage, signedIn},
		{get, "/games/:id/history", s.history, signedIn},
		{get, "/games/:id/board.svg", s.boardSVG, signedIn},
		{get, "/games/:id/board.png", s.boardPNG, public},  // signed in, or a signed address (board_link.go)
		{get, "/games/:id/events", s.gameEvents, signedIn}, // live pages (live.go)

		// Managing a game before it starts (manage.go) and the club's
		// games page (club.go).
		{post, "/games/:id/cancel", s.cancelGame, signedIn},
		{post, "/games/:id/invitations/resend", s.resendInvitation, signedIn},
		{post, "/games/:id/invitations/replace", s.replaceInvitation, signedIn},
		{post, "/games/:id/join", s.joinGame, signedIn},
		{get, "/club", s.clubGames, signedIn},

		// Club events: Swiss tournaments, leagues, round robins (events.go,
		// events_page.go).
		{get, "/events", s.eventsIndex, signedIn},
		{get, "/events/new", s.newEventForm, signedIn},
		{post, "/events", s.createEvent, signedIn},
		{post, "/events/import", s.importEvent, signedIn},
		{get, "/events/:id", s.eventPage, signedIn},
		{post, "/events/:id/enter", s.enterEvent, signedIn},
		{post, "/events/:id/withdraw", s.withdrawEvent, signedIn},
		{post, "/events/:id/start", s.startEvent, signedIn},
		{get, "/events/:id/export.json", s.exportEventJSON, signedIn},
		{get, "/events/:id/record.txt", s.exportEventText, signedIn},

		// The archive: records, ladders, players (records_archive.go,
		// ladder_pages.go) and the import of games (records_import.go).
		{get, "/games/:id/export.json", a.exportJSON, signedIn},
		{get, "/games/:id/record.json", a.exportJSON, signedIn}, // linked from the history page
		{get, "/games/:id/log.txt", a.logText, signedIn},
		{get, "/ladder", a.ladderIndex, signedIn},
		{get, "/ladder/:game", a.ladderPage, signedIn},
		{get, "/ladder/:game/records.ndjson", a.ladderRecords, signedIn},
		{get, "/players/:id", a.playerPage, signedIn},
		{get, "/players/:id/records.ndjson", a.playerRecords, signedIn},
		{get, "/admin/import", a.importForm, signedIn},
		{post, "/admin/import", a.importUpload, signedIn},
	}
	if s.notify != nil {
		table = append(table, []route{
			// Mail links (notify_decision.go, notify_links.go): signed,
			// so a decision or an unsubscription needs no session. A
			// decision link opens the game page; its forms post to
			// /move, and /continue signs someone else out.
			{get, "/notify/d/:token", s.decisionShow, public},
			{post, "/notify/d/:token/move", s.decisionMove, public},
			{post, "/notify/d/:token/continue", s.decisionContinue, public},
			{get, "/notify/d/:token/board.svg", s.decisionBoard, public},
			{get, "/notify/unsubscribe/:token", s.unsubscribeShow, public},
			{post, "/notify/unsubscribe/:token", s.unsubscribeMake, public},
			{get, "/notify/substitute/:token", s.substituteShow, signedIn},
			{post, "/notify/substitute/:token", s.substituteTake, signedIn},

			// Leaving a game in play: resigning, ending it by agreement
			// (leave.go); the caretaker plays a resigned seat.
			{get, "/games/:id/resign", s.resignConfirm, signedIn},
			{post, "/games/:id/resign", s.resign, signedIn},
			{post, "/games/:id/end", s.proposeEnd, signedIn},

			// A person's time zone and absences (notify_settings.go).
			{get, "/notify/settings", s.notifySettings, signedIn},
			{post, "/notify/settings/timezone", s.notifyTimeZone, signedIn},
			{post, "/notify/settings/absence", s.notifyAbsence, signedIn},

			// A person's deadlines as a calendar feed at a secret address
			// (notify_calendar.go): the secret is the proof, no session.
			{post, "/notify/settings/calendar", s.calendarMake, signedIn},
			{post, "/notify/settings/calendar/revoke", s.calendarRevoke, signedIn},
			{get, "/calendar/:token", s.calendarFeed, public},

			// A game's deadlines and a seat's standing orders (notify_game.go).
			{get, "/games/:id/notify", s.gameNotify, signedIn},
			{post, "/games/:id/notify/orders", s.gameOrderAdd, signedIn},
			{post, "/games/:id/notify/orders/:order/delete", s.gameOrderDelete, signedIn},
			{post, "/games/:id/notify/clock", s.gameClockSave, signedIn},

			// Turn notices to a chat: the game's webhook, for its creator,
			// and the club's, for admins (notify_webhooks.go).
			{post, "/games/:id/notify/webhook", s.gameHookSave, signedIn},
			{post, "/games/:id/notify/webhook/test", s.gameHookTest, signedIn},
			{post, "/games/:id/notify/webhook/resume", s.gameHookResume, signedIn},
			{post, "/games/:id/notify/webhook/delete", s.gameHookDelete, signedIn},
			{get, "/notify/webhooks", s.clubHooks, signedIn},
			{post, "/notify/webhooks", s.clubHookAdd, signedIn},
			{post, "/notify/webhooks/:hook/test", s.clubHookTest, signedIn},
			{post, "/notify/webhooks/:hook/resume", s.clubHookResume, signedIn},
			{post, "/notify/webhooks/:hook/delete", s.clubHookDelete, signedIn},

			// Undelivered mail, for admins (mail_admin.go).
			{get, "/notify/mail", s.notifyMailAdmin, signedIn},
			{post, "/notify/mail/:mail/retry", s.notifyMailRetry, signedIn},
		}...)
	}
	if s.local {
		table = append(table, []route{
			// Mail that stays here (outbox.go): on this machine or for admins.
			{get, "/outbox", s.outbox, localOnly},
			{get, "/outbox/:id", s.outboxMail, localOnly},
			{post, "/outbox/:id/signin", s.outboxSignIn, localOnly},
		}...)
	}
	return table
}

// register adds the route table to e.
func (s *Server) register(e *echo.Echo) {
	for _, r := range s.routes() {
		e.Add(r.method, r.path, r.handler, r.mw...)
	}
}

// favicon answers a browser's /favicon.ico with the icon every page links
// (an SVG), so the address does not fill the log with 404s.
func favicon(c *echo.Context) error {
	return c.Redirect(http.StatusMovedPermanently, "/static/favicon.svg")
}
