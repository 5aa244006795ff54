package main

import (
	"context"
	"log/slog"

	"rondel/handlers"
	"rondel/notify"
	"rondel/store"
	"rondel/store/config"
)

// startNotify builds the mail service and starts its jobs. Every mail,
// the service's own (sign-in links, invitations) too, goes through its
// durable queue: out over SMTP when a server is configured, into the
// local outbox when not. stop ends the jobs and waits for running ones.
func startNotify(ctx context.Context, cfg config.Config, st *store.Store, log *slog.Logger) (handlers.Deps, func(), error) {
	var transport notify.Transport
	if !cfg.LocalMail() {
		transport = notify.SMTPTransport{Server: cfg.Mail.SMTP, From: cfg.Mail.From}
	}
	svc, err := notify.New(ctx, notify.Options{Store: st, Config: cfg, Transport: transport, Logger: log, Background: true})
	if err != nil {
		return handlers.Deps{}, nil, err
	}
	stopJobs, err := svc.Start(ctx)
	if err != nil {
		return handlers.Deps{}, nil, err
	}
	stopIn, err := startInbound(ctx, cfg, svc, log)
	if err != nil {
		stopJobs()
		return handlers.Deps{}, nil, err
	}
	stop := func() { stopIn(); stopJobs() }
	// Sign-in links and invitations go through notify's durable queue
	// too. The store's changes reach notify through its observer, which
	// notify.New installed: handlers never call notify about them.
	d := handlers.Deps{Store: st, Config: cfg, Logger: log, Mailer: svc, Notify: svc}
	return d, stop, nil
}
