package config

import (
	"fmt"
	"strings"
	"time"
)

// Season is one ladder season: from its start date (UTC midnight) until
// the next season's start. Names must differ; starts must increase.
type Season struct {
	Name  string `yaml:"name"`
	Start string `yaml:"start"` // YYYY-MM-DD
}

// StartTime is the moment the season begins.
func (s Season) StartTime() (time.Time, error) {
	return time.Parse("2006-01-02", s.Start)
}

// IsAdmin reports whether the address belongs to an administrator (the
// club's admins list, compared without case).
func (c Config) IsAdmin(email string) bool {
	for _, a := range c.Admins {
		if strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(email)) && email != "" {
			return true
		}
	}
	return false
}

// checkClub validates the admins and seasons.
func (c Config) checkClub() []error {
	var errs []error
	for _, a := range c.Admins {
		if !strings.Contains(a, "@") {
			errs = append(errs, fmt.Errorf("admins: %q is not an email address", a))
		}
	}
	names := map[string]bool{}
	var last time.Time
	for i, s := range c.Seasons {
		t, err := s.StartTime()
		switch {
		case s.Name == "":
			errs = append(errs, fmt.Errorf("seasons: season %d has no name", i+1))
		case names[s.Name]:
			errs = append(errs, fmt.Errorf("seasons: two seasons are named %q", s.Name))
		case err != nil:
			errs = append(errs, fmt.Errorf("seasons: season %q starts %q, which is not a date YYYY-MM-DD", s.Name, s.Start))
		case i > 0 && !t.After(last):
			errs = append(errs, fmt.Errorf("seasons: season %q must start after the season before it", s.Name))
		}
		names[s.Name], last = true, t
	}
	return errs
}
