package imperial

import (
	"strings"

	"rondel/game/words"
)

// Every word the board picture shows comes from the catalogue
// (game/words/locales/imperial-board.*.toml, keys imperial.board.<phrase>),
// said by the speaker BoardSVG was given. The drawing code names a phrase
// and passes its arguments in order; this table names those arguments
// (the catalogue's placeholders) for each phrase that has any. Names of
// regions, nations and players come from the map data and the game.

var boardArgs = map[string][]string{
	"title.europe": {"round"}, "title.world2030": {"round"},
	"banner.turn": {"round", "nation", "act"}, "banner.over": {"places"},
	"banner.place": {"place", "player", "score"}, "act.who": {"who", "question"},
	"tip.region": {"region", "facts"}, "tip.home": {"nation", "factory", "built"},
	"tip.port": {"sea"}, "tip.flag": {"nation"}, "tip.canal": {"canal", "a", "b"},
	"tip.units": {"nation", "units"}, "wrap.to": {"region"}, "wrap.tip": {"a", "b"},
	"connector.strait": {"a", "b"}, "connector.canal": {"canal", "a", "b", "control"},
	"rondel.marker": {"nation", "space"}, "power.times": {"factor"}, "tax.gain": {"tax", "points"},
	"power.cell": {"power", "factor"}, "player.you": {"name"}, "player.acting": {"name"},
	"bonds.sum": {"total", "count"}, "bonds.tip": {"nation", "bonds", "total"},
}

// boardPhrase is the catalogue key of a phrase of the picture. The rondel's
// spaces are the game's own terms: both Production spaces read
// "Production" on the wheel.
func boardPhrase(key string) string {
	if slot, ok := strings.CutPrefix(key, "slot."); ok {
		return "imperial.slot." + strings.TrimRight(slot, "12")
	}
	return "imperial.board." + key
}

// say returns a phrase of the picture with its arguments (numbers as int,
// words as string, money as words.Arg) in the board's language.
func (s *State) say(key string, args ...any) string {
	names := boardArgs[key]
	pairs := make([]any, 0, 2*len(args))
	for i, a := range args {
		if i < len(names) {
			pairs = append(pairs, names[i], a)
		}
	}
	return s.speaker().T(boardPhrase(key), pairs...)
}

// sayCount returns "1 army", "3 armies" in the board's language.
func (s *State) sayCount(key string, n int) string {
	return s.speaker().Say(words.New(boardPhrase(key)).Count(n))
}

// money says an amount on the board ("9M", "9 Mio.").
func (s *State) money(n int) string { return s.speaker().Arg(words.Money(n)) }

// sayList joins phrases as the picture lists them.
func sayList(parts []string) string { return strings.Join(parts, "; ") }
