package notify

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/robfig/cron/v3"
)

// cronLog adapts slog to cron's logger.
type cronLog struct{ l *slog.Logger }

func (c cronLog) Info(msg string, kv ...any) { c.l.Debug("cron: "+msg, kv...) }
func (c cronLog) Error(err error, msg string, kv ...any) {
	c.l.Error("cron: "+msg, append(kv, "err", err)...)
}

// Start runs the jobs on a schedule until ctx ends; the returned function
// stops them and waits for running ones. Every job only looks for due
// work in the database, and SkipIfStillRunning keeps one instance from
// piling up runs of its own. Several instances on one PostgreSQL share
// the work: each job but the outbox and the turn mails (each intent
// claimed by one renderer, intents.go) runs on one instance per tick (the
// store's Exclusive: an advisory lock; the others skip that tick), so
// two instances never make the caretaker's move for one timeout or queue
// one reminder twice; the outbox is sent by all at once, each mail
// claimed by one sender (FOR UPDATE SKIP LOCKED).
func (s *Service) Start(ctx context.Context) (stop func(), err error) {
	lg := cronLog{s.log}
	c := cron.New(cron.WithLocation(time.UTC), cron.WithChain(cron.Recover(lg), cron.SkipIfStillRunning(lg)))
	every := fmt.Sprintf("@every %ds", s.cfg.Sender.IntervalSeconds)
	jobs := []struct {
		spec string
		name string
		run  func(context.Context) error
	}{
		{every, "outbox", s.SendDue},
		{"@every 1m", "turn mails", s.RenderIntents},
		{"@every 1m", "start mails", s.exclusive("start mails", s.SyncGames)},
		{"@every 1m", "standing orders", s.exclusive("standing orders", s.AutoMoves)},
		{"@every 1m", "deadlines", s.exclusive("deadlines", s.Deadlines)},
		{"@every 1m", "events", s.exclusive("events", s.Events)},
		{"@every 10m", "digests", s.exclusive("digests", s.Digests)},
		{"@every 1h", "abandoned games", s.exclusive("abandoned games", s.Abandoned)},
		{"@every 1h", "invitations that ran out", s.exclusive("invitations that ran out", s.Invitations)},
	}
	for _, j := range jobs {
		if _, err := c.AddFunc(j.spec, func() {
			if err := j.run(ctx); err != nil && ctx.Err() == nil {
				s.log.Error("notify: job failed", "job", j.name, "err", err)
			}
		}); err != nil {
			return nil, fmt.Errorf("notify: scheduling %s: %w", j.name, err)
		}
	}
	c.Start()
	return func() {
		<-c.Stop().Done()
		s.kicks.Wait()
	}, nil
}

// exclusive is job run on one instance at a time (see Start).
func (s *Service) exclusive(name string, job func(context.Context) error) func(context.Context) error {
	return func(ctx context.Context) error {
		_, err := s.st.Exclusive(ctx, name, job)
		return err
	}
}
