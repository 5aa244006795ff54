package main

import (
	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
)

// registry lists every game this build of Rondel hosts.
func registry() *game.Registry {
	return game.NewRegistry(hostedGames()...)
}

func hostedGames() []game.Game {
	return []game.Game{
		imperial.New(),
		imperial.New2030(),
		caesar.New(),
	}
}
