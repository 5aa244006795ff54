package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

var limits = LoginLimits{TTL: 15 * time.Minute, Window: time.Hour, PerAddress: 3, PerAddressAll: 6, PerIP: 5}

func TestMagicLinkOnceAndShortLived(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	tok, err := s.SignIn().RequestLogin(ctx, " Eve@Example.org ", "1.2.3.4", limits)
	if err != nil {
		t.Fatal(err)
	}
	if !s.SignIn().LoginTokenValid(ctx, tok) {
		t.Fatal("fresh token not valid")
	}
	u, err := s.SignIn().ConsumeLogin(ctx, tok)
	if err != nil || u.Email != "eve@example.org" {
		t.Fatalf("consume: %+v %v", u, err)
	}
	if _, err := s.SignIn().ConsumeLogin(ctx, tok); !errors.Is(err, ErrTokenInvalid) {
		t.Errorf("second use: got %v", err)
	}
	tok2, _ := s.SignIn().RequestLogin(ctx, "eve@example.org", "1.2.3.4", limits)
	c.Add(15*time.Minute + time.Second)
	if _, err := s.SignIn().ConsumeLogin(ctx, tok2); !errors.Is(err, ErrTokenInvalid) {
		t.Errorf("expired use: got %v", err)
	}
	if _, err := s.SignIn().ConsumeLogin(ctx, "made-up"); !errors.Is(err, ErrTokenInvalid) {
		t.Errorf("unknown token: got %v", err)
	}
	var stored LoginToken
	s.db.Where("email = ?", "eve@example.org").First(&stored)
	if stored.TokenHash == tok || stored.TokenHash != HashToken(tok) {
		t.Error("token not stored hashed")
	}
}

func TestLoginRateLimits(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	for i := range 3 {
		if _, err := s.SignIn().RequestLogin(ctx, "a@x.org", "9.9.9.9", limits); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	if _, err := s.SignIn().RequestLogin(ctx, "a@x.org", "9.9.9.9", limits); !errors.Is(err, ErrRateLimited) {
		t.Errorf("4th for the address from one IP: got %v", err)
	}
	// Another client address is not bound by what 9.9.9.9 asked.
	if _, err := s.SignIn().RequestLogin(ctx, "a@x.org", "8.8.8.8", limits); err != nil {
		t.Errorf("the address from another IP: %v", err)
	}
	if _, err := s.SignIn().RequestLogin(ctx, "b@x.org", "9.9.9.9", limits); err != nil {
		t.Errorf("4th from the IP: %v", err)
	}
	s.SignIn().RequestLogin(ctx, "c@x.org", "9.9.9.9", limits)
	if _, err := s.SignIn().RequestLogin(ctx, "d@x.org", "9.9.9.9", limits); !errors.Is(err, ErrRateLimited) {
		t.Errorf("6th from the IP: got %v", err)
	}
	c.Add(time.Hour + time.Second)
	if _, err := s.SignIn().RequestLogin(ctx, "a@x.org", "9.9.9.9", limits); err != nil {
		t.Errorf("after the window: %v", err)
	}
}

// Strangers asking links for someone's address cannot lock its owner
// out: each client address has its own allowance for the address; when
// the unused links from all of them reach PerAddressAll, new client
// addresses are refused (the mailbox gets no more), but the owner, from
// where a link for the address was used before, still gets one.
func TestStrangerCannotLockOut(t *testing.T) {
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	tok, err := s.SignIn().RequestLogin(ctx, "own@x.org", "1.1.1.1", limits)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SignIn().ConsumeLogin(ctx, tok); err != nil {
		t.Fatal(err)
	}
	sent := 0
	for i := range 10 {
		for range limits.PerAddress {
			if _, err := s.SignIn().RequestLogin(ctx, "own@x.org", fmt.Sprintf("6.6.6.%d", i), limits); err == nil {
				sent++
			} else if !errors.Is(err, ErrRateLimited) {
				t.Fatal(err)
			}
		}
	}
	if sent != limits.PerAddressAll {
		t.Errorf("strangers had %d links sent to the address, want %d", sent, limits.PerAddressAll)
	}
	for i := range limits.PerAddress - 1 { // the first was the link used above
		if _, err := s.SignIn().RequestLogin(ctx, "own@x.org", "1.1.1.1", limits); err != nil {
			t.Fatalf("the owner's request %d was refused: %v", i+1, err)
		}
	}
}

func TestSessionsRevocable(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	tok, _ := s.SignIn().RequestLogin(ctx, "a@x.org", "", limits)
	u, _ := s.SignIn().ConsumeLogin(ctx, tok)
	s1, _ := s.SignIn().CreateSession(ctx, u.ID, 24*time.Hour)
	s2, _ := s.SignIn().CreateSession(ctx, u.ID, 24*time.Hour)
	if got, err := s.SignIn().SessionUser(ctx, s1); err != nil || got.ID != u.ID {
		t.Fatalf("session user: %v %v", got, err)
	}
	s.SignIn().RevokeSession(ctx, s1)
	if _, err := s.SignIn().SessionUser(ctx, s1); !errors.Is(err, ErrNotFound) {
		t.Errorf("revoked session still works: %v", err)
	}
	if _, err := s.SignIn().SessionUser(ctx, s2); err != nil {
		t.Errorf("other session revoked too: %v", err)
	}
	c.Add(25 * time.Hour)
	if _, err := s.SignIn().SessionUser(ctx, s2); !errors.Is(err, ErrNotFound) {
		t.Errorf("expired session still works: %v", err)
	}
}
