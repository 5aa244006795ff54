package words

import "bytes"

// Whole numbers and lists of them, as the decoder (decode.go) reads them.

// Int reads a whole number that fits an int.
func (d *Decoder) Int() (int, bool) {
	d.ws()
	neg := d.i < len(d.b) && d.b[d.i] == '-'
	if neg {
		d.i++
	}
	start, n := d.i, 0
	b, i := d.b, d.i // in locals, as in quoted
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		n = n*10 + int(b[i]-'0')
		i++
	}
	d.i = i
	digits := d.i - start
	if digits == 0 || digits > 18 || (digits > 1 && d.b[start] == '0') {
		return 0, false
	}
	if d.i < len(d.b) {
		if c := d.b[d.i]; c == '.' || c == 'e' || c == 'E' {
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	return n, true
}

// Ints reads an array of whole numbers ([] gives an empty, not nil, slice).
func (d *Decoder) Ints() ([]int, bool) {
	if !d.Byte('[') {
		return nil, false
	}
	if d.Byte(']') {
		return []int{}, true
	}
	// made at its size: the numbers up to the first ']' (a snapshot's
	// lists are many, and growing each by doubling copied them)
	n := 1
	for j := d.i; j < len(d.b) && d.b[j] != ']'; j++ {
		if d.b[j] == ',' {
			n++
		}
	}
	out, ok := d.intsOnto(make([]int, 0, n))
	if !ok {
		return nil, false
	}
	return out, true
}

// AppendInts reads an array of whole numbers onto out, as Ints reads
// them (several lists into one slice).
func (d *Decoder) AppendInts(out []int) ([]int, bool) {
	if !d.Byte('[') {
		return out, false
	}
	if d.Byte(']') {
		return out, true
	}
	return d.intsOnto(out)
}

// intsOnto reads the numbers of an array after its '[' (there is one at
// least) onto out. Numbers as Rondel writes them, each right before its
// ',' or the ']', are read here, in locals (an account's hundreds of
// values); from the first that is not, the rest are read by Int.
func (d *Decoder) intsOnto(out []int) ([]int, bool) {
	b, i := d.b, d.i
	for {
		neg := i < len(b) && b[i] == '-'
		j := i
		if neg {
			j++
		}
		start, n := j, 0
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			n = n*10 + int(b[j]-'0')
			j++
		}
		digits := j - start
		if digits == 0 || digits > 18 || (digits > 1 && b[start] == '0') || j == len(b) || (b[j] != ',' && b[j] != ']') {
			break
		}
		if neg {
			n = -n
		}
		out = append(out, n)
		i = j + 1
		if b[j] == ']' {
			d.i = i
			return out, true
		}
	}
	d.i = i
	for {
		n, ok := d.Int()
		if !ok {
			return out, false
		}
		out = append(out, n)
		if d.Byte(']') {
			return out, true
		}
		if !d.Byte(',') {
			return out, false
		}
	}
}

// IntsAhead counts the whole numbers in the lists under key in the rest
// of the data, as Rondel writes them (`"key":[1,2,3]`, no white space):
// room to make for them before they are read (a finished game's values,
// one slice for all its charts). Only a hint: a list written otherwise is
// counted wrong, and still read right.
func (d *Decoder) IntsAhead(key string) int {
	var room [64]byte
	at := append(append(append(room[:0], '"'), key...), `":[`...)
	rest, n := d.b[d.i:], 0
	for {
		i := bytes.Index(rest, at)
		if i < 0 {
			return n
		}
		rest = rest[i+len(at):]
		end := bytes.IndexByte(rest, ']')
		if end < 0 {
			return n
		}
		if end > 0 {
			n += 1 + bytes.Count(rest[:end], []byte(","))
		}
		rest = rest[end:]
	}
}
