package store

import (
	"context"
	"errors"
	"testing"
)

// TestUnsentLinksDoNotUseUpTheLimit: a sign-in link whose mail could not
// be sent never works and does not count against its address's limit; it
// still counts for the network it was asked from.
func TestUnsentLinksDoNotUseUpTheLimit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, _ := openTest(t, 0)
	for i := range limits.PerAddress + 1 {
		tok, err := s.SignIn().RequestLogin(ctx, "a@x.org", "9.9.9.9", limits)
		if err != nil {
			t.Fatalf("request %d while mail is down: %v", i+1, err)
		}
		if err := s.SignIn().LoginUnsent(ctx, tok); err != nil {
			t.Fatal(err)
		}
		if s.SignIn().LoginTokenValid(ctx, tok) {
			t.Fatal("an unsent link works")
		}
		if _, err := s.SignIn().ConsumeLogin(ctx, tok); !errors.Is(err, ErrTokenInvalid) {
			t.Fatalf("an unsent link signs in: %v", err)
		}
	}
	if _, err := s.SignIn().RequestLogin(ctx, "a@x.org", "8.8.8.8", limits); err != nil {
		t.Errorf("the address's limit was used up by links never sent: %v", err)
	}
	for range limits.PerIP {
		_, _ = s.SignIn().RequestLogin(ctx, "b@x.org", "9.9.9.9", limits)
	}
	if _, err := s.SignIn().RequestLogin(ctx, "c@x.org", "9.9.9.9", limits); !errors.Is(err, ErrRateLimited) {
		t.Errorf("unsent links did not count for the network: %v", err)
	}
}
