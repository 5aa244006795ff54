package words

// The form Rondel itself writes a Text in, read without the general
// object reader: {"id":"…"} or {"id":"…","args":{…}}, its arguments'
// names in order, each argument an object of one kind. A finished game's
// account holds hundreds of Texts and arguments, and for each the object
// reader's key words, its list of keys seen, its call back per key and
// (for arguments) the sort cost more than the words themselves.
//
// Only that form is read here, and into what the general reader
// (decode.go) makes of it; whatever else the data holds (white space,
// other keys or orders, an argument of several kinds) makes these say
// no, and the Text is read again by the general reader from where it
// started (TestPlainTextAsGeneral). The plain readers call only plain
// readers, so a Text is read at most twice, however deep.

// lit reads the bytes of s if they are next, as they are (no white
// space before them).
func (d *Decoder) lit(s string) bool {
	if len(d.b)-d.i >= len(s) && string(d.b[d.i:d.i+len(s)]) == s {
		d.i += len(s)
		return true
	}
	return false
}

// plainText reads a Text in the plain form into t (zero before).
func (d *Decoder) plainText(t *Text) bool {
	if !d.lit(`{"id":`) {
		return false
	}
	id, ok := d.word()
	if !ok {
		return false
	}
	t.ID = id
	if d.lit(`}`) {
		return true
	}
	return d.lit(`,"args":`) && d.plainArgs(&t.Args) && d.lit(`}`)
}

// plainArgs reads an object of arguments whose names come in order,
// each once (as Args are kept and written): neither sorted nor checked
// for repeats after.
func (d *Decoder) plainArgs(as *Args) bool {
	if !d.lit(`{`) {
		return false
	}
	var room [argsRoom]Named
	out := room[:0]
	if !d.lit(`}`) {
		for {
			name, ok := d.word()
			if !ok || (len(out) > 0 && name <= out[len(out)-1].Name) || !d.lit(`:`) {
				return false
			}
			var a Arg
			if !d.plainArg(&a) {
				return false
			}
			out = append(out, Named{Name: name, Arg: a})
			if d.lit(`}`) {
				break
			}
			if !d.lit(`,`) {
				return false
			}
		}
	}
	*as = carve(d, &d.named, out, len(`"a":{"n":0}`))
	return true
}

// argsRoom is room on the stack for a Text's arguments (more are
// grown on the heap).
const argsRoom = 8

// plainArg reads an argument's object of one kind, {} for none: the
// Arg the general reader (arg) makes of it.
func (d *Decoder) plainArg(a *Arg) bool {
	if d.lit(`{}`) {
		*a = Arg{}
		return true
	}
	if !d.lit(`{"`) {
		return false
	}
	var ok bool
	switch {
	case d.lit(`n":`):
		*a, ok = d.plainInt(argNum)
	case d.lit(`m":`):
		*a, ok = d.plainInt(argMoney)
	case d.lit(`seat":`):
		*a, ok = d.plainInt(argSeat)
	case d.lit(`term":`):
		var term string
		term, ok = d.word()
		*a = Term(term)
	case d.lit(`lit":`):
		var lit string
		lit, ok = d.String()
		*a = Lit(lit)
	case d.lit(`text":`):
		var text Text
		if d.i < len(d.b) && d.b[d.i] == '"' {
			text.Raw, ok = d.String() // old words, as Text reads them
		} else {
			ok = d.plainText(&text)
		}
		if ok {
			*a = Arg{kind: argText, more: d.more(argMore{text: text})}
		}
	case d.lit(`list":`):
		var list []Arg
		if ok = d.plainList(&list); ok {
			*a = Arg{kind: argList, more: d.more(argMore{list: list})}
		}
	case d.lit(`frac":[`):
		*a, ok = d.plainFrac()
	}
	return ok && d.lit(`}`)
}

// plainInt reads the number of an argument of kind k.
func (d *Decoder) plainInt(k argKind) (Arg, bool) {
	n, ok := d.Int()
	return Arg{kind: k, n: n}, ok
}

// plainFrac reads a ratio's numbers after its '['.
func (d *Decoder) plainFrac() (Arg, bool) {
	num, ok := d.Int()
	if !ok || !d.lit(`,`) {
		return Arg{}, false
	}
	den, ok := d.Int()
	if !ok || !d.lit(`]`) {
		return Arg{}, false
	}
	return Arg{kind: argFrac, n: num, more: d.more(argMore{den: den})}, true
}

// plainList reads a list of arguments (not nil, even empty: a list).
func (d *Decoder) plainList(l *[]Arg) bool {
	if !d.lit(`[`) {
		return false
	}
	var room [16]Arg
	out := room[:0]
	if !d.lit(`]`) {
		for {
			var a Arg
			if !d.plainArg(&a) {
				return false
			}
			out = append(out, a)
			if d.lit(`]`) {
				break
			}
			if !d.lit(`,`) {
				return false
			}
		}
	}
	*l = carve(d, &d.items, out, len(`{"n":0},`))
	return true
}
