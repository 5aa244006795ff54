// Package notify keeps slow games moving: it turns moves into emails (a
// durable outbox written in the move's own transaction), runs deadlines,
// reminders, timeouts with the engine's caretaker, standing orders,
// absences, daily digests and the end of abandoned games. Its jobs run on
// robfig/cron and only look for due work in the database, so running them
// twice, or on two instances, is harmless. Mail goes out over SMTP with
// wneessen/go-mail, or into the local outbox when no server is configured.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"rondel/game/words"
	"rondel/notify/reply"
	"rondel/store"
	"rondel/store/config"
)

// Transport delivers one queued mail.
type Transport interface {
	Deliver(ctx context.Context, m store.OutboxMail) error
}

// Options configure a Service.
type Options struct {
	Store  *store.Store
	Config config.Config
	// Transport delivers mail; nil: the local outbox.
	Transport Transport
	Logger    *slog.Logger
	// Background sends new mail at once after a hook, in a goroutine, as
	// `rondel serve` wants; tests leave it off and call Tick.
	Background bool
}

// Service is notify for one store.
type Service struct {
	st        *store.Store
	cfg       config.Notify
	base      string // public URL, no trailing slash
	host      string // for Message-IDs
	from      string
	transport Transport
	log       *slog.Logger
	key       []byte
	reminders []time.Duration // longest first
	quiet     time.Duration   // the quiet delay of turn mails (quiet.go)
	bg        bool
	kicks     sync.WaitGroup // background sends under way
	kicked    atomic.Int64   // kicks since the background run began (0: none runs)
	sending   chan struct{}  // held while a mail is claimed and unsent (one at a time)
	admins    []string       // told about mail that finally fails
	hooks     *http.Client   // posts turn notices to webhooks (webhook.go)
	pics      pictures       // the last board pictures drawn (picture.go)
	rounds    roundSources   // where each engine's round is read from (rounds.go)
	// renderFault, when set (tests), fails the render of a mail intent.
	renderFault func(store.MailIntent) error
	// Playing by reply (replies.go): the configuration, the club address's
	// parts, the reader of commands and the table's message limit.
	replies               config.Replies
	clubLocal, clubDomain string
	reader                *reply.Reader
	messagesPerHour       int
}

// New makes the service and installs it as the store's observer
// (changes.go), so every change to a game from now on queues its mails in
// its own transaction.
func New(ctx context.Context, o Options) (*Service, error) {
	if o.Store == nil {
		return nil, errors.New("notify: no store")
	}
	if err := o.Config.Check(); err != nil {
		return nil, err
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	key, err := o.Store.LinkKey(ctx)
	if err != nil {
		return nil, err
	}
	base := o.Config.PublicURL()
	u, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("notify: base url: %w", err)
	}
	s := &Service{st: o.Store, cfg: o.Config.Notify, base: base, host: u.Hostname(), from: o.Config.Mail.From,
		transport: o.Transport, log: o.Logger, key: key, bg: o.Background, admins: o.Config.Admins}
	s.sending = make(chan struct{}, 1)
	if err := s.setUpReplies(o.Config); err != nil {
		return nil, err
	}
	s.hooks = webhookClient(time.Duration(o.Config.Notify.Webhooks.TimeoutSeconds)*time.Second, o.Config.Notify.Webhooks.AllowLoopback)
	if s.transport == nil {
		s.transport = LocalTransport{Outbox: store.LocalOutbox{Store: o.Store, Log: o.Logger}}
	}
	for _, h := range o.Config.Notify.Reminders {
		s.reminders = append(s.reminders, config.Hours(h))
	}
	sortDesc(s.reminders)
	s.quiet = time.Duration(o.Config.Notify.QuietMinutes) * time.Minute
	o.Store.SetObserver(s) // changes.go
	return s, nil
}

func sortDesc(d []time.Duration) {
	for i := range d {
		for j := i + 1; j < len(d); j++ {
			if d[j] > d[i] {
				d[i], d[j] = d[j], d[i]
			}
		}
	}
}

// Tick runs every job once, in order: start mails, automatic moves,
// reminders and timeouts, club events, digests, abandoned games, turn mails
// left as intents, then the outbox. Tests
// call it with a fake clock; cron calls the jobs one by one.
func (s *Service) Tick(ctx context.Context) error {
	return errors.Join(
		s.SyncGames(ctx),
		s.AutoMoves(ctx),
		s.Deadlines(ctx),
		s.Events(ctx),
		s.Digests(ctx),
		s.Abandoned(ctx),
		s.Invitations(ctx),
		s.RenderIntents(ctx),
		s.SendDue(ctx),
	)
}

// now is the store's clock (the injected one in tests).
func (s *Service) now() time.Time { return s.st.Now() }

// CatchUp gives a game written beside the store's change path (the load
// test's bulk-written club) what its creation and, when started, its start
// would have made: its clock, and the start and first turn mails.
func (s *Service) CatchUp(ctx context.Context, gameID int64, started bool) error {
	err := s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		_, err := s.ensureClock(tx, gameID)
		return err
	})
	if err != nil || !started {
		return err
	}
	return s.syncGame(ctx, gameID)
}

// kick sends due mail in the background, detached from the request.
// Kicks coalesce: while a run is under way a kick only asks it to look
// once more when it is done. Every mail waits for the one sending slot
// anyway (sendOne), so a goroutine a kick sent nothing sooner: at 120
// moves a second they piled up by the thousand, each with its stack,
// context and timer (2,100 and 20 MB after 20 s of the 10,000-game load
// run, docs/performance.md), taking the heap's room under the memory
// limit.
func (s *Service) kick(ctx context.Context) {
	if !s.bg {
		return
	}
	if s.kicked.Add(1) > 1 {
		return // the run under way looks again
	}
	s.kicks.Add(1)
	go func() {
		defer s.kicks.Done()
		for {
			// A kick counted before this pass's first claim has its mail
			// queued already; one after it makes the pass run again.
			seen := s.kicked.Load()
			c, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
			err := s.SendDue(c)
			cancel()
			if err != nil {
				s.log.Warn("notify: sending", "err", err)
			}
			if s.kicked.CompareAndSwap(seen, 0) {
				return
			}
		}
	}()
}

// SetClock changes how a game keeps time; running deadlines keep theirs.
func (s *Service) SetClock(ctx context.Context, gameID int64, preset string, skipWeekends bool, policy string) error {
	if _, ok := s.cfg.Preset(preset); !ok {
		return words.Fail(words.New("mail.error.preset").Lit("preset", preset))
	}
	if policy != store.PolicyCaretaker && policy != store.PolicySubstitute {
		return words.Fail(words.New("mail.error.policy").Lit("policy", policy))
	}
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		old, err := s.ensureClock(tx, gameID)
		if err != nil {
			return err
		}
		gc := s.clockFor(gameID, preset, skipWeekends)
		gc.Policy, gc.StartedMailed, gc.AbandonedAt = policy, old.StartedMailed, old.AbandonedAt
		return tx.SaveGameClock(gc)
	})
}

// ClockWords says how a game keeps time, for pages to say in the reader's
// language.
func (s *Service) ClockWords(gc *store.GameClock) words.Text { return clockWords(gc) }

// setUpReplies prepares playing by reply when the configuration turns it on.
func (s *Service) setUpReplies(c config.Config) error {
	s.replies, s.messagesPerHour = c.Mail.Replies, c.Limits.MessagesPerHour
	if !s.replies.Enabled {
		return nil
	}
	local, domain, err := s.replies.Split()
	if err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	s.clubLocal, s.clubDomain = local, domain
	s.reader = reply.NewReader(words.Default())
	return nil
}
