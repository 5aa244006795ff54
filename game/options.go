package game

import (
	"slices"

	"rondel/game/words"
)

// Normalize checks opts against the specs and fills in defaults, so that the
// recorded options of a game are complete and explicit.
func Normalize(specs []OptionSpec, opts Options) (Options, error) {
	out := Options{}
	for name := range opts {
		if !slices.ContainsFunc(specs, func(s OptionSpec) bool { return s.Name == name }) {
			return nil, words.Fail(words.New("game.error.option_unknown").Lit("option", name))
		}
	}
	for _, s := range specs {
		v, ok := opts[s.Name]
		if !ok {
			v = s.Default
		}
		switch s.Kind {
		case OptionBool:
			if v != "true" && v != "false" {
				return nil, words.Fail(words.New("game.error.option_bool").Sub("option", s.Label).Lit("value", v))
			}
		case OptionChoice:
			if !slices.Contains(s.Choices, v) {
				return nil, words.Fail(words.New("game.error.option_choice").Sub("option", s.Label).Lit("value", v))
			}
		default:
			return nil, words.Fail(words.New("game.error.option_unknown").Lit("option", s.Name))
		}
		out[s.Name] = v
	}
	return out, nil
}

// NormalizeImported is Normalize for the setup of an imported game: it
// also accepts the game's import options, and keeps them only where set.
func NormalizeImported(info Info, opts Options) (Options, error) {
	base, extra := Options{}, Options{}
	for k, v := range opts {
		if slices.ContainsFunc(info.ImportOptions, func(s OptionSpec) bool { return s.Name == k }) {
			extra[k] = v
		} else {
			base[k] = v
		}
	}
	out, err := Normalize(info.Options, base)
	if err != nil {
		return nil, err
	}
	for _, s := range info.ImportOptions {
		v, ok := extra[s.Name]
		if !ok {
			continue
		}
		if s.Kind != OptionChoice || !slices.Contains(s.Choices, v) {
			return nil, words.Fail(words.New("game.error.option_choice").Sub("option", s.Label).Lit("value", v))
		}
		out[s.Name] = v
	}
	return out, nil
}

// Bool reads a normalized bool option.
func (o Options) Bool(name string) bool { return o[name] == "true" }

// CheckPlayers validates the number and names of players for info.
func CheckPlayers(info Info, players []string) error {
	if n := len(players); n < info.MinPlayers || n > info.MaxPlayers {
		return words.Fail(words.New("game.error.players_count").Sub("game", info.Name).
			Num("min", info.MinPlayers).Num("max", info.MaxPlayers).Count(n))
	}
	seen := map[string]bool{}
	for _, p := range players {
		if p == "" {
			return words.Fail(words.New("game.error.player_unnamed"))
		}
		if seen[p] {
			return words.Fail(words.New("game.error.players_same_name").Lit("name", p))
		}
		seen[p] = true
	}
	return nil
}
