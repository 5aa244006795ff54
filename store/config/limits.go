package config

import (
	"fmt"
	"runtime"
)

// Limits bound what one member can make the server send or store: the
// club's mail reputation and its database are not anyone's to spend. A
// day is the last 24 hours, an hour the last 60 minutes. The club's
// admins are exempt from the daily limits (not from messages).
type Limits struct {
	GamesPerDay        int `yaml:"games_per_day"`         // games a member creates
	InvitationsPerDay  int `yaml:"invitations_per_day"`   // invitation mails a member makes the server send
	NewAddressesPerDay int `yaml:"new_addresses_per_day"` // addresses new to the club a member invites
	MessagesPerHour    int `yaml:"messages_per_hour"`     // table talk by one player in one game
	MessagesPerPage    int `yaml:"messages_per_page"`     // newest messages a game's page shows
	// RequestsAtOnce is how many pages the server works on at once (0:
	// one per CPU); the rest wait their turn in order of arrival, for at
	// most RequestWaitSeconds, then are told the server is busy.
	RequestsAtOnce     int `yaml:"requests_at_once"`
	RequestWaitSeconds int `yaml:"request_wait_seconds"`
}

func defaultLimits() Limits {
	return Limits{GamesPerDay: 10, InvitationsPerDay: 40, NewAddressesPerDay: 20, MessagesPerHour: 30, MessagesPerPage: 50, RequestWaitSeconds: 10}
}

func (l Limits) check() []error {
	var errs []error
	for _, f := range []struct {
		name string
		v    int
	}{{"games_per_day", l.GamesPerDay}, {"invitations_per_day", l.InvitationsPerDay},
		{"new_addresses_per_day", l.NewAddressesPerDay}, {"messages_per_hour", l.MessagesPerHour}, {"messages_per_page", l.MessagesPerPage},
		{"request_wait_seconds", l.RequestWaitSeconds}} {
		if f.v <= 0 {
			errs = append(errs, fmt.Errorf("limits.%s must be positive", f.name))
		}
	}
	if l.RequestsAtOnce < 0 {
		errs = append(errs, fmt.Errorf("limits.requests_at_once must be 0 (one per CPU) or positive"))
	}
	return errs
}

// PagesAtOnce is RequestsAtOnce with 0 said as one per CPU the process
// may use. It was one more, for a page that waits on the disk; serve now
// runs a P more than the pages at once (cmd_serve_procs.go), and a page
// waiting in SQLite leaves its P to others anyway. Measured on two CPUs at
// 50 readers (docs/performance.md, session 14): two pages at once with
// three Ps gave the shortest tails of the settings tried, at less CPU a
// page than three with four Ps.
func (l Limits) PagesAtOnce() int {
	if l.RequestsAtOnce > 0 {
		return l.RequestsAtOnce
	}
	return runtime.GOMAXPROCS(0)
}
