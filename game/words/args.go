package words

import (
	"encoding/json"
	"iter"
	"sort"
)

// Named is one argument of a Text with its name.
type Named struct {
	Name string
	Arg  Arg
}

// Args are a Text's arguments, kept sorted by name, each name once. They
// are a slice rather than a map because engines build a Text for every
// event and every legal move: a small map costs about a kilobyte, and
// adding an argument to an immutable map copies it. Their JSON is the
// object a map of the same arguments gives (keys sorted), so stored
// events and notes read and write as they always did.
type Args []Named

// Get returns the argument called name.
func (as Args) Get(name string) (Arg, bool) {
	for i := range as {
		if as[i].Name == name {
			return as[i].Arg, true
		}
	}
	return Arg{}, false
}

// All yields the arguments in name order.
func (as Args) All() iter.Seq2[string, Arg] {
	return func(yield func(string, Arg) bool) {
		for _, n := range as {
			if !yield(n.Name, n.Arg) {
				return
			}
		}
	}
}

// with returns a new Args with name set to a; as itself is not changed
// (Texts share their arguments).
func (as Args) with(name string, a Arg) Args {
	i := sort.Search(len(as), func(i int) bool { return as[i].Name >= name })
	if i < len(as) && as[i].Name == name {
		out := make(Args, len(as))
		copy(out, as)
		out[i].Arg = a
		return out
	}
	out := make(Args, len(as)+1)
	copy(out, as[:i])
	out[i] = Named{Name: name, Arg: a}
	copy(out[i+1:], as[i:])
	return out
}

// MarshalJSON writes the arguments as one object, keys sorted.
func (as Args) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 16+32*len(as))
	b = append(b, '{')
	for i, n := range as {
		if i > 0 {
			b = append(b, ',')
		}
		k, err := json.Marshal(n.Name)
		if err != nil {
			return nil, err
		}
		b = append(b, k...)
		b = append(b, ':')
		if b, err = n.Arg.appendJSON(b); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads an object of arguments (or null).
func (as *Args) UnmarshalJSON(data []byte) error {
	var u Args
	if d := NewDecoder(data); d.args(&u) && d.End() {
		*as = u
		return nil
	}
	return as.unmarshalSlow(data)
}

func (as *Args) unmarshalSlow(data []byte) error {
	var m map[string]Arg
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	if m == nil {
		*as = nil
		return nil
	}
	out := make(Args, 0, len(m))
	for name, a := range m {
		out = append(out, Named{Name: name, Arg: a})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	*as = out
	return nil
}

// Make builds a Text from its id and all its arguments at once: one
// allocation instead of one per With. The arguments are sorted in place;
// a name given twice keeps its last value.
func Make(id string, args ...Named) Text {
	if len(args) == 0 {
		return Text{ID: id}
	}
	for i := 1; i < len(args); i++ { // a stable insertion sort: a handful of arguments, no allocation
		for j := i; j > 0 && args[j].Name < args[j-1].Name; j-- {
			args[j], args[j-1] = args[j-1], args[j]
		}
	}
	out := args[:0]
	for i, n := range args {
		if i+1 < len(args) && args[i+1].Name == n.Name {
			continue
		}
		out = append(out, n)
	}
	return Text{ID: id, Args: out}
}

// Equal reports whether t and u are the same words: the same id and
// arguments (so the same Key), compared without encoding either.
func (t Text) Equal(u Text) bool {
	if t.ID != u.ID || t.Raw != u.Raw || len(t.Args) != len(u.Args) {
		return false
	}
	for i := range t.Args {
		if t.Args[i].Name != u.Args[i].Name || !t.Args[i].Arg.Equal(u.Args[i].Arg) {
			return false
		}
	}
	return true
}
