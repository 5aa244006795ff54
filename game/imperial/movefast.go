package imperial

import "strconv"

// parseMoveFast reads the plain JSON a move usually is (as the engine lists
// it): one object of known keys, ASCII strings without escapes, small
// integers, booleans, lists of strings or of placements. Anything else
// (escapes, null, unknown or repeated keys, odd numbers) returns ok=false,
// and decodeMove falls back to encoding/json's strict decoder, which is
// the reference: replaying a game decodes hundreds of moves, and reflection
// was a third of its time. FuzzMoveFastPath checks both agree.
func parseMoveFast(data []byte) (m Move, ok bool) {
	p := fastParser{data: data}
	if !p.object(func(key string) bool { return p.moveField(&m, key) }) {
		return Move{}, false
	}
	p.space()
	return m, p.i == len(p.data)
}

type fastParser struct {
	data []byte
	i    int
	seen uint32
}

var moveKeys = map[string]uint32{"type": 1, "nation": 2, "slot": 4, "units": 8, "region": 16, "from": 32,
	"to": 64, "via": 128, "hostile": 256, "unit": 512, "against": 1024, "target": 2048,
	"target_hostile": 4096, "cost": 8192, "trade_in": 16384}

func (p *fastParser) moveField(m *Move, key string) bool {
	bit, known := moveKeys[key]
	if !known || p.seen&bit != 0 {
		return false
	}
	p.seen |= bit
	var ok bool
	switch key {
	case "type":
		m.Type, ok = p.str()
	case "nation":
		m.Nation, ok = p.str()
	case "slot":
		m.Slot, ok = p.str()
	case "region":
		m.Region, ok = p.str()
	case "from":
		m.From, ok = p.str()
	case "to":
		m.To, ok = p.str()
	case "unit":
		m.Unit, ok = p.str()
	case "against":
		m.Against, ok = p.str()
	case "target":
		m.Target, ok = p.str()
	case "hostile":
		m.Hostile, ok = p.boolean()
	case "target_hostile":
		m.TargetHostile, ok = p.boolean()
	case "cost":
		m.Cost, ok = p.integer()
	case "trade_in":
		m.TradeIn, ok = p.integer()
	case "via":
		m.Via, ok = p.strings()
	case "units":
		m.Units, ok = p.placements()
	}
	return ok
}

func (p *fastParser) space() {
	for p.i < len(p.data) && (p.data[p.i] == ' ' || p.data[p.i] == '\n' || p.data[p.i] == '\t' || p.data[p.i] == '\r') {
		p.i++
	}
}

func (p *fastParser) byte(c byte) bool {
	p.space()
	if p.i < len(p.data) && p.data[p.i] == c {
		p.i++
		return true
	}
	return false
}

// object reads {"key": value, ...}, calling field for each key.
func (p *fastParser) object(field func(key string) bool) bool {
	if !p.byte('{') {
		return false
	}
	if p.byte('}') {
		return true
	}
	for {
		key, ok := p.str()
		if !ok || !p.byte(':') || !field(key) {
			return false
		}
		if p.byte('}') {
			return true
		}
		if !p.byte(',') {
			return false
		}
	}
}

func (p *fastParser) str() (string, bool) {
	if !p.byte('"') {
		return "", false
	}
	start := p.i
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return string(p.data[start : p.i-1]), true
		case c == '\\' || c < 0x20 || c >= 0x80:
			return "", false
		}
		p.i++
	}
	return "", false
}

func (p *fastParser) boolean() (bool, bool) {
	p.space()
	rest := p.data[p.i:]
	if len(rest) >= 4 && string(rest[:4]) == "true" {
		p.i += 4
		return true, true
	}
	if len(rest) >= 5 && string(rest[:5]) == "false" {
		p.i += 5
		return false, true
	}
	return false, false
}

func (p *fastParser) integer() (int, bool) {
	p.space()
	start := p.i
	if p.i < len(p.data) && p.data[p.i] == '-' {
		p.i++
	}
	digits := p.i
	for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
		p.i++
	}
	n := p.i - digits
	if n == 0 || n > 9 || (n > 1 && p.data[digits] == '0') {
		return 0, false
	}
	if p.i < len(p.data) && (p.data[p.i] == '.' || p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		return 0, false
	}
	v, err := strconv.Atoi(string(p.data[start:p.i]))
	return v, err == nil
}

func (p *fastParser) list(item func() bool) bool {
	if !p.byte('[') {
		return false
	}
	if p.byte(']') {
		return true
	}
	for {
		if !item() {
			return false
		}
		if p.byte(']') {
			return true
		}
		if !p.byte(',') {
			return false
		}
	}
}

func (p *fastParser) strings() ([]string, bool) {
	out := []string{}
	ok := p.list(func() bool {
		s, ok := p.str()
		out = append(out, s)
		return ok
	})
	return out, ok
}

func (p *fastParser) placements() ([]Placement, bool) {
	out := []Placement{}
	ok := p.list(func() bool {
		var pl Placement
		var seen uint8
		ok := p.object(func(key string) bool {
			var ok bool
			switch {
			case key == "region" && seen&1 == 0:
				seen |= 1
				pl.Region, ok = p.str()
			case key == "unit" && seen&2 == 0:
				seen |= 2
				pl.Unit, ok = p.str()
			}
			return ok
		})
		out = append(out, pl)
		return ok
	})
	return out, ok
}
