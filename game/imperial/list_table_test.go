package imperial

import (
	"slices"
	"testing"

	"rondel/game"
	"rondel/game/imperial/board"
	"rondel/game/words"
)

// TestListTableSaysWhatTheBuildersSay: every text and reference the
// per-board table keeps is what the engine's builders make for it (the
// words a list showed before the table), on every board and edition.
func TestListTableSaysWhatTheBuildersSay(t *testing.T) {
	for _, name := range []string{"europe", "world2030"} {
		eds := []string{""}
		for ed := range board.MustLoad(name).Editions {
			eds = append(eds, ed)
		}
		for _, ed := range eds {
			b, err := board.LoadEdition(name, ed)
			if err != nil {
				t.Fatal(err)
			}
			checkListTable(t, name+"/"+ed, &State{b: b})
		}
	}
}

func checkListTable(t *testing.T, what string, s *State) {
	t.Helper()
	tb := s.table()
	if tb != s.table() {
		t.Fatalf("%s: a second table made for one board", what)
	}
	same := func(kind string, r int, got, want words.Text) {
		if !got.Equal(want) {
			t.Errorf("%s: %s of %s: table %v, builder %v", what, kind, s.b.Regions[r].ID, got, want)
		}
	}
	for r, reg := range s.b.Regions {
		same("fleet label", r, tb.text(tFleetTo, r), s.reg(label("fleet"), "to", r))
		same("army label", r, tb.text(tArmyTo, r), s.reg(label("army"), "to", r))
		same("destroy label", r, tb.text(tDestroy, r), s.reg(label("destroy"), "region", r))
		for k, id := range map[int]string{tGroupFleet: "fleet", tGroupArmy: "army", tGroupLand: "army_land",
			tGroupConvoy: "army_convoy", tGroupBattle: "battle"} {
			same("group "+id, r, tb.text(k, r), s.reg(group(id), "region", r))
		}
		if st := tb.status[r]; (st != nil) != (reg.Kind == board.Home) {
			t.Errorf("%s: %s: status labels %v", what, reg.ID, st)
		} else if st != nil {
			want := statusOf(s.reg(label("army"), "to", r))
			same("friendly", r, st.friendly, want.friendly)
			same("hostile", r, st.hostile, want.hostile)
		}
		if got, want := tb.regionRef[r], game.Ref("region", reg.ID); got != want {
			t.Errorf("%s: region reference %q, want %q", what, got, want)
		}
		for ni, nat := range s.b.Nations {
			for _, kind := range []string{"army", "fleet"} {
				if got, want := tb.unit(ni, r, kind), game.Ref("region", reg.ID, "unit", kind, "nation", nat.ID); got != want {
					t.Errorf("%s: unit reference %q, want %q", what, got, want)
				}
			}
		}
	}
	for ni := range s.b.Nations {
		for k, mine := range []string{"army", "fleet"} {
			nat := func(id string) words.Text {
				return s.nat(label(id), "nation", ni).Term("unit", unitKey(mine))
			}
			l := tb.battle[ni][k]
			same("battle against an army", 0, l[bAgainstArmy], nat("battle").Term("target", unitKey("army")))
			same("battle against a fleet", 0, l[bAgainstFleet], nat("battle").Term("target", unitKey("fleet")))
			same("battle against a lying army", 0, l[bLying], nat("battle_lying"))
			same("battle against a standing army", 0, l[bStanding], nat("battle_standing"))
		}
	}
}

// TestListedMovesAreMoveJSON: every move listed at every position of the
// stored 6-player game, every seat, is byte for byte Move.JSON of itself
// (the unit moves are written from the table's quoted ids, the others by
// appendMove).
func TestListedMovesAreMoveJSON(t *testing.T) {
	var buf game.MoveBuf
	units := 0
	eachSeatOfStoredGame6(t, func(i int, gs *State, seat int) {
		for _, lm := range gs.ListMoves(&buf, seat) {
			m, err := decodeMove(lm.Move)
			if err != nil {
				t.Fatalf("move %d: listed %s does not read: %v", i, lm.Move, err)
			}
			if got := m.JSON(); string(got) != string(lm.Move) {
				t.Fatalf("move %d: listed %s, Move.JSON %s", i, lm.Move, got)
			}
			if m.Type == MArmy || m.Type == MFleet {
				units++
			}
		}
	})
	if units == 0 {
		t.Fatal("no unit's move listed")
	}
}

// TestUnitMoveWithoutQuotedIDs: a region whose id the table has no quoted
// form for (encoding/json would escape it) is written as Move.JSON writes
// it, by convoy and as a foe too.
func TestUnitMoveWithoutQuotedIDs(t *testing.T) {
	s := newGame(t, 2, 1)
	tb := *s.table()
	tb.quoted = slices.Clone(tb.quoted)
	from, to, sea := rid(s, "vienna"), rid(s, "rome"), rid(s, "ioniansea")
	tb.quoted[sea] = ""
	a := listArena{table: &tb}
	for _, via := range [][]int{nil, {sea}} {
		for _, hostile := range []bool{false, true} {
			m := Move{Type: MArmy, From: "vienna", To: "rome", Hostile: hostile}
			for _, v := range via {
				m.Via = append(m.Via, s.b.Regions[v].ID)
			}
			if got, want := a.unitMove(MArmy, from, to, via, hostile), m.JSON(); string(got) != string(want) {
				t.Errorf("via %v, hostile %v: wrote %s, Move.JSON %s", via, hostile, got, want)
			}
		}
	}
}
