package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"rondel/game/words"
)

// TestPostMessageRules: players and a creator without a seat write; anyone
// else is refused; a private message goes to another seat that exists;
// the text is cleaned of control characters and bounded; each member
// reads what is theirs to read, in order, and is told of it once.
func TestPostMessageRules(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, _ := openTest(t, 64)
	var creator, stranger int64
	if err := s.NotifyTx(ctx, func(tx *NotifyTx) error {
		c, err := tx.FindOrCreateUser("host@example.org", "")
		if err != nil {
			return err
		}
		o, err := tx.FindOrCreateUser("someone@example.org", "Someone")
		creator, stranger = c.ID, o.ID
		return err
	}); err != nil {
		t.Fatal(err)
	}
	g, _, err := s.CreateGame(ctx, NewGame{Kind: "takeaway", Name: "t", Seed: 1, CreatedBy: creator,
		Players: []NewPlayer{{"Ann", "ann@example.org"}, {"Bob", "bob@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	seats, _ := s.Seats(ctx, g.ID)
	ann, bob := seats[0].UserID, seats[1].UserID
	one, zero, nine := 1, 0, 9
	for _, c := range []struct {
		name string
		from int64
		to   *int
		text string
		want string // the refusal's catalogue id, "" if written
	}{
		{"player to the table", ann, nil, " Hello\r\nthere\x07 \u202e", ""},
		{"creator without a seat", creator, &one, "Welcome, Bob", ""},
		{"private to another seat", bob, &zero, "psst", ""},
		{"stranger", stranger, nil, "hi", "not at table"},
		{"to oneself", ann, &zero, "hi", "store.error.message_to"},
		{"to no seat", ann, &nine, "hi", "store.error.message_to"},
		{"empty", ann, nil, " \t\n", "store.error.message_empty"},
		{"too long", ann, nil, strings.Repeat("é", MaxMessage+1), "store.error.message_long"},
	} {
		_, err := s.PostMessage(ctx, g.ID, c.from, c.to, c.text, 0)
		var we *words.Error
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want == "not at table" && !errors.Is(err, ErrNotAtTable):
			t.Errorf("%s: %v, want not at the table", c.name, err)
		case c.want != "" && c.want != "not at table" && (!errors.As(err, &we) || we.Msg.ID != c.want):
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	if _, err := s.PostMessage(ctx, g.ID, ann, nil, strings.Repeat("é", MaxMessage), 0); err != nil {
		t.Errorf("a message of the longest length: %v", err)
	}
	read := func(uid int64) []string {
		ms, err := s.Messages(ctx, g.ID, uid)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range ms {
			out = append(out, m.Body[:min(len(m.Body), 12)])
		}
		return out
	}
	for who, want := range map[string]struct {
		uid  int64
		read string
	}{
		"ann":      {ann, "[Hello\nthere psst éééééé]"},
		"bob":      {bob, "[Hello\nthere Welcome, Bob psst éééééé]"},
		"creator":  {creator, "[Hello\nthere Welcome, Bob éééééé]"},
		"stranger": {stranger, "[Hello\nthere éééééé]"},
	} {
		if got := strings.Join(read(want.uid), " "); "["+got+"]" != want.read {
			t.Errorf("%s reads %q, want %s", who, got, want.read)
		}
	}
	ms, _ := s.Messages(ctx, g.ID, creator)
	if ms[1].Name != "" || ms[1].Seat != -1 {
		t.Errorf("the creator's message is signed %q at seat %d", ms[1].Name, ms[1].Seat)
	}
	// Told once: Bob's unread are the others' messages, then none.
	un, err := s.Unread(ctx, g.ID, bob)
	if err != nil || len(un) != 3 {
		t.Fatalf("Bob's unread: %v %d", err, len(un))
	}
	if err := s.MarkTold(ctx, g.ID, bob, un[len(un)-1].ID); err != nil {
		t.Fatal(err)
	}
	if un, _ := s.Unread(ctx, g.ID, bob); len(un) != 0 {
		t.Errorf("Bob is told again of %d messages", len(un))
	}
}

// TestMessagesInTheRecord: the record a player exports keeps the table's
// messages and the private ones they wrote or read, the command line's
// only the table's; importing a record keeps its messages, so exporting
// it again gives the same.
func TestMessagesInTheRecord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, _ := openTest(t, 64)
	other, _, _ := openTest(t, 64)
	g := startGame(t, s, 3, 4)
	seats, _ := s.Seats(ctx, g.ID)
	zero, two := 0, 2
	for _, m := range []struct {
		from int64
		to   *int
		text string
	}{{seats[0].UserID, nil, "table <one>"}, {seats[1].UserID, &zero, "to Ann"}, {seats[1].UserID, &two, "to Cy"}} {
		if _, err := s.PostMessage(ctx, g.ID, m.from, m.to, m.text, 0); err != nil {
			t.Fatal(err)
		}
	}
	all, err := s.ExportRecord(ctx, g.ID)
	if err != nil || len(all.Messages) != 1 {
		t.Fatalf("the plain export: %v %+v", err, all.Messages)
	}
	ann, err := s.ExportRecordFor(ctx, g.ID, seats[0].UserID)
	if err != nil || len(ann.Messages) != 2 || ann.Messages[1].Text != "to Ann" || *ann.Messages[1].To != 0 || ann.Messages[1].From != 1 {
		t.Fatalf("Ann's export: %v %+v", err, ann.Messages)
	}
	g2, err := other.ImportRecord(ctx, ann, ImportSpec{Emails: emailsFor(ann)})
	if err != nil {
		t.Fatal(err)
	}
	seats2, _ := other.Seats(ctx, g2.ID)
	again, err := other.ExportRecordFor(ctx, g2.ID, seats2[0].UserID)
	if err != nil || len(again.Messages) != 2 {
		t.Fatalf("after the import: %v %+v", err, again.Messages)
	}
	for i := range ann.Messages {
		a, b := ann.Messages[i], again.Messages[i]
		if a.Text != b.Text || a.From != b.From || a.Name != b.Name || !a.At.Equal(b.At) || (a.To == nil) != (b.To == nil) {
			t.Errorf("message %d changed: %+v, then %+v", i+1, a, b)
		}
	}
}
