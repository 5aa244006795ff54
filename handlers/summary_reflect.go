package handlers

import (
	"encoding"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
)

// genericOf is the tree readGeneric reads from json.Marshal(v), made from
// v directly: a game page's overview encoded its summary as JSON only to
// read it back (two thirds of saying it, issue 20). It covers what a
// summary is made of (structs with json tags, omitempty, maps by strings,
// slices, pointers, interfaces, booleans, whole numbers, strings); for
// anything whose JSON it would have to imitate further (a MarshalJSON, a
// map by numbers, []byte, an embedded struct, invalid UTF-8, float32, a
// ",string" tag ...) it says !ok and the caller takes the JSON way.
// It also returns about the length of that JSON (the overview's HTML is
// about twice it).
func genericOf(v any) (any, int, bool) {
	return genericOfWith(v, nil)
}

// genericOfWith is genericOf reading v's types as plans remembers them
// (nil: it learns them for this v alone).
func genericOfWith(v any, plans *typePlans) (any, int, bool) {
	c := genericConv{plans: plans}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return nil, 0, true
	}
	x, ok := c.value(rv, c.plan(rv.Type()), 0)
	return x, c.size, ok
}

// genericConv makes one summary's tree and counts the JSON's length.
type genericConv struct {
	plans *typePlans
	local map[reflect.Type]*typePlan // the plans learnt when plans is nil
	size  int
	room  object // fields not yet handed out: the tree's objects are cut from chunks, not made one by one
	items []any  // items not yet handed out: its lists are cut from chunks too

	// The headers the tree points to (summary_read.go), cut from chunks.
	strs    []string
	objects []object
	lists   []list

	free  [4]mapScratch // maps' scratch entries given back (takeScratch)
	nfree int
}

// mapScratch is a key and a value a map's entries are set in, one after
// another. The tree holds nothing of them: what it takes of an entry it
// copies (numbers, strings' headers) or reaches through them (a slice's
// or a pointer's memory).
type mapScratch struct {
	p        *typePlan
	key, val reflect.Value
}

// takeScratch is a key and a value for the entries of maps of plan p:
// those another map of its type used before, if one did and is done
// (an Imperial summary's six nations' units were two allocations each).
// A map inside a map of its own type gets its own, as the outer one's
// are not given back until it is done.
func (c *genericConv) takeScratch(p *typePlan) mapScratch {
	for i := range c.nfree {
		if c.free[i].p == p {
			s := c.free[i]
			c.nfree--
			c.free[i], c.free[c.nfree] = c.free[c.nfree], mapScratch{}
			return s
		}
	}
	return mapScratch{p, reflect.New(p.key).Elem(), reflect.New(p.elem.t).Elem()}
}

// putScratch gives s back, if there is room for it.
func (c *genericConv) putScratch(s mapScratch) {
	if c.nfree < len(c.free) {
		c.free[c.nfree] = s
		c.nfree++
	}
}

// kept is a pointer to a copy of v in the next free place of *chunk (a
// new chunk when it is full, twice the size of the last, from 8 to 128:
// a Cäsars Imperium summary has about 30 objects, 10 lists and 60
// strings, an Imperial one twice that).
func kept[T any](chunk *[]T, v T) *T {
	if len(*chunk) == cap(*chunk) {
		*chunk = make([]T, 0, min(max(8, 2*cap(*chunk)), 128))
	}
	*chunk = append(*chunk, v)
	return &(*chunk)[len(*chunk)-1]
}

// fields returns an empty object with room for n fields.
func (c *genericConv) fields(n int) object {
	if cap(c.room) < n {
		c.room = make(object, 0, max(128, n))
	}
	o := c.room[:0:n]
	c.room = c.room[n:n]
	return o
}

// structField is an encoded field of a struct: its index and JSON key.
type structField struct {
	index     int
	key       string
	omitEmpty bool
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// custom reports whether t (or *t) encodes itself.
func custom(t reflect.Type) bool {
	if t.Implements(jsonMarshaler) || t.Implements(textMarshaler) {
		return true
	}
	p := reflect.PointerTo(t)
	return p.Implements(jsonMarshaler) || p.Implements(textMarshaler)
}

// itemList returns a list of n items (nil each), cut from a chunk.
func (c *genericConv) itemList(n int) list {
	if n == 0 {
		return list{} // empty, not nil, as JSON reads [] (and nothing made)
	}
	if cap(c.items) < n {
		c.items = make([]any, max(32, n))
	}
	l := c.items[:n:n]
	c.items = c.items[n:]
	return l
}

// plan is how c reads a value of type t.
func (c *genericConv) plan(t reflect.Type) *typePlan {
	if c.plans != nil {
		return c.plans.of(t)
	}
	if c.local == nil {
		c.local = map[reflect.Type]*typePlan{}
	}
	return planOf(t, c.local)
}

func (c *genericConv) value(v reflect.Value, p *typePlan, depth int) (any, bool) {
	if depth > genericDepth {
		return nil, false
	}
	k := p.kind
	if k == reflect.Interface {
		if v.IsNil() {
			c.size += 4
			return nil, true
		}
		e := v.Elem()
		return c.value(e, c.plan(e.Type()), depth+1)
	}
	if p.custom {
		return nil, false
	}
	c.size += 3 // a number's digits, quotes, a comma
	switch k {
	case reflect.Pointer:
		if v.IsNil() {
			return nil, true
		}
		return c.value(v.Elem(), p.elem, depth+1)
	case reflect.Bool:
		return v.Bool(), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return number(v.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if v.Uint() > math.MaxInt64 {
			return nil, false
		}
		return number(int64(v.Uint())), true
	case reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, false // JSON has none: the overview is empty
		}
		return f, true
	case reflect.String:
		if !utf8.ValidString(v.String()) {
			return nil, false // JSON says U+FFFD for it
		}
		c.size += v.Len()
		return kept(&c.strs, v.String()), true
	case reflect.Slice, reflect.Array:
		return c.list(v, p, depth)
	case reflect.Map:
		return c.mapObject(v, p, depth)
	case reflect.Struct:
		return c.structObject(v, p, depth)
	}
	return nil, false
}

// number is n as encoding/json reads it back into an any.
func number(n int64) any {
	if n >= 0 && n < int64(len(smallNumbers)) {
		return smallNumbers[n]
	}
	return float64(n)
}

func (c *genericConv) list(v reflect.Value, p *typePlan, depth int) (any, bool) {
	if v.Kind() == reflect.Slice {
		if p.elem.kind == reflect.Uint8 {
			return nil, false // base64 in JSON
		}
		if v.IsNil() {
			return nil, true
		}
	}
	l := c.itemList(v.Len())
	for i := range l {
		x, ok := c.value(v.Index(i), p.elem, depth+1)
		if !ok {
			return nil, false
		}
		l[i] = x
	}
	return kept(&c.lists, l), true
}

func (c *genericConv) mapObject(v reflect.Value, p *typePlan, depth int) (any, bool) {
	if p.key.Kind() != reflect.String {
		return nil, false
	}
	if v.IsNil() {
		return nil, true
	}
	o := c.fields(v.Len())
	// One key and one value set from each entry in turn: the iterator's
	// Key and Value would copy each anew.
	s := c.takeScratch(p)
	defer c.putScratch(s)
	key, val := s.key, s.val
	for it := v.MapRange(); it.Next(); {
		key.SetIterKey(it)
		val.SetIterValue(it)
		k := key.String()
		if !utf8.ValidString(k) {
			return nil, false
		}
		c.size += len(k) + 3
		x, ok := c.value(val, p.elem, depth+1)
		if !ok {
			return nil, false
		}
		o = append(o, field{k, x})
	}
	return kept(&c.objects, o.sorted()), true
}

// structObject makes a struct's object: its plan's fields are in the
// order of their keys already.
func (c *genericConv) structObject(v reflect.Value, p *typePlan, depth int) (any, bool) {
	if p.fields == nil {
		return nil, false
	}
	o := c.fields(len(p.fields))
	for i := range p.fields {
		f := &p.fields[i]
		fv := v.Field(f.index)
		if f.omitEmpty && emptyValue(fv) {
			continue
		}
		c.size += len(f.key) + 3
		x, ok := c.value(fv, f.plan, depth+1)
		if !ok {
			return nil, false
		}
		o = append(o, field{f.key, x})
	}
	return kept(&c.objects, o), true
}

// emptyValue is encoding/json's "empty" for omitempty.
func emptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// structFields lists the encoded fields of struct type t (not nil), nil
// for a struct whose encoding genericOf does not imitate.
func structFields(t reflect.Type) []structField {
	out := make([]structField, 0, t.NumField())
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous {
			return nil // embedded: JSON promotes its fields
		}
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if !plainKey(name) {
			return nil
		}
		if name == "" {
			name = sf.Name
		}
		f := structField{index: i, key: name}
		for opt := range strings.SplitSeq(opts, ",") {
			switch opt {
			case "":
			case "omitempty":
				f.omitEmpty = true
			default:
				return nil // ",string", ",omitzero" ...
			}
		}
		if slices.ContainsFunc(out, func(o structField) bool { return o.key == name }) {
			return nil // JSON's rules for a name twice
		}
		if sf.Type.Kind() == reflect.Float32 {
			return nil // JSON writes it with 32 bits' digits
		}
		out = append(out, f)
	}
	return out
}

// plainKey reports whether a tag's name is one encoding/json takes as it
// is (it ignores some others).
func plainKey(name string) bool {
	for _, r := range name {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
