package store

import "errors"

// ErrNotSent is returned by a Mailer's Send (notify's) when the mail could
// not be delivered at once; errors.Is matches it, and the error says why.
// Unless the mail was marked Once it stays queued and is retried.
var ErrNotSent = errors.New("the mail could not be sent now")
