package handlers

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/words"
)

// legal is groups of each moves on the board ("army in city g" to "place
// k").
func legal(groups, each int) []game.LegalMove {
	var out []game.LegalMove
	for g := range groups {
		for k := range each {
			out = append(out, game.LegalMove{Move: json.RawMessage(fmt.Sprintf(`{"g":%d,"k":%d}`, g, k)),
				Label: words.Raw(fmt.Sprintf("to place %d", k)), Group: words.Raw(fmt.Sprintf("army in city %d", g)),
				Board: &game.BoardAct{Pick: fmt.Sprintf("city=c%d", g), Target: fmt.Sprintf("place=p%d", k)}})
		}
	}
	return out
}

// alone is a move alone in its group, on the board or not.
func alone(name string, onBoard bool) game.LegalMove {
	m := game.LegalMove{Move: json.RawMessage(`{"type":"` + name + `"}`), Label: words.Raw(name), Group: words.Raw(name)}
	if onBoard {
		m.Board = &game.BoardAct{Pick: "city=" + name}
	}
	return m
}

func plus(a []game.LegalMove, more ...game.LegalMove) []game.LegalMove {
	return append(append([]game.LegalMove{}, a...), more...)
}

func TestBuildForm(t *testing.T) {
	t.Parallel()
	end := alone("end", false)
	end.Pass = true
	peace := alone("peace", false)
	peace.Pass = true
	fight := func(n int) []game.LegalMove {
		var out []game.LegalMove
		for i := range n {
			m := alone(fmt.Sprintf("fight %d", i), false)
			m.Group = words.Raw("battle")
			out = append(out, m)
		}
		return out
	}
	cases := []struct {
		name                  string
		moves                 []game.LegalMove
		focus                 string
		groups, pick, buttons int
		shown                 int // moves in the groups shown
		back                  bool
	}{
		{"few moves: all radios by group", legal(3, 4), "", 3, 0, 0, 12, false},
		{"one group of 40: one list", legal(1, 40), "", 1, 0, 0, 40, false},
		{"one group of 95: three parts to pick from", legal(1, 95), "", 0, 3, 0, 0, false},
		{"many moves: pick a group first", legal(6, 8), "", 0, 6, 0, 0, false},
		{"many moves, group chosen", legal(6, 8), groupID(words.Raw("army in city 2").Key()), 1, 0, 0, 8, true},
		{"many moves, unknown group", legal(6, 8), "army in nowhere", 0, 6, 0, 0, false},
		{"End the maneuver: a button beside the picks", plus(legal(6, 8), end), "", 0, 6, 1, 0, false},
		{"End the maneuver: a button beside a chosen group", plus(legal(6, 8), end), groupID(words.Raw("army in city 1").Key()), 1, 0, 1, 8, true},
		{"End the maneuver: a button beside few moves", plus(legal(2, 3), end), "", 2, 0, 1, 6, false},
		{"a move alone on the board stays a choice", plus(legal(2, 3), alone("ravenna", true)), "", 3, 0, 0, 7, false},
		{"moves alone in their groups are choices", []game.LegalMove{alone("a", false), alone("b", false), end}, "", 2, 0, 1, 2, false},
		{"a question: a button per answer", plus(fight(2), peace), "", 0, 0, 3, 0, false},
		{"a question of one answer", []game.LegalMove{end}, "", 0, 0, 1, 0, false},
		{"too many answers for a question", plus(fight(4), peace), "", 1, 0, 1, 4, false},
	}
	for _, c := range cases {
		f := buildForm(words.English(), "/games/7", 12, []string{"Move"}, c.moves, nil, c.focus)
		shown := 0
		for _, g := range f.Groups {
			shown += len(g.Moves)
			if len(g.Moves) > listLimit {
				t.Errorf("%s: a list of %d moves", c.name, len(g.Moves))
			}
		}
		if len(f.Groups) != c.groups || len(f.Pick) != c.pick || len(f.Buttons) != c.buttons || shown != c.shown ||
			(f.BackURL != "") != c.back || f.Seq != 12 {
			t.Errorf("%s: %d groups of %d moves, %d picks, %d buttons, back %q", c.name, len(f.Groups), shown, len(f.Pick), len(f.Buttons), f.BackURL)
		}
		if c.buttons > 0 && f.Buttons[len(f.Buttons)-1].Label != "end" && f.Buttons[len(f.Buttons)-1].Label != "peace" {
			t.Errorf("%s: button %+v", c.name, f.Buttons[0])
		}
		picked := 0
		for _, p := range f.Pick {
			picked += p.Count
			if !strings.Contains(p.Link, "?group="+p.ID) || len(p.Moves) != 0 {
				t.Errorf("%s: pick %q links to %s", c.name, p.Name, p.Link)
			}
		}
		if f.Pick != nil && picked+len(f.Buttons) != len(c.moves) {
			t.Errorf("%s: the picks hold %d of %d moves", c.name, picked, len(c.moves))
		}
		onBoard := 0
		for _, m := range c.moves {
			if m.Board != nil {
				onBoard++
			}
		}
		if len(f.Acts) != onBoard {
			t.Errorf("%s: %d moves for the board's script, %d on the board", c.name, len(f.Acts), onBoard)
		}
	}
	parts := buildForm(words.English(), "/games/7", 12, nil, legal(1, 95), nil, "").Pick
	for i, want := range []string{"army in city 0 (1 of 3)", "army in city 0 (2 of 3)", "army in city 0 (3 of 3)"} {
		if parts[i].Name != want || parts[i].Count < 31 || parts[i].Count > 32 {
			t.Errorf("part %d: %q with %d moves", i, parts[i].Name, parts[i].Count)
		}
	}
}

// A withheld move is shown in its group, disabled, with why; the board's
// script gets it without a move.
func TestBuildFormWithheld(t *testing.T) {
	t.Parallel()
	moves := legal(1, 3)
	held := []game.Withheld{{Label: words.Raw("to place 9"), Group: words.Raw("army in city 0"), Why: words.Raw("too far"),
		Board: &game.BoardAct{Pick: "city=c0", Target: "place=p9"}}}
	f := buildForm(words.English(), "/games/7", 12, nil, moves, held, "")
	if len(f.Groups) != 1 || len(f.Groups[0].Moves) != 4 || f.Groups[0].Count != 3 {
		t.Fatalf("groups %+v", f.Groups)
	}
	if w := f.Groups[0].Moves[3]; w.Why != "too far" || w.Value != "" || w.Label != "to place 9" {
		t.Errorf("the withheld move reads %+v", w)
	}
	if len(f.Acts) != 4 || f.Acts[3].Why != "too far" || f.Acts[3].Value != "" || f.Acts[3].Target != "place=p9" {
		t.Errorf("acts %+v", f.Acts)
	}
}

// Moves are grouped by their group's identity, and each group is named in
// the reader's language; a group's link id is the same in every language.
func TestBuildFormGroupsByText(t *testing.T) {
	t.Parallel()
	pile := func(p int) words.Text {
		return words.New("takeaway.group.pile").Term("pile", "takeaway.pile."+string(rune('a'+p)))
	}
	var moves []game.LegalMove
	for i := range 40 {
		moves = append(moves, game.LegalMove{Move: json.RawMessage(fmt.Sprintf(`{"i":%d}`, i)),
			Label: words.New("takeaway.move.take").Num("count", 1+i%3), Group: pile(i % 2)})
	}
	links := map[string]string{}
	for _, lang := range words.Languages {
		f := buildForm(words.Default().Speaker(lang, nil), "/games/7", 3, nil, moves, nil, "")
		if len(f.Pick) != 2 {
			t.Fatalf("%s: %d groups, want 2", lang, len(f.Pick))
		}
		for i, g := range f.Pick {
			if strings.HasPrefix(g.Name, "[") || g.Count != 20 {
				t.Errorf("%s: group %q with %d moves", lang, g.Name, g.Count)
			}
			if prev, ok := links[fmt.Sprint(i)]; ok && prev != g.Link {
				t.Errorf("%s: group %d links to %s, in another language to %s", lang, i, g.Link, prev)
			}
			links[fmt.Sprint(i)] = g.Link
		}
	}
}
