package words

import (
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// A fast reader of the JSON that Rondel itself writes for Texts: every
// move's events, every finished game's account and every game state hold
// Texts, and a page reads dozens to hundreds of them. Through
// encoding/json each level of a nested Text (an argument holding a Text
// holding arguments) is scanned and checked again by its own
// UnmarshalJSON, and a map is built per set of arguments; reading them
// here takes one pass. It reads only the plain forms (known keys each once,
// strings without escapes, whole numbers, no nulls): for anything else it
// says no and the caller reads the data with encoding/json as before, so
// what is read never differs (decode_test.go compares both readers).

// Decoder is a position in JSON data being read. Other packages' readers
// of their own types holding Texts use it (game.Event).
type Decoder struct {
	b []byte
	i int
	// words is the interned strings (intern.go), looked up once a
	// decoder: through its sync.Once for every word, the lookup cost a
	// tenth of reading an account.
	words map[string]string
	// recent are words read before, by a hash of a few of their bytes:
	// a document repeats its keys and ids (an account's "values" and
	// "game.account.number" dozens of times), and a word found here is
	// neither hashed for the map again nor, if the catalogue does not
	// know it, copied again.
	recent [16]string
	// Slabs the arguments read are kept in, a slice of each carved
	// per Text (carve): an account's every cell has its Args, and many
	// a list or nested Text, and each was an allocation of its own
	// (half of reading an account's).
	named []Named
	items []Arg
	mores []argMore
}

// slabMost is the most elements a slab is made for at once.
const slabMost = 16

// carve returns a copy of items in slab, its capacity its length (an
// append to it copies it, never writes into the slab); an empty one is
// empty, not nil, as a slice made at its length is. A slab is made first
// at the length asked, then twice as large each time, up to slabMost,
// and never for more than the rest of the document would hold, an
// element taking about least bytes of it (the shortest it is written
// in): a small document (a move's events) takes little more than it
// needs.
func carve[T any](d *Decoder, slab *[]T, items []T, least int) []T {
	if len(items) == 0 {
		return []T{}
	}
	if cap(*slab)-len(*slab) < len(items) {
		most := len(items) + (len(d.b)-d.i)/least
		*slab = make([]T, 0, max(len(items), min(2*cap(*slab), slabMost, most)))
	}
	start := len(*slab)
	*slab = append(*slab, items...)
	return (*slab)[start:len(*slab):len(*slab)]
}

// more is &m, kept in the decoder's slab (as carve).
func (d *Decoder) more(m argMore) *argMore {
	return &carve(d, &d.mores, []argMore{m}, len(`{"list":[]}`))[0]
}

// NewDecoder starts reading data.
func NewDecoder(data []byte) *Decoder { return &Decoder{b: data} }

// NewStringDecoder starts reading s where it is, not a copy of it: a
// decoder only reads its data and gives none of it out (every string it
// returns is the catalogue's or a copy), and a stored account, read from
// the database as a string, was copied whole to be read.
func NewStringDecoder(s string) *Decoder {
	return &Decoder{b: unsafe.Slice(unsafe.StringData(s), len(s))}
}

func (d *Decoder) ws() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// Peek returns the next byte after white space (0 at the end).
func (d *Decoder) Peek() byte {
	// Rondel writes no white space: the next byte is most often it, and
	// this much is inlined where it is called (thousands of times an
	// account).
	if d.i < len(d.b) && d.b[d.i] > ' ' {
		return d.b[d.i]
	}
	return d.peekSpace()
}

func (d *Decoder) peekSpace() byte {
	d.ws()
	if d.i < len(d.b) {
		return d.b[d.i]
	}
	return 0
}

// Byte reads c (after white space).
func (d *Decoder) Byte(c byte) bool {
	if d.i < len(d.b) && d.b[d.i] == c && c > ' ' { // inlined, as Peek's
		d.i++
		return true
	}
	if d.peekSpace() != c {
		return false
	}
	d.i++
	return true
}

// End reports whether nothing but white space is left.
func (d *Decoder) End() bool { return d.Peek() == 0 && d.i == len(d.b) }

// String reads a string with no escapes and valid UTF-8.
func (d *Decoder) String() (string, bool) {
	s, ok := d.quoted()
	if !ok {
		return "", false
	}
	return string(s), true
}

// quoted reads a string with no escapes and valid UTF-8 and returns its
// bytes in the data, not copied.
func (d *Decoder) quoted() ([]byte, bool) {
	if !d.Byte('"') {
		return nil, false
	}
	start := d.i
	// The plain ASCII run first, a table's look a byte (most strings
	// here are ids and keys); the loop below reads the rest.
	// in locals: through d, the loop loaded both again at every byte
	b, i := d.b, d.i
	for i < len(b) && plainByte[b[i]] {
		i++
	}
	d.i = i
	if i < len(b) && b[i] == '"' {
		d.i++
		return b[start:i], true
	}
	ascii := true
	for ; d.i < len(d.b); d.i++ {
		c := d.b[d.i]
		switch {
		case c == '"':
			s := d.b[start:d.i]
			d.i++
			if !ascii && !utf8.Valid(s) {
				return nil, false
			}
			return s, true
		case c == '\\' || c < 0x20:
			return nil, false
		case c >= 0x80:
			ascii = false
		}
	}
	return nil, false
}

// plainByte says which bytes a string may hold as they are: ASCII but
// for the quote, the backslash and control characters.
var plainByte = func() (t [256]bool) {
	for c := ' '; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// word reads a string that is likely a key, a message id or an
// argument's name: one the catalogue knows is returned as the catalogue's
// own string (interned), read without a copy; a page reads thousands of
// them, and each was a string of its own to allocate and collect.
func (d *Decoder) word() (string, bool) {
	s, ok := d.quoted()
	if !ok {
		return "", false
	}
	// The JSON's own keys first: a switch is cheaper than the map.
	switch string(s) {
	case "id":
		return "id", true
	case "args":
		return "args", true
	case "msg":
		return "msg", true
	case "n":
		return "n", true
	case "term":
		return "term", true
	case "seat":
		return "seat", true
	case "text":
		return "text", true
	case "m":
		return "m", true
	case "list":
		return "list", true
	}
	if len(s) == 0 {
		return "", true
	}
	slot := &d.recent[(len(s)+int(s[0])+7*int(s[len(s)-1]))%len(d.recent)]
	if *slot == string(s) {
		return *slot, true
	}
	if d.words == nil {
		d.words = interned()
	}
	w, ok := d.words[string(s)] // no copy of s to look it up
	if !ok {
		w = string(s)
	}
	*slot = w
	return w, true
}

// Object reads an object, calling field for each key; field reads the
// value. A key seen twice is refused (encoding/json would keep the last).
func (d *Decoder) Object(field func(key string) bool) bool {
	if !d.Byte('{') {
		return false
	}
	if d.Byte('}') {
		return true
	}
	seen := make([]string, 0, 8) // on the stack: objects here have a few keys
	for {
		k, ok := d.word()
		if !ok || slices.Contains(seen, k) || !d.Byte(':') || !field(k) {
			return false
		}
		seen = append(seen, k)
		if d.Byte('}') {
			return true
		}
		if !d.Byte(',') {
			return false
		}
	}
}

// Text reads a Text: an object of "id" and "args", or a plain string (a
// Raw text).
func (d *Decoder) Text(t *Text) bool {
	*t = Text{}
	if d.Peek() == '"' {
		s, ok := d.String()
		t.Raw = s
		return ok
	}
	start := d.i
	if d.plainText(t) {
		return true
	}
	d.i, *t = start, Text{}
	return d.generalText(t)
}

// generalText reads a Text's object in any form the decoder reads.
func (d *Decoder) generalText(t *Text) bool {
	return d.Object(func(k string) bool {
		var ok bool
		switch k {
		case "id":
			t.ID, ok = d.word()
		case "args":
			ok = d.args(&t.Args)
		}
		return ok
	})
}

// args reads an object of arguments, sorted by name as Args are kept.
func (d *Decoder) args(as *Args) bool {
	out := make(Args, 0, 4)
	ok := d.Object(func(k string) bool {
		var a Arg
		if !d.arg(&a) {
			return false
		}
		out = append(out, Named{Name: k, Arg: a})
		return true
	})
	if !ok {
		return false
	}
	slices.SortFunc(out, func(a, b Named) int { return strings.Compare(a.Name, b.Name) })
	*as = carve(d, &d.named, out, len(`"a":{"n":0}`))
	return true
}

// arg reads an Arg's wire object (wireArg) without its pointers: the
// kind that wins is wireArg.arg's, in its order.
func (d *Decoder) arg(a *Arg) bool {
	// The kinds seen, read into locals rather than wireArg's pointers (a
	// number each was an allocation); the Arg made is wireArg.arg's: the
	// first kind set in its order.
	var (
		seen             [argFrac + 1]bool
		num, money, seat int
		term, lit        string
		text             Text
		list             []Arg
		frac             [2]int
	)
	ok := d.Object(func(k string) bool {
		var ok bool
		switch k {
		case "n":
			num, ok = d.Int()
			seen[argNum] = ok
		case "m":
			money, ok = d.Int()
			seen[argMoney] = ok
		case "seat":
			seat, ok = d.Int()
			seen[argSeat] = ok
		case "term":
			term, ok = d.word()
		case "lit":
			lit, ok = d.String()
		case "text":
			ok = d.Text(&text)
			seen[argText] = ok
		case "list":
			ok = d.list(&list)
		case "frac":
			var f []int
			if f, ok = d.Ints(); ok && len(f) == 2 {
				frac = [2]int{f[0], f[1]}
				seen[argFrac] = true
			} else {
				ok = false
			}
		}
		return ok
	})
	if !ok {
		return false
	}
	switch {
	case seen[argNum]:
		*a = Num(num)
	case seen[argMoney]:
		*a = Money(money)
	case seen[argSeat]:
		*a = Seat(seat)
	case term != "":
		*a = Term(term)
	// Sub, List and Frac, their argMore in the decoder's slab
	case seen[argText]:
		*a = Arg{kind: argText, more: d.more(argMore{text: text})}
	case list != nil:
		*a = Arg{kind: argList, more: d.more(argMore{list: list})}
	case seen[argFrac]:
		*a = Arg{kind: argFrac, n: frac[0], more: d.more(argMore{den: frac[1]})}
	default:
		*a = Lit(lit)
	}
	return true
}

func (d *Decoder) list(l *[]Arg) bool {
	if !d.Byte('[') {
		return false
	}
	// read on the stack, then made at its length (grown from empty, a
	// list was three or four allocations)
	var room [16]Arg
	out := room[:0]
	if !d.Byte(']') {
		for {
			var a Arg
			if !d.arg(&a) {
				return false
			}
			out = append(out, a)
			if d.Byte(']') {
				break
			}
			if !d.Byte(',') {
				return false
			}
		}
	}
	*l = carve(d, &d.items, out, len(`{"n":0},`)) // not nil, even empty: a list
	return true
}

// Array reads an array, calling item to read each element ([] calls it
// never).
func (d *Decoder) Array(item func() bool) bool {
	if !d.Byte('[') {
		return false
	}
	if d.Byte(']') {
		return true
	}
	for {
		if !item() {
			return false
		}
		if d.Byte(']') {
			return true
		}
		if !d.Byte(',') {
			return false
		}
	}
}

// Word reads the literal w (true, false, null) after white space.
func (d *Decoder) Word(w string) bool {
	d.ws()
	if len(d.b)-d.i < len(w) || string(d.b[d.i:d.i+len(w)]) != w {
		return false
	}
	if j := d.i + len(w); j < len(d.b) {
		if c := d.b[j]; c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			return false
		}
	}
	d.i += len(w)
	return true
}
