package browser

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/imperial"
)

// TestTalkInChromium: two players of an Imperial game exchange messages
// through the game page (one to the table, one to the other alone), and
// the player to act makes a move and takes it back, JavaScript off as in
// the plainest browser. The game page with its messages is checked by
// axe-core and photographed at a laptop's and a phone's width, where it
// must fit the screen. (axe-core runs in the page, so only with
// JavaScript on.) Screenshots stay in testdata-artifacts/browser/talk.
func TestTalkInChromium(t *testing.T) {
	reg := game.NewRegistry(imperial.New())
	srv := serve(t, reg, false)
	dir, _ := filepath.Abs("../../testdata-artifacts/browser/talk")
	r := srv.newGame("imperial", "Thursday club", 11, nil, 3)
	ctx := context.Background()
	pos, err := r.st.Current(ctx, r.gameID)
	if err != nil {
		t.Fatal(err)
	}
	mover := pos.State.ToAct()[0].Seat
	lm := pos.State.LegalMoves(mover)[0]
	game := r.path()
	long := "Austria-Hungary needs a fleet in the Adriatic before anyone else does, " +
		"and I will not invest unless someone promises me the Balkans. <b>Not bold</b>"
	tasks := []task{
		{Name: "ann writes", Session: r.sessions[0], Path: game, Width: 1280, JS: false, Steps: []step{
			{Fill: "#message-text", Value: long}, {Button: "Send message", Nav: true}, {Report: true},
		}},
		{Name: "bob answers", Session: r.sessions[1], Path: game + "#messages", Width: 1280, JS: false, Steps: []step{
			{Report: true}, {Fill: "#message-text", Value: "Only to you, Ann:\nagreed."}, {Select: "#message-to", Value: "0"},
			{Button: "Send message", Nav: true}, {Report: true},
		}},
		{Name: "take back", Session: r.sessions[mover], Path: game, Width: 1280, JS: false, Steps: []step{
			{Form: string(lm.Move), Group: r.english().Say(lm.Group), Nav: true}, {Report: true},
			{Button: "Take back my move", Nav: true}, {Report: true}, {Shot: "talk-took-back-1280"},
		}},
		{Name: "ann reads 1280", Session: r.sessions[0], Path: game + "#messages", Width: 1280, JS: true, Axe: true, Steps: []step{
			{Report: true}, {Axe: true}, {Shot: "talk-1280"},
		}},
		{Name: "ann reads 390", Session: r.sessions[0], Path: game + "#messages", Width: 390, Height: 844, JS: true, Axe: true, Steps: []step{
			{Report: true}, {Axe: true}, {Shot: "talk-390"},
		}},
		{Name: "cy watches 390", Session: r.sessions[2], Path: game + "#messages", Width: 390, Height: 844, JS: true, Axe: true, Steps: []step{
			{Report: true}, {Axe: true}, {Shot: "talk-cy-390"},
		}},
	}
	got := srv.act(dir, tasks)

	if seen := got["ann writes"].Seen; len(seen) != 1 || len(seen[0].Messages) != 1 || !strings.Contains(seen[0].Messages[0], "<b>Not bold</b>") {
		t.Errorf("Ann's message on the page: %+v", seen)
	}
	if seen := got["bob answers"].Seen; len(seen) != 2 || len(seen[0].Messages) != 1 || len(seen[1].Messages) != 2 ||
		!strings.Contains(seen[1].Messages[1], "to Ann alone") {
		t.Errorf("Bob's page: %+v", seen)
	}
	tb := got["take back"].Seen
	if len(tb) < 2 || !contains(tb[0].Buttons, "Take back my move") || !strings.Contains(tb[1].Notice, "You took back your move 1") ||
		contains(tb[1].Buttons, "Take back my move") {
		t.Errorf("the take-back: %+v", tb)
	}
	for _, name := range []string{"ann reads 1280", "ann reads 390"} {
		seen := got[name].Seen
		if len(seen) == 0 || len(seen[0].Messages) != 2 || !strings.Contains(seen[0].Messages[1], "to you alone") {
			t.Errorf("%s: %+v", name, seen)
		}
	}
	if seen := got["cy watches 390"].Seen; len(seen) == 0 || len(seen[0].Messages) != 1 {
		t.Errorf("Cy reads another's private message: %+v", seen)
	}
	for _, tk := range tasks {
		for _, s := range got[tk.Name].Seen {
			for _, v := range s.Axe {
				t.Errorf("%s: axe: %s (%s): %s\n  %s", tk.Name, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
			}
			if tk.Width == 390 && s.Axe == nil && s.ScrollWidth > 390 {
				t.Errorf("%s: the page is %d px wide on a 390 px phone", tk.Name, s.ScrollWidth)
			}
		}
	}
	moves, err := r.st.Moves(ctx, r.gameID)
	if err != nil || len(moves) != 2 || moves[0].TakeBack || !moves[1].TakeBack {
		t.Errorf("the log: %v %+v", err, moves)
	}
	ms, err := r.st.Messages(ctx, r.gameID, r.seats[0].UserID)
	if err != nil || len(ms) != 2 || !ms[1].Private() || ms[0].Body != long {
		t.Errorf("messages stored: %v %+v", err, ms)
	}
	if rep, err := r.st.Tools().Verify(ctx, false); err != nil || len(rep.Problems) > 0 {
		t.Errorf("verify: %v %v", err, rep.Problems)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
