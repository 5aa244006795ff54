package handlers

import (
	"reflect"
	"slices"
	"strings"
	"sync"
)

// typePlan is how genericOf reads a value of one type, found once: what
// it asked of the type at every value (its name, whether it encodes
// itself, its fields, found again for every summary) was a quarter of
// making an overview's tree.
type typePlan struct {
	t      reflect.Type
	kind   reflect.Kind
	custom bool         // t has methods of its own and t or *t encodes itself
	key    reflect.Type // a map's
	elem   *typePlan    // a pointer's, slice's, array's or map's element
	fields []planField  // a struct's, in the order of their keys; nil if genericOf does not imitate it
}

// planField is an encoded field of a struct: its index, JSON key, and
// the plan of its type.
type planField struct {
	structField
	plan *typePlan
}

// planOf is the plan of t, made with the plans in known (and kept there,
// with those of the types it holds: a type may hold itself).
func planOf(t reflect.Type, known map[reflect.Type]*typePlan) *typePlan {
	if p := known[t]; p != nil {
		return p
	}
	k := t.Kind()
	p := &typePlan{t: t, kind: k}
	known[t] = p
	if k != reflect.Interface && (t.Name() != "" || k == reflect.Pointer || k == reflect.Struct) {
		// Only a named type or a pointer has methods of its own.
		p.custom = custom(t)
	}
	switch k {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		p.elem = planOf(t.Elem(), known)
	case reflect.Map:
		p.key, p.elem = t.Key(), planOf(t.Elem(), known)
	case reflect.Struct:
		if p.custom {
			break
		}
		if fields := structFields(t); fields != nil {
			p.fields = make([]planField, len(fields))
			for i, f := range fields {
				p.fields[i] = planField{f, planOf(t.Field(f.index).Type, known)}
			}
			slices.SortFunc(p.fields, func(a, b planField) int { return strings.Compare(a.key, b.key) })
		}
	}
	return p
}

// typePlans remembers the plans of the types the server's summaries are
// made of (a few dozen, fixed by the code: it needs no bound). A plan is
// never changed once it is here.
type typePlans struct {
	mu sync.RWMutex
	m  map[reflect.Type]*typePlan
}

// of is t's plan, made once.
func (ps *typePlans) of(t reflect.Type) *typePlan {
	ps.mu.RLock()
	p := ps.m[t]
	ps.mu.RUnlock()
	if p != nil {
		return p
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.m == nil {
		ps.m = map[reflect.Type]*typePlan{}
	}
	return planOf(t, ps.m)
}
