package store

import (
	"context"
	"errors"
	"testing"

	"rondel/game/gametest"
)

func TestInvitationsStartTheGame(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	tok, _ := s.SignIn().RequestLogin(ctx, "host@x.org", "", limits)
	host, _ := s.SignIn().ConsumeLogin(ctx, tok)
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
