package config

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"rondel/game/words"
)

// Notify configures turn mails, deadlines, reminders and timeouts.
type Notify struct {
	// Deadline is the preset new games get unless their creator chooses.
	Deadline     string    `yaml:"deadline"`
	Presets      []Preset  `yaml:"presets"`
	SkipWeekends bool      `yaml:"skip_weekends"`
	Reminders    []float64 `yaml:"reminders_hours"` // before a deadline
	// QuietMinutes holds back the turn mail of a player who moved on the
	// web this recently: it is sent only if the turn is still open after
	// as many minutes without a move (0: never held back).
	QuietMinutes int      `yaml:"quiet_minutes"`
	Timeout      Timeout  `yaml:"timeout"`
	Absence      Absence  `yaml:"absence"`
	AbandonDays  int      `yaml:"abandon_days"` // no move for this long ends a game (0: never)
	DigestHour   int      `yaml:"digest_hour"`  // UTC hour the daily digest is sent
	Sender       Sender   `yaml:"sender"`
	Webhooks     Webhooks `yaml:"webhooks"`
}

// Webhooks configures turn notices posted to chat webhooks (a game's or
// the club's, set on pages; see docs/notifications.md).
type Webhooks struct {
	// Language is the club's: the club's webhooks speak it unless the
	// admin who sets one chooses another.
	Language       string `yaml:"language"`
	TimeoutSeconds int    `yaml:"timeout_seconds"` // for one post, connection included
	// AllowLoopback lets webhooks post to this machine (127.0.0.1, ::1,
	// localhost) and over plain http there: for tests and local chat
	// bridges only. Other internal addresses are never posted to.
	AllowLoopback bool `yaml:"allow_loopback"`
}

// Preset is a way to keep time in a game: a fixed time per decision, or a
// time bank with a bonus per move up to a cap.
type Preset struct {
	Name         string  `yaml:"name"`
	Label        string  `yaml:"label"`
	PerMoveHours float64 `yaml:"per_move_hours"`
	BankHours    float64 `yaml:"bank_hours"`
	BonusHours   float64 `yaml:"bonus_hours"`
	CapHours     float64 `yaml:"cap_hours"`
}

// Timeout says what happens when a deadline passes.
type Timeout struct {
	Policy          string  `yaml:"policy"` // caretaker or substitute
	SubstituteHours float64 `yaml:"substitute_hours"`
	DropAfter       int     `yaml:"drop_after"` // consecutive timeouts (0: never)
}

// Absence limits declared absences.
type Absence struct {
	MaxDaysAtOnce  int `yaml:"max_days_at_once"`
	MaxDaysPerYear int `yaml:"max_days_per_year"`
}

// Sender paces the outbox.
type Sender struct {
	IntervalSeconds int `yaml:"interval_seconds"`
	MaxAttempts     int `yaml:"max_attempts"`
	BackoffSeconds  int `yaml:"backoff_seconds"` // first retry; doubles each time
}

func defaultNotify() Notify {
	return Notify{
		Deadline: "3d",
		Presets: []Preset{
			{Name: "24h", Label: "24 hours per move", PerMoveHours: 24},
			{Name: "3d", Label: "3 days per move", PerMoveHours: 72},
			{Name: "bank", Label: "time bank: 5 days, +1 day per move, at most 10 days", BankHours: 120, BonusHours: 24, CapHours: 240},
		},
		Reminders:    []float64{24, 4},
		QuietMinutes: 10,
		Timeout:      Timeout{Policy: "caretaker", SubstituteHours: 48, DropAfter: 3},
		Absence:      Absence{MaxDaysAtOnce: 14, MaxDaysPerYear: 30},
		AbandonDays:  60,
		DigestHour:   7,
		Sender:       Sender{IntervalSeconds: 30, MaxAttempts: 8, BackoffSeconds: 60},
		Webhooks:     Webhooks{Language: "en", TimeoutSeconds: 10},
	}
}

// Preset returns the preset with the name.
func (n Notify) Preset(name string) (Preset, bool) {
	for _, p := range n.Presets {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}

func (n Notify) check() []error {
	var errs []error
	if len(n.Presets) == 0 {
		errs = append(errs, errors.New("notify.presets must list at least one preset"))
	}
	seen := map[string]bool{}
	for _, p := range n.Presets {
		switch {
		case p.Name == "" || seen[p.Name]:
			errs = append(errs, fmt.Errorf("notify.presets: each preset needs its own name (%q)", p.Name))
		case p.PerMoveHours < 0 || p.BankHours < 0 || p.BonusHours < 0 || p.CapHours < 0:
			errs = append(errs, fmt.Errorf("notify.presets %s: hours cannot be negative", p.Name))
		case p.PerMoveHours == 0 && p.BankHours == 0:
			errs = append(errs, fmt.Errorf("notify.presets %s: set per_move_hours or bank_hours", p.Name))
		case p.BankHours > 0 && p.CapHours < p.BankHours:
			errs = append(errs, fmt.Errorf("notify.presets %s: cap_hours must be at least bank_hours", p.Name))
		}
		seen[p.Name] = true
	}
	if _, ok := n.Preset(n.Deadline); !ok {
		errs = append(errs, fmt.Errorf("notify.deadline %q is not one of the presets", n.Deadline))
	}
	for _, h := range n.Reminders {
		if h <= 0 {
			errs = append(errs, errors.New("notify.reminders_hours must be positive"))
		}
	}
	if n.QuietMinutes < 0 || n.QuietMinutes > 24*60 {
		errs = append(errs, errors.New("notify.quiet_minutes must be 0 to 1440"))
	}
	if n.Timeout.Policy != "caretaker" && n.Timeout.Policy != "substitute" {
		errs = append(errs, fmt.Errorf("notify.timeout.policy %q must be caretaker or substitute", n.Timeout.Policy))
	}
	if n.Timeout.SubstituteHours < 0 || n.Timeout.DropAfter < 0 || n.AbandonDays < 0 {
		errs = append(errs, errors.New("notify: substitute_hours, drop_after and abandon_days cannot be negative"))
	}
	if n.Absence.MaxDaysAtOnce <= 0 || n.Absence.MaxDaysPerYear < n.Absence.MaxDaysAtOnce {
		errs = append(errs, errors.New("notify.absence: max_days_at_once must be positive and at most max_days_per_year"))
	}
	if n.DigestHour < 0 || n.DigestHour > 23 {
		errs = append(errs, errors.New("notify.digest_hour must be 0 to 23"))
	}
	s := n.Sender
	if s.IntervalSeconds <= 0 || s.MaxAttempts <= 0 || s.BackoffSeconds <= 0 {
		errs = append(errs, errors.New("notify.sender: interval_seconds, max_attempts and backoff_seconds must be positive"))
	}
	if !slices.Contains(words.Languages, n.Webhooks.Language) {
		errs = append(errs, fmt.Errorf("notify.webhooks.language %q must be one of %v", n.Webhooks.Language, words.Languages))
	}
	if n.Webhooks.TimeoutSeconds <= 0 || n.Webhooks.TimeoutSeconds > 60 {
		errs = append(errs, errors.New("notify.webhooks.timeout_seconds must be 1 to 60"))
	}
	return errs
}

// Hours turns a number of hours into a duration.
func Hours(h float64) time.Duration { return time.Duration(h * float64(time.Hour)) }
