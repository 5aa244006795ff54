package caesar

import (
	"encoding/json"

	"rondel/game"
	"rondel/game/words"
)

// cityWords are a city's group text and board reference in one list.
type cityWords struct {
	group words.Text
	pick  string
}

// listScratch is what a list keeps in a lent game.MoveBuf (Scratch): the
// words of the cities its connections end in, found by city (at: index+1
// in words; 0: not made yet). A group's text says the city's treasure,
// which changes, so they are made again for every list.
type listScratch struct {
	at    []int16
	words []cityWords
}

// cityScratch is buf's listScratch, emptied for a board of so many cities.
func cityScratch(buf *game.MoveBuf, cities int) *listScratch {
	sc, ok := buf.Scratch.(*listScratch)
	if !ok {
		sc = &listScratch{}
		buf.Scratch = sc
	}
	if cap(sc.at) < cities {
		sc.at = make([]int16, cities)
	}
	sc.at = sc.at[:cities]
	clear(sc.at)
	clear(sc.words) // drop the old texts for the collector
	sc.words = sc.words[:0]
	return sc
}

// jsonSize is how many bytes appendMove writes for the connections (their
// strings plain): the buffer is made once, at its size.
func jsonSize(typ string, conns []connection) int {
	n := 0
	for _, c := range conns {
		n += len(`{"type":"","path":[]}`) + len(typ)
		for _, p := range c.path {
			n += len(p) + 3 // quotes and comma
		}
	}
	return n
}

// appendMove writes a move as Move.raw would into buf's JSON and returns
// it. The moves handed out before stay valid: appending never writes
// over them, and a grown buffer leaves them the old array.
func appendMove(buf *game.MoveBuf, typ string, path []string) json.RawMessage {
	start := len(buf.JSON)
	out, ok := append(buf.JSON, `{"type":`...), true
	out, ok = appendPlain(out, typ, ok)
	out = append(out, `,"path":[`...)
	for i, p := range path {
		if i > 0 {
			out = append(out, ',')
		}
		out, ok = appendPlain(out, p, ok)
	}
	out = append(out, "]}"...)
	if !ok || path == nil { // a string to escape, or a null path: as encoding/json writes it
		buf.JSON = out[:start]
		return Move{Type: typ, Path: path}.raw()
	}
	buf.JSON = out
	return out[start:len(out):len(out)]
}

// appendPlain writes s as a JSON string; ok turns false if encoding/json
// would escape a byte of it (then the caller encodes with it instead).
func appendPlain(b []byte, s string, ok bool) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			ok = false
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"'), ok
}
