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
// work in the database, so an overlap with another instance is harmless;
// SkipIfStillRunning keeps one instance from piling up runs of its own.
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
		{"@every 1m", "start mails", s.SyncGames},
		{"@every 1m", "standing orders", s.AutoMoves},
		{"@every 1m", "deadlines", s.Deadlines},
		{"@every 10m", "digests", s.Digests},
		{"@every 1h", "abandoned games", s.Abandoned},
		{"@every 1h", "invitations that ran out", s.Invitations},
	}
	for _, j := range jobs {
		j := j
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
