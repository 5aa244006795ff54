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

// boardSayings are the phrases a position's drawing says, made once for
// the program: each one's catalogue key, and the names of its arguments
// boxed as T takes them. A page's board says some two hundred phrases;
// making each key again, boxing each name and building each Text's
// arguments was an allocation each (issue 20). Keys not here (the map's
// own names) are made when said.
var boardSayings = func() map[string]boardSaying {
	keys := []string{"none", "rondel.free", "rondel.notyet", "role.investor", "role.card", "role.swiss",
		"tip.armaments", "tip.shipyard", "tip.built", "tip.notbuilt", "tip.impassable", "tip.empty", "battle.tip"}
	for k := range boardArgs {
		keys = append(keys, k)
	}
	for _, slot := range slotNames {
		keys = append(keys, "slot."+slot)
	}
	out := make(map[string]boardSaying, len(keys))
	for _, k := range keys {
		ph := boardSaying{id: boardPhrase(k)}
		for _, name := range boardArgs[k] {
			ph.names = append(ph.names, name)
		}
		out[k] = ph
	}
	return out
}()

// boardSaying is a phrase of the picture: its catalogue key and its
// arguments' names (boardArgs').
type boardSaying struct {
	id    string
	names []any // strings
}

// say returns a phrase of the picture with its arguments (numbers as int,
// words as string, money as words.Arg) in the board's language, named
// from boardArgs: what Speaker.T says for them (held to it by
// TestSayAsT), its pairs on the stack and its names boxed once.
func (s *State) say(key string, args ...any) string {
	ph, ok := boardSayings[key]
	if !ok {
		ph.id = boardPhrase(key)
		for _, name := range boardArgs[key] {
			ph.names = append(ph.names, name)
		}
	}
	n := min(len(args), len(ph.names))
	if n == 0 {
		return s.speaker().Say(words.New(ph.id))
	}
	var room [8]any
	pairs := room[:0]
	for i := range n {
		pairs = append(pairs, ph.names[i], args[i])
	}
	return s.speaker().T(ph.id, pairs...)
}

// sayCount returns "1 army", "3 armies" in the board's language.
func (s *State) sayCount(key string, n int) string {
	return s.speaker().Say(words.New(boardPhrase(key)).Count(n))
}

// money says an amount on the board ("9M", "9 Mio.").
func (s *State) money(n int) string { return s.speaker().Arg(words.Money(n)) }

// sayList joins phrases as the picture lists them.
func sayList(parts []string) string { return strings.Join(parts, "; ") }
