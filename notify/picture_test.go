package notify

import (
	"bytes"
	"flag"
	"html"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/picture"
	"rondel/game/words"
	"rondel/store"
)

// TestTurnMailPictureOverSMTP: for each kind of game, the turn mail the
// real SMTP server receives is multipart/related with the board's PNG,
// whose Content-ID is the one the HTML shows; the PNG decodes 1200 pixels
// wide (shown at 600), is the picture of the position the mail asks
// about, and the text part says what is asked. Sizes stay within the
// budget a phone's mail program copes with.
var mailDir = flag.String("mail.dir", "", "also write each turn mail's HTML and picture into this directory (for screenshots)")

func TestTurnMailPictureOverSMTP(t *testing.T) {
	for ki, kind := range []string{"imperial", "imperial2030", "caesars-imperium"} {
		t.Run(kind, func(t *testing.T) {
			srv := startSMTP(t)
			e := newEnv(t, srv, nil)
			langs := []string{"en", "de", "zh"}
			for i := range langs {
				// each kind's seat to act reads another language
				e.person(string(rune('a'+i))+"@example.org", "", langs[(i+ki)%3], "Europe/Vienna")
			}
			g := e.startGame(kind, "Tuesday club", 3, 7, nil)
			e.tick()
			pos, err := e.st.Current(e.ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			d := pos.State.ToAct()[0]
			turn := turnMailTo(t, srv, e.emailOfSeat(g.ID, d.Seat))
			if turn.Type != "multipart/related" {
				t.Fatalf("turn mail is %s, want multipart/related", turn.Type)
			}
			m := regexp.MustCompile(`<img src="cid:([^"]+)" width="600"`).FindStringSubmatch(turn.HTML)
			if m == nil {
				t.Fatalf("HTML shows no picture by cid:\n%s", turn.HTML)
			}
			if len(turn.Inline) != 1 {
				t.Fatalf("%d inline parts, want the picture", len(turn.Inline))
			}
			part := turn.Inline[0]
			if part.Type != "image/png" || part.ContentID != "<"+m[1]+">" || !strings.HasPrefix(part.Disposition, "inline") {
				t.Errorf("picture part %s, Content-ID %s, %s; HTML shows cid:%s", part.Type, part.ContentID, part.Disposition, m[1])
			}
			img, err := png.Decode(bytes.NewReader(part.Data))
			if err != nil {
				t.Fatalf("picture does not decode: %v", err)
			}
			if img.Bounds().Dx() != 1200 {
				t.Errorf("picture %d pixels wide, want 1200", img.Bounds().Dx())
			}
			// the position asked about, as the seat sees it (nothing changed
			// since the start: the game's first turn)
			want, err := picture.PNG(pos.State.(game.Picturer).Picture(d.Seat, nil), 1200)
			if err != nil {
				t.Fatal(err)
			}
			if msg := picture.Compare(want, part.Data, 0); msg != "" {
				t.Errorf("the mail's picture is not the position asked about: %s", msg)
			}
			u := userOfSeat(t, e, g.ID, d.Seat)
			sp := words.Default().Speaker(u.Language, nil)
			prompt := sp.Say(d.Prompt)
			if !strings.Contains(turn.Text, prompt) {
				t.Errorf("text part lacks what is asked (%q):\n%s", prompt, turn.Text)
			}
			if alt := regexp.MustCompile(`alt="([^"]+)"`).FindStringSubmatch(turn.HTML); alt == nil || !strings.Contains(alt[1], "Tuesday club") {
				t.Errorf("picture has no alternative text saying the position: %v", alt)
			}
			if h := html.UnescapeString(turn.HTML); !strings.Contains(h, sp.T("mail.picture.legend")) || !strings.Contains(h, sp.T("mail.picture.mark.decision")) {
				t.Errorf("no legend in the reader's language (%s)", u.Language)
			}
			if *mailDir != "" {
				base := filepath.Join(*mailDir, kind+"."+u.Language)
				on := strings.ReplaceAll(turn.HTML, "cid:"+m[1], filepath.Base(base)+".png")
				for name, data := range map[string][]byte{".png": part.Data, ".html": []byte(on), ".off.html": []byte(turn.HTML)} {
					if err := os.WriteFile(base+name, data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			t.Logf("%s (%s): HTML %d B, PNG %d B, whole message %d B", kind, u.Language, len(turn.HTML), len(part.Data), turn.Size)
			if len(turn.HTML) > 60<<10 || len(part.Data) > 150<<10 || turn.Size > 400<<10 {
				t.Errorf("sizes: HTML %d B, PNG %d B, message %d B; budget 60 KB, 150 KB, 400 KB", len(turn.HTML), len(part.Data), turn.Size)
			}
		})
	}
}

// TestMailPicturesOff: a member who turned pictures off gets the mail as
// before: text and HTML, no picture and no reference to one.
func TestMailPicturesOff(t *testing.T) {
	srv := startSMTP(t)
	e := newEnv(t, srv, nil)
	for i := range 3 {
		id := e.person(string(rune('a'+i))+"@example.org", "", "en", "Europe/Vienna")
		if err := e.st.SetMailPictures(e.ctx, id, false); err != nil {
			t.Fatal(err)
		}
	}
	g := e.startGame("imperial", "Tuesday club", 3, 7, nil)
	e.tick()
	pos, _ := e.st.Current(e.ctx, g.ID)
	turn := turnMailTo(t, srv, e.emailOfSeat(g.ID, pos.State.ToAct()[0].Seat))
	if turn.Type != "multipart/alternative" || len(turn.Inline) != 0 || strings.Contains(turn.HTML, "cid:") {
		t.Errorf("pictures off: %s with %d inline parts", turn.Type, len(turn.Inline))
	}
}

func turnMailTo(t *testing.T, srv *smtpServer, addr string) received {
	t.Helper()
	for _, m := range srv.messages() {
		if strings.Contains(m.Header.Get("Message-Id"), ".turn.") && m.To == addr {
			return m
		}
	}
	t.Fatalf("no turn mail to %s", addr)
	return received{}
}

func userOfSeat(t *testing.T, e *env, gameID int64, seat int) store.User {
	t.Helper()
	addr := e.emailOfSeat(gameID, seat)
	u, err := e.st.UserByEmail(e.ctx, addr)
	if err != nil || u == nil {
		t.Fatalf("no member %s: %v", addr, err)
	}
	return *u
}

// TestReminderShowsThePicture: a reminder shows the position as it stands
// (the decision outlined), embedded like the turn mail's.
func TestReminderShowsThePicture(t *testing.T) {
	srv := startSMTP(t)
	e := newEnv(t, srv, nil)
	g := e.startGame("imperial", "reminders", 3, 3, nil)
	e.tick()
	pos, _ := e.st.Current(e.ctx, g.ID)
	seat := pos.State.ToAct()[0].Seat
	e.clk.Set(deadlineOf(t, e, g.ID, seat).DueAt.Add(-4 * time.Hour))
	e.tick()
	var rem *received
	for _, m := range srv.messages() {
		if strings.Contains(m.Header.Get("Message-Id"), ".reminder-") && m.To == e.emailOfSeat(g.ID, seat) {
			rem = &m
		}
	}
	if rem == nil {
		t.Fatal("no reminder sent")
	}
	if rem.Type != "multipart/related" || len(rem.Inline) != 1 || !strings.Contains(rem.HTML, `src="cid:`+strings.Trim(rem.Inline[0].ContentID, "<>")+`"`) {
		t.Fatalf("reminder: %s, %d inline parts", rem.Type, len(rem.Inline))
	}
	want, _ := picture.PNG(pos.State.(game.Picturer).Picture(seat, nil), 1200)
	if msg := picture.Compare(want, rem.Inline[0].Data, 0); msg != "" {
		t.Errorf("the reminder's picture is not the position: %s", msg)
	}
}

// TestDigestShowsThePicture: the daily digest shows the board of its
// first (most pressing) decision, embedded like a turn mail's.
func TestDigestShowsThePicture(t *testing.T) {
	srv := startSMTP(t)
	e := newEnv(t, srv, nil)
	g := e.startGame("imperial", "daily", 3, 3, nil)
	pos, _ := e.st.Current(e.ctx, g.ID)
	seat := pos.State.ToAct()[0].Seat
	u := userOfSeat(t, e, g.ID, seat)
	if err := e.st.UpdateProfile(e.ctx, u.ID, u.DisplayName, "de", store.NotifyDaily); err != nil {
		t.Fatal(err)
	}
	e.clk.Set(time.Date(2026, 3, 5, 7, 0, 0, 0, time.UTC))
	e.tick()
	var dg *received
	for _, m := range srv.messages() {
		if strings.Contains(m.Header.Get("Message-Id"), ".digest.") && m.To == u.Email {
			dg = &m
		}
	}
	if dg == nil {
		t.Fatal("no digest sent")
	}
	if dg.Type != "multipart/related" || len(dg.Inline) != 1 || !strings.Contains(dg.HTML, `src="cid:`+strings.Trim(dg.Inline[0].ContentID, "<>")+`"`) {
		t.Fatalf("digest: %s, %d inline parts", dg.Type, len(dg.Inline))
	}
	want, _ := picture.PNG(pos.State.(game.Picturer).Picture(seat, nil), 1200)
	if msg := picture.Compare(want, dg.Inline[0].Data, 0); msg != "" {
		t.Errorf("the digest's picture is not the position: %s", msg)
	}
}
