package imperial

import (
	"rondel/game"
	"rondel/game/imperial/board"
)

// Imperial 2030 (rule book 002) is the same engine on another map: the map,
// its canals, its tax chart with fixed bonuses and its set-up tables are
// data (board/data/world2030.yaml); the few rules that differ are typed
// switches in Rules, set here from the game id and its options:
//   - RondelPowerFee: each extra rondel space costs 1 + power factor;
//   - Taxation2030: the treasury receives the whole revenue and pays
//     soldiers' pay, then the government's bonus (taxsteps.go);
//   - canals (canal.go) apply wherever the map has canals.
// Russia moving first and the investor card going left of Russia's
// government (else China's) follow from the order of the nations in the
// data and its first_nation_fallback.

const (
	mapWorld2030 = "world2030"
	edition2006  = "2006"
)

// New2030 returns the game "imperial2030".
func New2030() *Game {
	return &Game{id: "imperial2030", mapName: mapWorld2030}
}

var specEdition = optionSpec("imperial", "edition", game.OptionChoice, "2010", "2010", edition2006)

var specBonusIncrease = optionSpec("imperial2030", "bonus_increase", game.OptionBool, "false")

// optionSpecs are the typed options of the game: the bond distribution and
// the investor card for both maps, the edition for Imperial, the bonus
// variant for Imperial 2030.
func (g *Game) optionSpecs() []game.OptionSpec {
	out := append([]game.OptionSpec(nil), specs...)
	if g.mapName == mapWorld2030 {
		return append(out, specBonusIncrease)
	}
	return append(out, specEdition)
}

// ruleSwitches sets the typed rule switches that the game and its
// normalized options imply.
func (g *Game) ruleSwitches(r *Rules, o game.Options) {
	if g.mapName == mapWorld2030 {
		r.RondelPowerFee = true
		r.Taxation2030 = true
		r.BonusIncrease = o.Bool("bonus_increase")
		return
	}
	r.FirstEdition = o["edition"] == edition2006
}

// loadBoard loads the map of a game with its edition's differences.
func loadBoard(r Rules) (*board.Board, error) {
	if r.FirstEdition {
		return board.LoadEdition(r.Map, edition2006)
	}
	if r.Site != nil && r.Site.SiteMap {
		return board.LoadEdition(r.Map, RulesetPlayImperial)
	}
	return board.Load(r.Map)
}
