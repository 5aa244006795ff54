package game

// Records and sealed hashes written before words were data (game record
// format version 1, see docs/game-record.md) hashed states and kept
// results that held English sentences. An engine whose state or result
// held words then implements these optional interfaces, so that such old
// games keep verifying: package record's HashFor and ResultFor use them
// for version 1 and the plain contract for every later version.

// StateV1 gives a state's JSON exactly as version 1 wrote it (its words as
// the English sentences the engine wrote then, frozen in code so that no
// change of the catalogue can alter an old hash).
type StateV1 interface {
	MarshalJSONV1() ([]byte, error)
}

// ResultV1 gives a finished game's result as version 1 recorded it, its
// tie-break as the English sentence written then (words.Raw). Nil until
// the game is over.
type ResultV1 interface {
	ResultV1() *Result
}
