// Package playimperial reads game logs exported by playimperial.club and
// translates them into Rondel moves, replayed under Rondel's rules (the
// rule book's). The translation picks, for each log entry, the matching
// move among the engine's own legal moves, so nothing here bypasses the
// rules. The format is described in docs/playimperial-import.md.
package playimperial

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Entry is one action of the site's log.
type Entry struct {
	Type    string  `json:"type"`
	Payload Payload `json:"payload"`
}

// Payload holds every field any entry type uses.
type Payload struct {
	Players    []LogPlayer `json:"players"`
	Variant    *string     `json:"variant"`
	BaseGame   string      `json:"baseGame"`
	Nation     NationRef   `json:"nation"`
	Cost       int         `json:"cost"`
	Slot       string      `json:"slot"`
	Placements []struct {
		Province string `json:"province"`
		Type     string `json:"type"`
	} `json:"placements"`
	Province     string    `json:"province"`
	Player       string    `json:"player"`
	Origin       string    `json:"origin"`
	Destination  string    `json:"destination"`
	Incumbent    NationRef `json:"incumbent"`
	Challenger   NationRef `json:"challenger"`
	TargetType   string    `json:"targetType"`
	TradeInValue *int      `json:"tradeInValue"`
}

// LogPlayer is a player of the initialize entry.
type LogPlayer struct {
	ID     string    `json:"id"`
	Nation NationRef `json:"nation"`
}

// NationRef decodes the site's nation objects ({"value":"AH",...}) or a
// bare code.
type NationRef string

// UnmarshalJSON accepts an object with "value", a string or null.
func (n *NationRef) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*n = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*n = NationRef(s)
		return nil
	}
	var o struct {
		Value string `json:"value"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return fmt.Errorf("nation: %w", err)
	}
	*n = NationRef(o.Value)
	return nil
}

// Parse reads a log: either the site's plain list of actions or an object
// with an "actions" list (as in the sample traces). The site's engine
// appends endGame to its own log when a nation reaches 25 power points, but
// the stored list does not hold it (playimperial-log-format §1.3): where
// the wrapping object says the game is over (final.game_over, or endGame
// among engine_auto_entries), Parse appends that endGame entry, so a log
// that ended on the site always ends with endGame.
func Parse(data []byte) ([]Entry, error) {
	data = bytes.TrimSpace(data)
	var raw []json.RawMessage
	ended := false
	if len(data) > 0 && data[0] == '{' {
		var wrap struct {
			Actions []json.RawMessage `json:"actions"`
			Final   *struct {
				GameOver bool `json:"game_over"`
			} `json:"final"`
			Auto []struct {
				Entries []struct {
					Type string `json:"type"`
				} `json:"entries"`
			} `json:"engine_auto_entries"`
		}
		if err := json.Unmarshal(data, &wrap); err != nil {
			return nil, fmt.Errorf("playimperial log: %w", err)
		}
		raw = wrap.Actions
		ended = wrap.Final != nil && wrap.Final.GameOver
		for _, a := range wrap.Auto {
			for _, e := range a.Entries {
				ended = ended || e.Type == "endGame"
			}
		}
	} else if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("playimperial log: %w", err)
	}
	out := make([]Entry, 0, len(raw)+1)
	for i, r := range raw {
		var e Entry
		if err := json.Unmarshal(r, &e); err != nil {
			// Keep the entry as unknown: the site ignores what it cannot use.
			e = Entry{Type: "unreadable"}
		}
		if i == 0 && e.Type != "initialize" {
			return nil, fmt.Errorf("playimperial log: the first entry is %q, not initialize", e.Type)
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("playimperial log: no entries")
	}
	if ended && EndedAt(out) < 0 {
		out = append(out, Entry{Type: "endGame"})
	}
	return out, nil
}

// EndedAt is the index of the first endGame entry: where the game ended on
// the site. -1 if the log does not say the game is over.
func EndedAt(entries []Entry) int {
	for i, e := range entries {
		if e.Type == "endGame" {
			return i
		}
	}
	return -1
}

// GameID is the Rondel game a log belongs to.
func GameID(entries []Entry) string {
	if len(entries) > 0 && entries[0].Payload.BaseGame == "imperial2030" {
		return "imperial2030"
	}
	return "imperial"
}
