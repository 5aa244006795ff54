package imperial

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// JSON returns the canonical encoding of m: exactly what encoding/json
// writes for it (records store these bytes), written by hand because a
// legal-move list encodes a hundred moves and reflection was a fifth of
// its cost. A string that encoding/json would escape falls back to it;
// FuzzMoveEncode checks the two agree.
func (m Move) JSON() json.RawMessage {
	if b, ok := appendMove(make([]byte, 0, 96), &m); ok {
		return b
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(fmt.Sprintf("imperial: encoding a move: %v", err))
	}
	return b
}

// appendMove writes m's fields in struct order with their omitempty
// rules; ok is false if a string needs escaping.
func appendMove(b []byte, m *Move) ([]byte, bool) {
	ok := true
	str := func(key, v string, always bool) {
		if v == "" && !always {
			return
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, key...)
		b = append(b, `":`...)
		b, ok = appendPlain(b, v, ok)
	}
	flag := func(key string, v bool) {
		if v {
			b = append(b, `,"`...)
			b = append(b, key...)
			b = append(b, `":true`...)
		}
	}
	num := func(key string, v int) {
		if v != 0 {
			b = append(b, `,"`...)
			b = append(b, key...)
			b = append(b, `":`...)
			b = strconv.AppendInt(b, int64(v), 10)
		}
	}
	b = append(b, '{')
	str("type", m.Type, true)
	str("nation", m.Nation, false)
	str("slot", m.Slot, false)
	if len(m.Units) > 0 {
		b = append(b, `,"units":[`...)
		for i, p := range m.Units {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"region":`...)
			b, ok = appendPlain(b, p.Region, ok)
			b = append(b, `,"unit":`...)
			b, ok = appendPlain(b, p.Unit, ok)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	str("region", m.Region, false)
	str("from", m.From, false)
	str("to", m.To, false)
	if len(m.Via) > 0 {
		b = append(b, `,"via":[`...)
		for i, v := range m.Via {
			if i > 0 {
				b = append(b, ',')
			}
			b, ok = appendPlain(b, v, ok)
		}
		b = append(b, ']')
	}
	flag("hostile", m.Hostile)
	str("unit", m.Unit, false)
	str("against", m.Against, false)
	str("target", m.Target, false)
	flag("target_hostile", m.TargetHostile)
	num("cost", m.Cost)
	num("trade_in", m.TradeIn)
	return append(b, '}'), ok
}

// escaped is 1 for the bytes encoding/json does not write as they are in
// a string, 0 for the others: one look-up a byte, no branch (a legal-move
// list writes a hundred moves' strings).
var escaped = func() (t [256]uint8) {
	for c := range t {
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			t[c] = 1
		}
	}
	return t
}()

// appendPlain writes s as a JSON string if encoding/json would write it
// unescaped (printable ASCII other than " \ < > &).
func appendPlain(b []byte, s string, ok bool) ([]byte, bool) {
	var bad uint8
	for i := 0; i < len(s); i++ {
		bad |= escaped[s[i]]
	}
	ok = ok && bad == 0
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"'), ok
}
