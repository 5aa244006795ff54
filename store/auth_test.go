package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"rondel/game/gametest"
)

var limits = LoginLimits{TTL: 15 * time.Minute, Window: time.Hour, PerAddress: 3, PerAddressAll: 6, PerIP: 5}

func TestMagicLinkOnceAndShortLived(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	tok, err := s.RequestLogin(ctx, " Eve@Example.org ", "1.2.3.4", limits)
	if err != nil {
		t.Fatal(err)
	}
	if !s.LoginTokenValid(ctx, tok) {
		t.Fatal("fresh token not valid")
	}
	u, err := s.ConsumeLogin(ctx, tok)
	if err != nil || u.Email != "eve@example.org" {
		t.Fatalf("consume: %+v %v", u, err)
	}
	if _, err := s.ConsumeLogin(ctx, tok); !errors.Is(err, ErrTokenInvalid) {
		t.Errorf("second use: got %v", err)
	}
	tok2, _ := s.RequestLogin(ctx, "eve@example.org", "1.2.3.4", limits)
	c.Add(15*time.Minute + time.Second)
	if _, err := s.ConsumeLogin(ctx, tok2); !errors.Is(err, ErrTokenInvalid) {
		t.Errorf("expired use: got %v", err)
	}
	if _, err := s.ConsumeLogin(ctx, "made-up"); !errors.Is(err, ErrTokenInvalid) {
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
		if _, err := s.RequestLogin(ctx, "a@x.org", "9.9.9.9", limits); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	if _, err := s.RequestLogin(ctx, "a@x.org", "9.9.9.9", limits); !errors.Is(err, ErrRateLimited) {
		t.Errorf("4th for the address from one IP: got %v", err)
	}
	// Another client address is not bound by what 9.9.9.9 asked.
	if _, err := s.RequestLogin(ctx, "a@x.org", "8.8.8.8", limits); err != nil {
		t.Errorf("the address from another IP: %v", err)
	}
	if _, err := s.RequestLogin(ctx, "b@x.org", "9.9.9.9", limits); err != nil {
		t.Errorf("4th from the IP: %v", err)
	}
	s.RequestLogin(ctx, "c@x.org", "9.9.9.9", limits)
	if _, err := s.RequestLogin(ctx, "d@x.org", "9.9.9.9", limits); !errors.Is(err, ErrRateLimited) {
		t.Errorf("6th from the IP: got %v", err)
	}
	c.Add(time.Hour + time.Second)
	if _, err := s.RequestLogin(ctx, "a@x.org", "9.9.9.9", limits); err != nil {
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
	tok, err := s.RequestLogin(ctx, "own@x.org", "1.1.1.1", limits)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ConsumeLogin(ctx, tok); err != nil {
		t.Fatal(err)
	}
	sent := 0
	for i := range 10 {
		for range limits.PerAddress {
			if _, err := s.RequestLogin(ctx, "own@x.org", fmt.Sprintf("6.6.6.%d", i), limits); err == nil {
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
		if _, err := s.RequestLogin(ctx, "own@x.org", "1.1.1.1", limits); err != nil {
			t.Fatalf("the owner's request %d was refused: %v", i+1, err)
		}
	}
}

func TestSessionsRevocable(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	tok, _ := s.RequestLogin(ctx, "a@x.org", "", limits)
	u, _ := s.ConsumeLogin(ctx, tok)
	s1, _ := s.CreateSession(ctx, u.ID, 24*time.Hour)
	s2, _ := s.CreateSession(ctx, u.ID, 24*time.Hour)
	if got, err := s.SessionUser(ctx, s1); err != nil || got.ID != u.ID {
		t.Fatalf("session user: %v %v", got, err)
	}
	s.RevokeSession(ctx, s1)
	if _, err := s.SessionUser(ctx, s1); !errors.Is(err, ErrNotFound) {
		t.Errorf("revoked session still works: %v", err)
	}
	if _, err := s.SessionUser(ctx, s2); err != nil {
		t.Errorf("other session revoked too: %v", err)
	}
	c.Add(25 * time.Hour)
	if _, err := s.SessionUser(ctx, s2); !errors.Is(err, ErrNotFound) {
		t.Errorf("expired session still works: %v", err)
	}
}

func TestInvitationsStartTheGame(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	tok, _ := s.RequestLogin(ctx, "host@x.org", "", limits)
	host, _ := s.ConsumeLogin(ctx, tok)
	g, invites, err := s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "Friday", Seed: 9, CreatedBy: host.ID, ShuffleSeats: true,
		Players: []NewPlayer{{"Host", "HOST@x.org"}, {"Bo", "bo@x.org"}, {"Cy", "cy@x.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(invites) != 2 {
		t.Fatalf("%d invitations, want 2 (the host's seat is accepted)", len(invites))
	}
	info, err := s.Invitation(ctx, invites[0].Token)
	if err != nil || info.Game.ID != g.ID {
		t.Fatalf("invitation lookup: %+v %v", info, err)
	}
	for i, inv := range invites {
		u, _, err := s.AcceptInvitation(ctx, inv.Token)
		if err != nil || u.ID != inv.User.ID {
			t.Fatalf("accept: %v", err)
		}
		row, _ := s.GameRow(ctx, g.ID)
		if want := map[bool]string{false: StatusInviting, true: StatusActive}[i == len(invites)-1]; row.Status != want {
			t.Errorf("after %d acceptances status %s, want %s", i+1, row.Status, want)
		}
	}
	if _, _, err := s.AcceptInvitation(ctx, invites[0].Token); !errors.Is(err, ErrTokenInvalid) {
		t.Errorf("invitation used twice: %v", err)
	}
	// Seat order drawn from the seed is a permutation of the entries.
	seats, _ := s.Seats(ctx, g.ID)
	seen := map[string]bool{}
	for _, st := range seats {
		seen[st.Name] = true
	}
	if len(seen) != 3 || !seen["Host"] || !seen["Bo"] || !seen["Cy"] {
		t.Errorf("seats %+v", seats)
	}
}

func TestCreateGameValidates(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	two := []NewPlayer{{"A", "a@x.org"}, {"B", "b@x.org"}}
	cases := []NewGame{
		{Kind: "nope", Name: "x", Players: two},
		{Kind: gametest.ID, Name: "x", Players: two[:1]},
		{Kind: gametest.ID, Name: "x", Players: []NewPlayer{{"A", "a@x.org"}, {"B", "A@x.org"}}},
		{Kind: gametest.ID, Name: "x", Players: []NewPlayer{{"A", "a@x.org"}, {"B", "not-an-address"}}},
		{Kind: gametest.ID, Name: "x", Players: two, Options: map[string]string{"size": "huge"}},
		{Kind: gametest.ID, Name: " ", Players: two},
	}
	for i, ng := range cases {
		if _, _, err := s.CreateGame(ctx, ng); err == nil {
			t.Errorf("case %d accepted", i)
		}
	}
	var n int64
	s.db.Model(&Game{}).Count(&n)
	if n != 0 {
		t.Errorf("%d games written by refused requests", n)
	}
}
