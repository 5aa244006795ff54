package store

import "testing"

// HashToken is a token's SHA-256 in lower-case hex, as sessions and links
// already stored hold it.
func TestHashTokenIsHexSHA256(t *testing.T) {
	const want = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	if got := HashToken("abc"); got != want {
		t.Errorf("HashToken(abc) = %s, want %s", got, want)
	}
}
