package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game/imperial"
)

// TestImportNamesSeats: a site's log names its players by ids; the import
// form asks a name for each seat, fills in a member whose name is the
// site's, and the game, the new member and their mails use the names
// given, never the site's ids.
func TestImportNamesSeats(t *testing.T) {
	t.Parallel()
	e := newEnvOn(t, importRegistry(imperial.New()), func(d *Deps) { d.Config.Admins = []string{"boss@example.org"} }, withNotify(t))
	ctx := context.Background()
	log := playimperialLog(t, "europe-p2-safe-site-s00017.json.gz", 120)

	boss, code, doc := uploadAsAdmin(t, e, log)
	if code != http.StatusOK || doc.Find(`input[name="name0"][required]`).Length() != 1 {
		t.Fatalf("step one asks no name: %d %s", code, text(doc))
	}
	site0 := strings.TrimSpace(doc.Find("form tbody tr").Eq(0).Find("td").Eq(1).Text())
	site1 := strings.TrimSpace(doc.Find("form tbody tr").Eq(1).Find("td").Eq(1).Text())
	if site0 == "" || site1 == "" {
		t.Fatalf("the site's players are not shown: %s", text(doc))
	}

	// A member the club knows by the site's name for seat 2.
	zhu := e.browser()
	zhu.signIn("zhu@example.org")
	u, err := e.store.UserByEmail(ctx, "zhu@example.org")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.store.UpdateProfile(ctx, u.ID, site1, "en", u.Notify); err != nil {
		t.Fatal(err)
	}
	code, doc = boss.upload("/admin/import", map[string]string{"csrf": csrfOf(t, boss)}, log)
	if code != http.StatusOK {
		t.Fatalf("step one again: %d %s", code, text(doc))
	}
	val := func(name string) string {
		v, _ := doc.Find(`input[name="` + name + `"]`).Attr("value")
		return v
	}
	if val("email1") != "zhu@example.org" || val("name1") != site1 || val("email0") != "" || val("name0") != "" {
		t.Errorf("the member named %q is not matched to seat 2 alone: name0=%q email0=%q name1=%q email1=%q",
			site1, val("name0"), val("email0"), val("name1"), val("email1"))
	}
	if strings.Contains(doc.Find(`form[action="/admin/import"] tbody`).Text(), "a member") != true {
		t.Errorf("the form does not say seat 2 is a member: %s", doc.Find("form tbody").Text())
	}

	// A seat without a name is asked again, nothing is created.
	code, again := boss.submit(doc, `form[action="/admin/import"]`, map[string]string{"email0": "ann@example.org"})
	if code != http.StatusOK || again.Find(`input[name="name0"]`).Length() != 1 || strings.HasPrefix(boss.last.Request.URL.Path, "/games/") {
		t.Fatalf("a seat without a name: %d %s", code, text(again))
	}
	code, doc = boss.submit(doc, `form[action="/admin/import"]`, map[string]string{
		"name0": "Ann Lee", "email0": "ann@example.org", "name1": "Zhu Wei"})
	if code != http.StatusOK || !strings.HasPrefix(boss.last.Request.URL.Path, "/games/") {
		t.Fatalf("step two: %d %s", code, text(doc))
	}
	var id int64
	fmt.Sscanf(boss.last.Request.URL.Path, "/games/%d", &id)
	seats, err := e.store.Seats(ctx, id)
	if err != nil || len(seats) != 2 || seats[0].Name != "Ann Lee" || seats[1].Name != "Zhu Wei" || seats[1].UserID != u.ID {
		t.Fatalf("seats %+v (%v), want Ann Lee and Zhu Wei (member %d)", seats, err, u.ID)
	}
	ann, err := e.store.UserByEmail(ctx, "ann@example.org")
	if err != nil || ann.DisplayName != "Ann Lee" {
		t.Errorf("the member the import created is called %q (%v), want Ann Lee", ann.DisplayName, err)
	}
	page := doc.Find("main").Text()
	if !strings.Contains(page, "Ann Lee") || !strings.Contains(page, "Zhu Wei") {
		t.Errorf("the game page does not name the players: %s", page)
	}
	told := 0
	for _, m := range sentMails(t, e) {
		if m.ToAddr != "ann@example.org" && m.ToAddr != "zhu@example.org" || !strings.Contains(m.Subject, "Imperial") {
			continue
		}
		told++
		// Zhu's greeting is her own name in the club, which is the site's.
		_, body, _ := strings.Cut(m.Body, "\n")
		if m.ToAddr == "ann@example.org" {
			body = m.Body
		}
		for _, site := range []string{site0, site1} {
			if strings.Contains(body, site) || strings.Contains(m.Subject, site) {
				t.Errorf("a mail to %s names a player by the site's id %q: %s\n%s", m.ToAddr, site, m.Subject, m.Body)
			}
		}
		if !strings.Contains(m.Body, "Ann Lee") && !strings.Contains(m.Body, "Zhu Wei") {
			t.Errorf("a mail to %s names no player: %s", m.ToAddr, m.Body)
		}
	}
	if told == 0 {
		t.Errorf("nobody was told the imported game is theirs to play")
	}
}

// TestImportedGameSpeaksPlainly: an imported game's page, its history and
// the import form point nobody at files of the source or commands: they
// say in words what the record is and where the game came from.
func TestImportedGameSpeaksPlainly(t *testing.T) {
	t.Parallel()
	e := newArchiveEnv(t)
	actions := siteActions(t, "site/finished-europe-p2.json.gz")
	id, doc := importFinishedPage(t, e, mustJSON(actions), "ann@example.org", "cy@example.org")
	boss := e.browser()
	boss.signIn("boss@example.org")
	_, hist := boss.get(fmt.Sprintf("/games/%d/history", id))
	_, form := boss.get("/admin/import")
	for name, d := range map[string]*goquery.Document{"game page": doc, "history": hist, "import form": form} {
		page := d.Find("main").Text()
		for _, bad := range []string{"docs/", ".md", "rondel replay", "go run"} {
			if strings.Contains(page, bad) {
				t.Errorf("the %s says %q: %s", name, bad, page)
			}
		}
	}
	if !strings.Contains(doc.Find("section.downloads").Text(), "another club") {
		t.Errorf("the finished game does not say what its record is for: %s", doc.Find("section.downloads").Text())
	}
}
