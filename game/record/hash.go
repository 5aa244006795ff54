package record

import (
	"crypto/sha256"
	"encoding/hex"

	"rondel/game"
)

// Hash returns the SHA-256 of a state's JSON, hex encoded. Engines encode
// deterministically, so equal states give equal hashes.
func Hash(s game.State) (string, error) {
	b, err := s.MarshalJSON()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}
