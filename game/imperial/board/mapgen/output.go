package main

import (
	"encoding/json"

	"rondel/game/imperial/board"
)

func encodeShapes(s *board.Shapes) ([]byte, error) {
	return json.MarshalIndent(s, "", " ")
}
