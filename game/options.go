package game

import (
	"fmt"
	"slices"
)

// Normalize checks opts against the specs and fills in defaults, so that the
// recorded options of a game are complete and explicit.
func Normalize(specs []OptionSpec, opts Options) (Options, error) {
	out := Options{}
	for name := range opts {
		if !slices.ContainsFunc(specs, func(s OptionSpec) bool { return s.Name == name }) {
			return nil, fmt.Errorf("unknown option %q", name)
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
				return nil, fmt.Errorf("option %s must be true or false, not %q", s.Name, v)
			}
		case OptionChoice:
			if !slices.Contains(s.Choices, v) {
				return nil, fmt.Errorf("option %s must be one of %v, not %q", s.Name, s.Choices, v)
			}
		default:
			return nil, fmt.Errorf("option %s has unknown kind %q", s.Name, s.Kind)
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
		return fmt.Errorf("%s needs %d to %d players, not %d", info.Name, info.MinPlayers, info.MaxPlayers, n)
	}
	seen := map[string]bool{}
	for _, p := range players {
		if p == "" {
			return fmt.Errorf("a player has no name")
		}
		if seen[p] {
			return fmt.Errorf("two players are named %q", p)
		}
		seen[p] = true
	}
	return nil
}
