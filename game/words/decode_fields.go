package words

// Fields reads an object whose keys are among keys (at most 64 of them),
// each at most once, calling field with the key (keys' own string) to
// read its value. Any other key, or one seen twice, is refused, as Object
// refuses a key twice: encoding/json would take it or keep the last.
//
// A reader of a known shape (a finished game's account) uses it rather
// than Object: a key is matched where it is in the data, never made a
// string of its own or looked up among the catalogue's words, and the
// keys seen are bits.
func (d *Decoder) Fields(keys []string, field func(key string) bool) bool {
	if !d.Byte('{') {
		return false
	}
	if d.Byte('}') {
		return true
	}
	var seen uint64
	for {
		s, ok := d.quoted()
		if !ok {
			return false
		}
		k := -1
		for i, key := range keys {
			if key == string(s) {
				k = i
				break
			}
		}
		if k < 0 || k >= 64 || seen&(1<<k) != 0 || !d.Byte(':') || !field(keys[k]) {
			return false
		}
		seen |= 1 << k
		if d.Byte('}') {
			return true
		}
		if !d.Byte(',') {
			return false
		}
	}
}

// Repeated reads a string as the decoder reads ids and terms: one the
// catalogue knows, or one read shortly before in the same data, is that
// string again, not a copy. For strings a document repeats (a side's
// colour in every chart and table of an account).
func (d *Decoder) Repeated() (string, bool) { return d.word() }
