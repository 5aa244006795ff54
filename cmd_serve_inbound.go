package main

import (
	"context"
	"log/slog"
	"sync"

	"rondel/notify"
	"rondel/notify/inbound"
	"rondel/store/config"
)

// startInbound starts what brings replies in when playing by reply is on
// (docs/replies.md): the IMAP reader of the club mailbox, the LMTP
// listener for an own mail server, or both, each handing every message to
// notify's HandleReply. stop ends them and waits for a message under way.
func startInbound(ctx context.Context, cfg config.Config, svc *notify.Service, log *slog.Logger) (stop func(), err error) {
	r := cfg.Mail.Replies
	if !r.Enabled {
		return func() {}, nil
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var lm *inbound.LMTP
	if r.LMTP.Addr != "" {
		_, domain, _ := r.Split()
		if lm, err = inbound.ListenLMTP(ctx, r.LMTP.Addr, domain, svc.HandleReply, log); err != nil {
			cancel()
			return nil, err
		}
		log.Info("replies: LMTP listening", "addr", lm.Addr().String())
	}
	var wg sync.WaitGroup
	if r.IMAP.Host != "" {
		m := &inbound.IMAP{Config: r.IMAP, Handler: svc.HandleReply, Log: log}
		wg.Go(func() { m.Run(ctx) })
		log.Info("replies: reading the club mailbox", "host", r.IMAP.Host, "mailbox", r.IMAP.Mailbox)
	}
	return func() {
		cancel()
		if lm != nil {
			lm.Close()
		}
		wg.Wait()
	}, nil
}
