// Package handlers is Rondel's web interface on Echo v5: pages rendered
// with html/template, forms that work without JavaScript, magic-link
// sign-in and CSRF-checked POSTs. Echo's types stay inside this package;
// games are reached only through the game contract and the store.
package handlers

import (
	"context"
	"fmt"
	"hash/maphash"
	"html/template"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/lru"
)

// Deps is what the web interface needs.
type Deps struct {
	Store  *store.Store
	Config config.Config
	// Mailer sends the sign-in and invitation mails (notify's durable
	// queue); nil writes them straight to the local outbox. /outbox is
	// served when the configuration has no SMTP server.
	Mailer store.Mailer
	Logger *slog.Logger
	Now    func() time.Time
	// Notify serves the pages behind mail links (decisions, unsubscribe,
	// substitutes) and the mail settings; nil leaves them out. What a
	// change to a game sets off is not asked of it: the store hands every
	// change to its observer (store/change.go).
	Notify Notifier
	// PagesVersion names this build's drawings and words: games' page
	// parts are kept in the database under it (kept_pages.go). Empty keeps
	// none (config cache.finished_pages false).
	PagesVersion string
	// KeepInPlay keeps the parts of games in play too, of the position
	// each stands at (config cache.in_play_pages).
	KeepInPlay bool
}

// Notifier is what the pages of mail links and mail settings ask of
// notify (cmd_serve_notify.go gives notify's Service): reading signed
// links, a game's clock, the calendar feed, absences, webhooks. It
// changes no game: handlers change games through the store alone.
type Notifier interface {
	ParseToken(tok string) (store.DecisionLink, error)
	CheckLink(ctx context.Context, l store.DecisionLink) (*store.LinkCheck, error)
	ParseUnsubscribe(tok string) (user, game int64, err error)
	SetClock(ctx context.Context, gameID int64, preset string, skipWeekends bool, policy string) error
	ClockWords(gc *store.GameClock) words.Text
	CalendarFeed(ctx context.Context, u store.User) ([]byte, error)
	DeclareAbsence(ctx context.Context, userID int64, from, until time.Time) error
	CheckWebhook(raw, flavour string) (addr, flav, hint string, err error)
	TestWebhook(ctx context.Context, h store.Webhook, gameName string) error
}

// Server is the web interface; it is an http.Handler.
type Server struct {
	store   *store.Store
	cfg     config.Config
	mailer  store.Mailer
	local   bool
	log     *slog.Logger
	now     func() time.Time
	pages   *pageSet
	readers readers // by language and zone (speak.go)
	echo    *echo.Echo
	secure  bool // cookies marked Secure (https base URL)
	// archive serves records, ladders, players and imports (records_archive.go).
	archive *archive
	// notify serves the pages behind mail links (notify_links.go).
	notify Notifier
	// terms are the catalogue's terms, for the words of games' summaries.
	terms     termIndex
	vocabMemo vocabMemo // which catalogue ids say the summaries' words
	// proxies are the trusted proxies (clientip.go).
	proxies proxies
	// boards keeps drawn boards (boards.go).
	boards *lru.Cache[boardKey, template.HTML]
	// maps are the boards' static maps (maps.go).
	maps *mapAssets
	// pageParts keeps the parts of game pages per position and view (pagecache.go).
	pageParts *lru.Cache[partsKey, *positionParts]
	// sharedParts keeps what is the same for every seat (pagecache.go).
	sharedParts *lru.Cache[sharedKey, any]
	// runTag is part of every entity tag (validators.go).
	runTag string
	// tagSeed seeds the hash of rendered pages' tags (validators.go).
	tagSeed maphash.Seed
	// live counts the open streams of live game pages (live.go).
	live *liveStreams
	// picKey is the link key that signs public pictures (board_link.go).
	picKey pictureKey
	// picHeights are the pictures' heights by map (board_png.go).
	picHeights pictureHeights
	// admission gives pages their turns (admit.go).
	admission *admission
	// pagesVersion keys games' kept page parts ("": none kept);
	// keepInPlay keeps games in play's too.
	pagesVersion string
	keepInPlay   bool
}

// New builds the web interface.
func New(d Deps) (*Server, error) {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	s := &Server{store: d.Store, cfg: d.Config, mailer: d.Mailer, log: d.Logger, now: d.Now, pagesVersion: d.PagesVersion, keepInPlay: d.KeepInPlay,
		secure: strings.HasPrefix(d.Config.PublicURL(), "https://")}
	s.local = d.Config.LocalMail()
	s.runTag = newRunTag()
	s.tagSeed = maphash.MakeSeed()
	s.live = newLiveStreams()
	// Boards and page parts are kept the second time they are made (a
	// reload, a second viewer of the seat, the page after a move), so a
	// visitor leafing through a big club's old games pushes none out.
	s.boards = lru.NewSecondSight[boardKey, template.HTML](d.Config.Cache.BoardBytes(), lru.Window)
	s.maps = newMapAssets()
	// Three quarters of cache.page_mb for the seats' views, a quarter for
	// what all seats share (accounts, history pages).
	s.pageParts = lru.NewSecondSight[partsKey, *positionParts](d.Config.Cache.PageBytes()*3/4, lru.Window)
	s.sharedParts = lru.NewSecondSight[sharedKey, any](d.Config.Cache.PageBytes()/4, lru.Window)
	if s.mailer == nil {
		s.mailer = store.LocalOutbox{Store: d.Store, Log: d.Logger}
	}
	s.notify = d.Notify
	s.terms = buildTermIndex(words.Default())
	pages, err := parsePages()
	if err != nil {
		return nil, err
	}
	s.pages = &pageSet{byName: pages}
	e := echo.New()
	e.Logger = d.Logger
	// The client address is the TCP peer, or what a trusted proxy says
	// it forwarded (clientip.go): nobody else escapes the per-IP sign-in
	// limit by sending a header.
	if s.proxies, err = d.Config.Proxies(); err != nil {
		return nil, err
	}
	e.IPExtractor = s.proxies.clientIP
	e.HTTPErrorHandler = s.handleError
	s.admission = newAdmission(d.Config.Limits.PagesAtOnce(), time.Duration(d.Config.Limits.RequestWaitSeconds)*time.Second)
	e.Use(s.requestLog, recoverPanic, s.admit, s.securityHeaders, limitBody, s.session, s.csrf)
	s.archive = newArchive(s)
	s.register(e)
	s.echo = e
	return s, nil
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.echo.ServeHTTP(w, r) }

// healthz says whether the service can work: its database answers and
// takes writes. The body names the database (sqlite or postgres, never
// its address) and its schema version, for an operator checking which
// database an instance uses.
func (s *Server) healthz(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	db := "database: " + s.store.Dialect()
	if err := s.store.Ping(ctx); err != nil {
		return c.String(http.StatusServiceUnavailable, "database unreachable\n"+db+"\n")
	}
	// A database that answers but takes no writes (a read-only file, a
	// full disk) cannot record a move: not healthy either.
	if err := s.store.CheckWrite(ctx); err != nil {
		s.log.Error("healthz: the database cannot be written", "error", err)
		return c.String(http.StatusServiceUnavailable, "database cannot be written\n"+db+"\n")
	}
	if sch, err := s.store.Schema(ctx); err == nil {
		db += fmt.Sprintf("\nschema: %d", sch.Current)
	}
	return c.String(http.StatusOK, "ok\n"+db+"\n")
}

// link makes an absolute URL for mails.
func (s *Server) link(format string, args ...any) string {
	return s.cfg.PublicURL() + fmt.Sprintf(format, args...)
}
