package words

import "sync"

// Strings the decoder (decode.go) returns as they are kept here rather
// than as copies of the data read: the JSON's keys, and every message id
// and argument name of the default catalogue (the one the server says
// everything with). A history page reads fifty moves' events, a few
// hundred keys, ids and names among them, and each was a small string to
// allocate and later collect. A string not kept is copied as before.

// wireKeys are the keys of the JSON Rondel writes for Texts and events.
var wireKeys = []string{"id", "args", "msg", "text", "seats", "n", "m", "seat", "term", "lit", "list", "frac"}

// interned maps a string to its kept copy: built once, read only after
// (each Decoder looks it up once, Decoder.word).
var interned = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, 4096)
	for _, k := range wireKeys {
		m[k] = k
	}
	c := Default()
	for lang, msgs := range c.messages {
		for id := range msgs {
			m[id] = id
			for _, n := range c.placeholders[lang][id] {
				m[n] = n
			}
		}
	}
	return m
})
