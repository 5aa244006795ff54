package words

// A list's words were made two at a time, "A, B" and then "A, B and C",
// each a string of its own (a chart's or an account's list of five
// names made four). Every language's list messages begin with the words
// so far ({{.a}}) and say them nowhere else, so the words so far are
// written once and each message's rest appended after them.

// foldable reports whether segs begin with {{.a}} and say it nowhere else.
func foldable(segs []segment) bool {
	if len(segs) == 0 || segs[0].arg != "a" {
		return false
	}
	for _, s := range segs[1:] {
		if s.arg == "a" {
			return false
		}
	}
	return true
}

// listForms are the list messages' segments in sp's language, ok when
// each is foldable.
func (sp *Speaker) listForms() (pair, middle, end []segment, ok bool) {
	var forms [3][]segment
	for i, id := range [...]string{"format.list.pair", "format.list.middle", "format.list.end"} {
		m, ok := sp.compiled[id]
		if !ok {
			return nil, nil, nil, false
		}
		if forms[i] = m.form(sp.tag, nil); !foldable(forms[i]) {
			return nil, nil, nil, false
		}
	}
	return forms[0], forms[1], forms[2], true
}

// appendRest appends segs after their {{.a}}, b's words for {{.b}}.
func (sp *Speaker) appendRest(dst []byte, segs []segment, b Arg) []byte {
	for _, s := range segs[1:] {
		switch s.arg {
		case "":
			dst = append(dst, s.lit...)
		case "b":
			dst = sp.appendLeaf(dst, b)
		default:
			dst = append(dst, noValue...)
		}
	}
	return dst
}

// appendList appends items as a list (Join of their words) to dst; ok is
// false, and dst as it was, when the list messages are not foldable.
func (sp *Speaker) appendList(dst []byte, items []Arg) ([]byte, bool) {
	pair, middle, end, ok := sp.listForms()
	if !ok || len(items) < 2 {
		return dst, false
	}
	dst = sp.appendLeaf(dst, items[0])
	if len(items) == 2 {
		return sp.appendRest(dst, pair, items[1]), true
	}
	for _, it := range items[1 : len(items)-1] {
		dst = sp.appendRest(dst, middle, it)
	}
	return sp.appendRest(dst, end, items[len(items)-1]), true
}

// joinAppended is Join(items) for three items or more, made in one
// string; ok is false when the list messages are not foldable.
func (sp *Speaker) joinAppended(items []string) (string, bool) {
	_, middle, end, ok := sp.listForms()
	if !ok {
		return "", false
	}
	var room [sayRoom]byte
	dst := append(room[:0], items[0]...)
	for _, it := range items[1 : len(items)-1] {
		dst = sp.appendRest(dst, middle, Arg{kind: argLit, s: it})
	}
	return string(sp.appendRest(dst, end, Arg{kind: argLit, s: items[len(items)-1]})), true
}
