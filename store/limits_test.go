package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/game/words"
)

// A member's daily limits: games created, invitation mails, addresses new
// to the club. A game that would pass one is refused in plain words and
// leaves nothing behind (no game, no seats, no invitations, no members);
// a day later the member may go on; zero limits (the admins) never refuse.
func TestMemberLimits(t *testing.T) {
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	tok, _ := s.SignIn().RequestLogin(ctx, "host@x.org", "", limits)
	host, _ := s.SignIn().ConsumeLogin(ctx, tok)
	lim := Limits{GamesPerDay: 3, InvitationsPerDay: 5, NewAddressesPerDay: 3}
	create := func(lim Limits, addrs ...string) error {
		t.Helper()
		players := []NewPlayer{{"Host", "host@x.org"}}
		for i, a := range addrs {
			players = append(players, NewPlayer{fmt.Sprintf("P%d", i), a})
		}
		open := 0
		if len(addrs) == 0 {
			open = 1 // a game of one's own, with a seat any member may take
		}
		_, _, err := s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "g", Seed: 1, CreatedBy: host.ID, Players: players, Limits: lim, OpenSeats: open})
		return err
	}
	count := func(table string) (n int64) {
		t.Helper()
		if err := s.db.Table(table).Count(&n).Error; err != nil {
			t.Fatal(err)
		}
		return n
	}
	refusedBy := func(err error, id string) {
		t.Helper()
		var we *words.Error
		if !errors.As(err, &we) || we.Msg.ID != "store.error.limit_"+id {
			t.Fatalf("got %v, want the %s limit", err, id)
		}
	}
	if err := create(lim, "a@x.org", "b@x.org", "c@x.org"); err != nil {
		t.Fatal(err)
	}
	games, users, invs := count("games"), count("users"), count("invitations")
	// A fourth new address passes the limit of 3: nothing is written.
	err := create(lim, "a@x.org", "new@x.org")
	refusedBy(err, "address")
	var we *words.Error
	errors.As(err, &we)
	if got := words.English().Say(we.Msg); !strings.Contains(got, "at most 3 addresses new to this club a day, and you have 0 left") {
		t.Errorf("the refusal says %q", got)
	}
	if count("games") != games || count("users") != users || count("invitations") != invs || count("seats") != 4 {
		t.Fatal("a refused game left rows behind")
	}
	if _, err := s.UserByEmail(ctx, "new@x.org"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the refused game made a member: %v", err)
	}
	// Members already: two invitations, the last the limit allows.
	if err := create(lim, "a@x.org", "b@x.org"); err != nil {
		t.Fatal(err)
	}
	refusedBy(create(lim, "c@x.org"), "invitation")
	if err := create(lim); err != nil { // a game of one's own invites nobody
		t.Fatal(err)
	}
	refusedBy(create(lim), "game")
	if count("games") != games+2 {
		t.Errorf("%d games, want %d", count("games"), games+2)
	}
	// Admins have none.
	if err := create(Limits{}, "x1@x.org", "x2@x.org", "x3@x.org", "x4@x.org"); err != nil {
		t.Errorf("no limits: %v", err)
	}
	c.Add(24*time.Hour + time.Second)
	if err := create(lim, "y1@x.org", "y2@x.org", "y3@x.org"); err != nil {
		t.Errorf("a day later: %v", err)
	}
	// Sending an invitation again counts, and is refused past the limit.
	g, _, err := s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "r", Seed: 1, CreatedBy: host.ID,
		Players: []NewPlayer{{"Host", "host@x.org"}, {"Y", "y1@x.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // 3 of the 5 invitations of the day are spent above
		if _, err := s.ResendInvitation(ctx, g.ID, host.ID, 1, time.Hour, lim); err != nil {
			t.Fatal(err)
		}
	}
	_, err = s.ResendInvitation(ctx, g.ID, host.ID, 1, time.Hour, lim)
	refusedBy(err, "invitation")
	_, err = s.ReplaceInvitation(ctx, g.ID, host.ID, 1, NewPlayer{"Z", "z@x.org"}, time.Hour, Limits{NewAddressesPerDay: 3})
	refusedBy(err, "address")
}
