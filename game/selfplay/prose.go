package selfplay

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"unicode"

	"rondel/game/words"
)

// ProseWords is how many words of an English message in a row count as
// prose: fewer may be data by chance (an id, a name).
const ProseWords = 3

// prosePhrases are the runs of ProseWords words of every English message
// of the catalogue, the words between its placeholders.
var prosePhrases = sync.OnceValue(func() map[string]string {
	sp := words.English()
	out := map[string]string{}
	for _, id := range words.Default().IDs(words.Languages[0]) {
		// Placeholders read "<no value>" without arguments; a plural
		// message reads its "other" form.
		for _, part := range strings.Split(sp.Say(words.New(id)), "<no value>") {
			toks := strings.Fields(part)
			for i := 0; i+ProseWords <= len(toks); i++ {
				run := toks[i : i+ProseWords]
				if allWords(run) {
					out[strings.Join(run, " ")] = id
				}
			}
		}
	}
	return out
})

func allWords(toks []string) bool {
	for _, t := range toks {
		if strings.IndexFunc(t, unicode.IsLetter) < 0 {
			return false
		}
	}
	return true
}

// Prose finds English words of the catalogue in a game state's JSON: each
// run of ProseWords words of a message found in its strings, with the
// message id. A state must hold data, not prose (docs/words.md), so the
// answer for every state an engine writes is nil.
func Prose(stateJSON []byte) ([]string, error) {
	var v any
	if err := json.Unmarshal(stateJSON, &v); err != nil {
		return nil, err
	}
	var texts []string
	collectStrings(v, &texts)
	var found []string
	for _, t := range texts {
		toks := strings.Fields(t)
		for i := 0; i+ProseWords <= len(toks); i++ {
			if id, ok := prosePhrases()[strings.Join(toks[i:i+ProseWords], " ")]; ok {
				found = append(found, fmt.Sprintf("%q (from %s)", t, id))
				break
			}
		}
	}
	return found, nil
}

// collectStrings gathers every string of a decoded JSON value, keys too.
func collectStrings(v any, out *[]string) {
	switch x := v.(type) {
	case string:
		*out = append(*out, x)
	case []any:
		for _, e := range x {
			collectStrings(e, out)
		}
	case map[string]any:
		for k, e := range x {
			*out = append(*out, k)
			collectStrings(e, out)
		}
	}
}
