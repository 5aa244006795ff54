package imperial

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// strictMove decodes as decodeMove's reference path does.
func strictMove(data []byte) (Move, bool) {
	var m Move
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if dec.Decode(&m) != nil || dec.More() {
		return Move{}, false
	}
	return m, true
}

func TestMoveFastPathReadsCanonicalMoves(t *testing.T) {
	moves := []Move{
		{Type: MRondel, Slot: "maneuver1"},
		{Type: MImport, Units: []Placement{{"trieste", "fleet"}, {"vienna", "army"}}},
		{Type: MImport, Units: []Placement{}},
		{Type: MArmy, From: "trieste", To: "algeria", Via: []string{"ioniansea", "westernmediterraneansea"}, Hostile: true},
		{Type: MBattle, Region: "venice", Unit: "army", Against: "IT", Target: "army", TargetHostile: true},
		{Type: MBond, Nation: "IT", Cost: 12, TradeIn: 4},
	}
	for _, m := range moves {
		got, ok := parseMoveFast(m.JSON())
		if !ok {
			t.Errorf("fast path refused canonical %s", m.JSON())
			continue
		}
		want, _ := strictMove(m.JSON())
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: fast %+v, strict %+v", m.JSON(), got, want)
		}
	}
	for _, odd := range []string{`{"type":"rondel","Slot":"x"}`, `{"type":"a\u0062"}`, `{"type":"x","type":"y"}`,
		`{"type":"bond","cost":1e1}`, `{"type":null}`, `{"type":"x"} {}`, `{"type":"x","extra":1}`} {
		if _, ok := parseMoveFast([]byte(odd)); ok {
			t.Errorf("fast path accepted %s; it must leave it to the strict decoder", odd)
		}
	}
}

// FuzzMoveFastPath: whenever the fast path accepts input, the strict
// decoder accepts it too and reads the same move.
func FuzzMoveFastPath(f *testing.F) {
	f.Add([]byte(`{"type":"army","from":"a","to":"b","via":["x","y"],"hostile":true}`))
	f.Add([]byte(`{"type":"import","units":[{"region":"r","unit":"army"}]}`))
	f.Add([]byte(`{"type":"bond","nation":"IT","cost":12,"trade_in":-4}`))
	f.Add([]byte(` { "type" : "end_maneuver" } `))
	f.Fuzz(func(t *testing.T, data []byte) {
		fast, ok := parseMoveFast(data)
		if !ok {
			return
		}
		strict, sok := strictMove(data)
		if !sok {
			t.Fatalf("fast path accepted %q, strict decoder refuses it", data)
		}
		if !reflect.DeepEqual(normalize(fast), normalize(strict)) {
			t.Fatalf("%q: fast %+v, strict %+v", data, fast, strict)
		}
	})
}

// normalize treats an empty list and no list alike (json leaves a missing
// list nil; both mean "none").
func normalize(m Move) Move {
	if len(m.Units) == 0 {
		m.Units = nil
	}
	if len(m.Via) == 0 {
		m.Via = nil
	}
	return m
}

// FuzzMoveEncode: Move.JSON writes exactly the bytes encoding/json writes
// for every move (records store them), escaped strings included.
func FuzzMoveEncode(f *testing.F) {
	f.Add("army", "", "", "a", "b", "x", true, "", 0, 0, "r", "fleet")
	f.Add("bond", "IT", "", "", "", "", false, "", 12, -4, "", "")
	f.Add("battle", "", "", "", "", "", true, "<&>", 0, 0, "é", "\"\\\n")
	f.Add("end_maneuver", "", "taxation", "", "", "", false, "army", 0, 0, "", "")
	f.Fuzz(func(t *testing.T, typ, nation, slot, from, to, via string, flag bool, unit string, cost, tradeIn int, region, kind string) {
		moves := []Move{
			{Type: typ, Nation: nation, Slot: slot, From: from, To: to, Hostile: flag, Unit: unit, Against: nation,
				Target: kind, TargetHostile: !flag, Cost: cost, TradeIn: tradeIn, Region: region},
			{Type: typ, From: from, To: to, Via: []string{via, region}, Hostile: flag},
			{Type: typ, Units: []Placement{{Region: region, Unit: kind}, {Region: via, Unit: unit}}},
			{Type: typ, Via: []string{}, Units: []Placement{}},
		}
		for _, m := range moves {
			want, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			if got := m.JSON(); string(got) != string(want) {
				t.Fatalf("%+v: JSON %s, encoding/json %s", m, got, want)
			}
		}
	})
}
