package record

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"rondel/game"
	"rondel/game/words"
)

// Hash returns the SHA-256 of a state's JSON, hex encoded, by the rule of
// the current format Version. Engines encode deterministically, so equal
// states give equal hashes.
func Hash(s game.State) (string, error) { return HashFor(Version, s) }

// HashFor returns the hash of s by the rule of record format version:
// version 1 hashed the state's JSON as it was before words were data (the
// engine's game.StateV1 form, if it has one), later versions hash
// MarshalJSON. A sealed hash or a record's state_hash is checked with the
// version it was written under.
func HashFor(version int, s game.State) (string, error) {
	b, err := stateJSON(version, s)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

func stateJSON(version int, s game.State) ([]byte, error) {
	if version == 1 {
		if old, ok := s.(game.StateV1); ok {
			return old.MarshalJSONV1()
		}
	}
	return s.MarshalJSON()
}

// ResultFor returns the result of s as a record (or a stored game) of
// format version holds it: version 1 results held the tie-break as English
// words, given by the engine's game.ResultV1 if it has one, else the
// tie-break said in English; later versions hold s.Result() as it is.
// Nil while the game is not over.
func ResultFor(version int, s game.State) *game.Result {
	if version != 1 {
		return s.Result()
	}
	if old, ok := s.(game.ResultV1); ok {
		return old.ResultV1()
	}
	r := s.Result()
	if r == nil || r.TieBreak.ID == "" {
		return r
	}
	c := *r // the engine's result may be its own: change a copy
	c.TieBreak = words.Raw(words.English().Say(r.TieBreak))
	return &c
}

// SameResult reports whether two results are the same, compared as their
// JSON (so nil and empty lists or field order make no difference).
func SameResult(a, b *game.Result) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// Check compares final, the state r's moves lead to, with what r records:
// its state_hash and result (when it has them), each by the rule of r's
// version. Import and the golden tests use it.
func (r *Record) Check(final game.State) error {
	if r.StateHash != "" {
		h, err := HashFor(r.Version, final)
		if err != nil {
			return err
		}
		if h != r.StateHash {
			return fmt.Errorf("record: the moves lead to another final state than recorded (hash %.12s…, recorded %.12s…)", h, r.StateHash)
		}
	}
	if r.Result == nil {
		return nil
	}
	if r.Ending == EndingAgreed {
		e, ok := final.(game.Ender)
		if !ok {
			return errors.New("record: the game was ended by agreement, but this engine cannot score an early end")
		}
		if got := e.EndNow(); !SameResult(r.Result, got) {
			a, _ := json.Marshal(r.Result)
			b, _ := json.Marshal(got)
			return fmt.Errorf("record: the agreed result %s differs from the position's score %s", a, b)
		}
		return nil
	}
	if !final.Finished() {
		return errors.New("record: the record has a result but its moves do not end the game")
	}
	if got := ResultFor(r.Version, final); !SameResult(r.Result, got) {
		a, _ := json.Marshal(r.Result)
		b, _ := json.Marshal(got)
		return fmt.Errorf("record: the result %s differs from the replay's %s", a, b)
	}
	return nil
}
