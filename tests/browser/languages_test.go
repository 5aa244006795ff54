package browser

import (
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/store"
)

// codeRE finds what a page must never show a reader: a message id (said
// in brackets when the catalogue lacks it, or leaked bare), a decision
// kind, a rondel space by its id.
var codeRE = regexp.MustCompile(`\[[a-z0-9_]+\.[a-zA-Z0-9_.-]+\]|\b(pages|summary|imperial|imperial2030|format|game|store)\.[a-z_]+\.[a-zA-Z0-9_.-]+|force-investor|production[12]|maneuver[12]|\{\{`)

// TestImperialInGermanAndChinese shows an Imperial game in the middle of
// play to a player who reads German, then Chinese, at a laptop's and a
// phone's width. The pages say <html lang>, show no internal code, say
// the engine's words in the language (not English), and fit the phone's
// screen. The screenshots stay in testdata-artifacts/browser/languages.
func TestImperialInGermanAndChinese(t *testing.T) {
	r := startGame(t, game.NewRegistry(imperial.New()), "imperial", "Freitagsrunde", 11, nil)
	r.dir, _ = filepath.Abs("../../testdata-artifacts/browser/languages")
	// Into the game: bonds are bought, nations have moved on the rondel and
	// built, so the board, the situation and the decision have words.
	var seat int
	moves := 0
	r.playUntil(func(d game.Decision, legal []game.LegalMove) bool {
		moves++
		seat = d.Seat
		return moves > 40 && len(legal) > 1
	})
	ctx := context.Background()
	english := r.shoot(r.page("imperial-en-1280", seat, "", 1280))["imperial-en-1280"]
	for _, lang := range []string{"de", "zh"} {
		u := r.seats[seat]
		if err := r.st.UpdateProfile(ctx, u.UserID, u.Name, lang, store.NotifyEach); err != nil {
			t.Fatal(err)
		}
		other := func(name, path string) shot {
			return shot{Name: name + "-" + lang + "-390", Path: path, Session: r.sessions[seat], Width: 390, Height: 900, NoBoard: true}
		}
		seen := r.shoot(r.page("imperial-"+lang+"-1280", seat, "", 1280), r.page("imperial-"+lang+"-390", seat, "", 390),
			other("new-game", "/games/new"), other("games", "/"), other("history", "/games/"+strconv.FormatInt(r.gameID, 10)+"/history"))
		for name, p := range seen {
			if p.Lang != lang {
				t.Errorf("%s: <html lang=%q>", name, p.Lang)
			}
			if m := codeRE.FindAllString(p.Text, 5); len(m) > 0 {
				t.Errorf("%s shows internal codes %q", name, m)
			}
			if !strings.HasPrefix(name, "imperial-") {
				continue // the other pages: their language, no code, no overflow
			}
			if len(p.Prompts) == 0 || len(p.Prompts) != len(english.Prompts) {
				t.Fatalf("%s: prompts %q, in English %q", name, p.Prompts, english.Prompts)
			}
			for i, prompt := range p.Prompts {
				if prompt == english.Prompts[i] {
					t.Errorf("%s: the question reads as in English: %q", name, prompt)
				}
			}
			if strings.Contains(p.Text, "Your decision") || strings.Contains(p.Text, "Play this move") {
				t.Errorf("%s: English words on the page: %.300s", name, p.Text)
			}
		}
	}
}
