package main

import (
	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/imperial/playimperial"
)

// registry lists every game this build of Rondel hosts, and beside them
// the importers that translate other sites' logs into those games.
func registry() *game.Registry {
	games := hostedGames()
	return game.NewRegistry(games...).WithImporters(hostedImporters(games)...)
}

func hostedGames() []game.Game {
	return []game.Game{
		imperial.New(),
		imperial.New2030(),
		caesar.New(),
	}
}

func hostedImporters(games []game.Game) []game.Importer {
	return []game.Importer{
		playimperial.NewImporter(games...),
	}
}
