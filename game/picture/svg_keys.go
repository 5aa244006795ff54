package picture

import (
	"math"
	"unsafe"
)

// Finding a paint's signature by what it is made of (styles.keys): most
// of a drawing's ops share their paint with others, and making each
// one's signature again to find it was most of its styles' CPU.

// paintKey is all a paint signature (appendPaintSig) or a text's
// (appendTextPaint) is made of: ops with equal keys have equal
// signatures. Numbers are kept as their bits (0 and -0 are written
// differently), words by where they are (strRef): a key may tell apart
// ops whose signatures are equal (the same colour made twice), never
// the other way round. All its fields are plain memory, so the map
// hashes and compares a key in one go.
type paintKey struct {
	flags                uint64 // keyText, keyUse, keyClassed, keyBold, keyOver
	fill, stroke, anchor strRef // a text's stroke is its halo
	nums                 [4]uint64
}

// strRef is a string by its bytes' address and length.
type strRef struct {
	at *byte
	n  int
}

func textOf(s string) strRef { return strRef{unsafe.StringData(s), len(s)} }

const (
	keyText    = 1 << iota // appendTextPaint's, not appendPaintSig's
	keyUse                 // paint: an OpUse's (no fill="none" for it)
	keyClassed             // paint: its own class stands for the stroke
	keyBold                // text: Bold
	keyOver                // text: HaloOver
)

// flag is f if on.
func flag(on bool, f uint64) uint64 {
	if on {
		return f
	}
	return 0
}

// paintKeyOf is the key of appendPaintSig(o).
func paintKeyOf(o *Op) paintKey {
	return paintKey{flags: flag(o.Kind == OpUse, keyUse) | flag(o.Class != "", keyClassed), fill: textOf(o.Fill), stroke: textOf(o.Stroke),
		nums: [4]uint64{math.Float64bits(o.Opacity), math.Float64bits(o.Width), math.Float64bits(o.Dash), math.Float64bits(o.Gap)}}
}

// textKeyOf is the key of appendTextPaint(o).
func textKeyOf(o *Op) paintKey {
	return paintKey{flags: keyText | flag(o.Bold, keyBold) | flag(o.HaloOver, keyOver), fill: textOf(o.Fill), stroke: textOf(o.Halo), anchor: textOf(o.Anchor),
		nums: [4]uint64{math.Float64bits(o.Size), math.Float64bits(o.HaloWidth)}}
}

// keyed is the index of the signature of o that key is the key of (its
// paint, its text's or its paint as a line's, whose key's fill is
// Inherit): made and looked for by its bytes only for a key not seen
// yet.
func (st *styles) keyed(key paintKey, o *Op) int32 {
	if i, ok := st.keys[key]; ok {
		return i
	}
	var buf [160]byte // no function value picks the appender: buf stays on the stack
	var b []byte
	switch {
	case key.flags&keyText != 0:
		b = appendTextPaint(buf[:0], o)
	case key.fill != textOf(o.Fill): // a line's
		line := *o
		line.Fill = Inherit
		b = appendPaintSig(buf[:0], &line)
	default:
		b = appendPaintSig(buf[:0], o)
	}
	i := st.once(b)
	st.keys[key] = i
	return i
}
