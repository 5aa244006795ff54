package record_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/record"
	"rondel/game/words"
)

// takeaway plays n moves of the take-away game, the third by the caretaker.
func takeaway(t *testing.T, n int) *record.Record {
	t.Helper()
	reg := gametest.Registry()
	setup := game.Setup{Players: []string{"Anna", "Ben"}, Options: game.Options{"size": "small", "votes": "false"}, Seed: 4}
	rec := record.New(gametest.ID, setup)
	g, _ := reg.Get(gametest.ID)
	s, err := g.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n && !s.Finished(); i++ {
		seat, mv, ok := gametest.FirstMove(s)
		if !ok {
			t.Fatal("no move")
		}
		m := record.Move{Seat: seat, Move: mv}
		if i == 2 {
			m.By, m.Note = "caretaker", "timed out"
		}
		rec.Moves = append(rec.Moves, m)
		if s, _, err = s.Apply(seat, mv); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

func TestReadableLog(t *testing.T) {
	reg := gametest.Registry()
	rec := takeaway(t, 4)
	var buf bytes.Buffer
	if err := record.WriteReadable(&buf, reg, rec, words.English()); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	head, moves, ok := strings.Cut(out, "\n\n")
	if !ok {
		t.Fatalf("no blank line after the header:\n%s", out)
	}
	for _, want := range []string{`[Game "Take-away"]`, `[Players "1. Anna, 2. Ben"]`, `[Options "size=small, votes=false"]`, `[Moves "4"]`, `[Result "unfinished"]`} {
		if !strings.Contains(head, want) {
			t.Errorf("header lacks %s:\n%s", want, head)
		}
	}
	lines := strings.Split(strings.TrimSuffix(moves, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d move lines, want 4:\n%s", len(lines), moves)
	}
	line := regexp.MustCompile(`^(\d+)\. (Anna|Ben)(, caretaker)?: \S.*$`)
	for i, l := range lines {
		m := line.FindStringSubmatch(l)
		if m == nil || m[1] != fmt.Sprint(i+1) || (m[3] != "") != (i == 2) {
			t.Errorf("line %d: %q", i+1, l)
		}
	}
	if !strings.HasSuffix(lines[2], "{timed out}") {
		t.Errorf("the caretaker's note is missing: %q", lines[2])
	}

	// A finished game lists the players by place.
	done := takeaway(t, 200)
	buf.Reset()
	if err := record.WriteReadable(&buf, reg, done, words.English()); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`\[Result "1\. (Anna|Ben) \d+, 2\. (Anna|Ben) \d+"\]`).MatchString(buf.String()) {
		t.Errorf("finished header: %s", strings.SplitN(buf.String(), "\n\n", 2)[0])
	}

	// A move the engine refuses is named, and nothing is written.
	rec.Moves[1].Move = json.RawMessage(`{"pile":"C","take":1}`)
	buf.Reset()
	if err := record.WriteReadable(&buf, reg, rec, words.English()); err == nil || !strings.Contains(err.Error(), "move 2") || buf.Len() != 0 {
		t.Errorf("refused move: %v, wrote %q", err, buf.String())
	}
}

// The log is said in the reader's language: the game's name, the events,
// who acted for a player, an unfinished result. Tags stay ASCII keys.
func TestReadableLogLanguages(t *testing.T) {
	reg := gametest.Registry()
	rec := takeaway(t, 4)
	for lang, want := range map[string][]string{
		"de": {`[Game "Wegnehmen"]`, `[Result "nicht beendet"]`, "Anna nimmt", "Ben, Vertretung: ", " {timed out}"},
		"zh": {`[Game "取石子"]`, `[Result "未结束"]`, "Anna从", "Ben，代管：", " {timed out}"},
	} {
		var buf bytes.Buffer
		if err := record.WriteReadable(&buf, reg, rec, words.Default().Speaker(lang, nil)); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s log lacks %q:\n%s", lang, w, out)
			}
		}
		if strings.Contains(out, "[takeaway.") || strings.Contains(out, "caretaker") {
			t.Errorf("%s log has a code or an English word:\n%s", lang, out)
		}
	}
}

// A note kept as words (words.Encode, as notify writes the caretaker's
// reason) is said in the reader's language.
func TestReadableLogSaysNotesInWords(t *testing.T) {
	reg := gametest.Registry()
	rec := takeaway(t, 4)
	rec.Moves[2].Note = words.Encode(words.New("takeaway.caretaker"))
	for lang, want := range map[string]string{
		"en": " {the caretaker makes the first legal move}",
		"de": " {die Vertretung macht den ersten erlaubten Zug}",
	} {
		var buf bytes.Buffer
		if err := record.WriteReadable(&buf, reg, rec, words.Default().Speaker(lang, nil)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), want) {
			t.Errorf("%s log lacks %q:\n%s", lang, want, buf.String())
		}
	}
}
