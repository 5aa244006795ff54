package main

import (
	"context"
	"log/slog"
	"net/url"

	"rondel/handlers"
	"rondel/notify"
	"rondel/store"
	"rondel/store/config"
)

// startNotify builds the mail service and starts its jobs. With an SMTP
// server configured, mail goes out through it (the service's own mails
// too); without one, everything lands in the local outbox. stop ends the
// jobs and waits for running ones.
func startNotify(ctx context.Context, cfg config.Config, st *store.Store, log *slog.Logger) (handlers.Deps, func(), error) {
	var transport notify.Transport
	var mailer store.Mailer
	if !cfg.LocalMail() {
		smtp := notify.SMTPTransport{Server: cfg.Mail.SMTP, From: cfg.Mail.From}
		host := "localhost"
		if u, err := url.Parse(cfg.PublicURL()); err == nil && u.Hostname() != "" {
			host = u.Hostname()
		}
		transport, mailer = smtp, notify.Mailer{Transport: smtp, Host: host}
	}
	svc, err := notify.New(ctx, notify.Options{Store: st, Config: cfg, Transport: transport, Logger: log, Background: true})
	if err != nil {
		return handlers.Deps{}, nil, err
	}
	stop, err := svc.Start(ctx)
	if err != nil {
		return handlers.Deps{}, nil, err
	}
	d := handlers.Deps{Store: st, Config: cfg, Logger: log, Mailer: mailer, Notify: svc,
		Hooks: handlers.Hooks{GameCreated: svc.GameCreated, GameStarted: svc.GameStarted, MovePlayed: svc.MovePlayed}}
	return d, stop, nil
}
