package playimperial

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/game/record"
)

func newImporter() *Importer { return NewImporter(imperial.New(), imperial.New2030()) }

// TestImporterEndsAsTheSiteEnded: a log that ended on the site imports as
// a finished game under the site's rules if their replay ends it too, and
// carries a refusal with the reason otherwise; a plain list whose replay
// under the site's rules ends at its last entry is a finished game too
// (never one in play); a log still in play imports under the rule book.
func TestImporterEndsAsTheSiteEnded(t *testing.T) {
	finished := siteLog(t, "finished-europe-p2.json.gz")
	var actions []json.RawMessage
	if err := json.Unmarshal(finished, &actions); err != nil {
		t.Fatal(err)
	}
	over := func(list []json.RawMessage) []byte {
		b, _ := json.Marshal(map[string]any{"actions": list, "final": map[string]bool{"game_over": true}})
		return b
	}
	list := func(l []json.RawMessage) []byte { b, _ := json.Marshal(l); return b }
	for _, tc := range []struct {
		name     string
		data     []byte
		ended    int
		finished bool
		refusal  string
	}{
		{"over here and there", over(actions), len(actions), true, ""},
		{"over here, log silent", finished, len(actions) - 1, true, ""},
		{"in play", list(actions[:300]), -1, false, ""},
		// An entry after the end: not the site's end, so not under its
		// rules; the rule book's end is not shown as the result.
		{"over under the rule book only", list(append(actions[:len(actions):len(actions)], json.RawMessage(rondel("AH", "factory")))), -1, true, "the rule book's result is not the game's"},
		{"over there only (trace)", over(actions[:300]), 300, false, "ended on playimperial.club (log entry 300)"},
		{"over there only (endGame)", list(append(actions[:300:300], json.RawMessage(`{"type":"endGame"}`))), 300, false, "no nation has 25 power points"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			im, err := newImporter().Import(tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if im.Ended != tc.ended || im.Final.Finished() != tc.finished {
				t.Errorf("ended at %d, finished %v; want %d, %v", im.Ended, im.Final.Finished(), tc.ended, tc.finished)
			}
			if site := im.Setup.Options[imperial.RulesetOption] == imperial.RulesetPlayImperial; site != (im.Ended >= 0) {
				t.Errorf("setup %v: under the site's rules %v, want %v", im.Setup.Options, site, im.Ended >= 0)
			}
			if (tc.refusal == "") != (im.Refusal == "") || !strings.Contains(im.Refusal, tc.refusal) {
				t.Errorf("refusal %q, want %q", im.Refusal, tc.refusal)
			}
			final, err := record.Replay(game.NewRegistry(imperial.New()), record.FromImported(im))
			if err != nil {
				t.Fatal(err)
			}
			a, _ := final.MarshalJSON()
			b, _ := im.Final.MarshalJSON()
			if string(a) != string(b) {
				t.Error("the imported moves replay to another position")
			}
		})
	}
}

func TestImporterRefusesWhatItCannotRead(t *testing.T) {
	if _, err := newImporter().Import([]byte("not json")); !errors.Is(err, game.ErrForeignFormat) {
		t.Errorf("err %v, want ErrForeignFormat", err)
	}
	if _, err := newImporter().Import([]byte(`{"format":"rondel-game-record"}`)); !errors.Is(err, game.ErrForeignFormat) {
		t.Errorf("a Rondel record: err %v, want ErrForeignFormat", err)
	}
	only := NewImporter(imperial.New())
	if _, err := only.Import(siteLog(t, "canal-2030.json")); err == nil || errors.Is(err, game.ErrForeignFormat) {
		t.Errorf("a 2030 log without Imperial 2030: err %v", err)
	}
}
