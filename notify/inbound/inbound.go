// Package inbound brings replies to Rondel: it reads a club mailbox over
// IMAP (IDLE, reconnecting) and listens for LMTP from a club's own mail
// server, and hands each message, raw, to one Handler (notify's
// HandleReply). It knows nothing of games: only how mail comes in.
package inbound

import (
	"context"
	"strings"
)

// Handler takes one raw RFC 5322 message. An error means the message was
// not taken and should come again (IMAP leaves it unread, LMTP answers
// "try again later"); a message refused for its content is no error.
type Handler func(ctx context.Context, raw []byte) error

// MaxMessage bounds one message: a reply is short, and a huge one must
// not cost memory. Larger ones are refused (LMTP) or skipped (IMAP).
const MaxMessage = 4 << 20

// envelope writes what a mailbox delivery writes above a message: the
// envelope's sender and recipient, so the handler reads one shape however
// the message came.
func envelope(from, rcpt string) []byte {
	clean := func(s string) string { return strings.NewReplacer("\r", "", "\n", "", "<", "", ">", "").Replace(s) }
	return []byte("Return-Path: <" + clean(from) + ">\r\nDelivered-To: " + clean(rcpt) + "\r\n")
}
