package imperial

import (
	"sync"

	"rondel/game"
	"rondel/game/imperial/board"
	"rondel/game/words"
)

// listTable holds the labels, groups and board references that
// legal-move lists on one board name again and again, made once per board
// and shared by every list, game and goroutine: a maneuver's list of a
// hundred moves used to build them anew (an allocation or two each) every
// time it was listed. What they say depends on the board alone (a
// region's or a nation's term and id), never on the position. Texts are
// never changed after they are made, so sharing them is safe.
type listTable struct {
	regionRef []string   // per region: its shape's reference
	ids       []string   // per region: its id
	quoted    []string   // per region: its id as a JSON string; "" if encoding/json escapes it
	unitRef   [][]string // per nation: the unit markers' references, armies (by region) then fleets
	// per region, by kind of text (the constants below)
	texts [numTableTexts][]words.Text
	// per region: a move by land into it as a friend and as a foe; nil
	// unless it is a home province (only those have a status)
	status []*statusLabels
	// per nation fought, per kind of one's own unit (army, fleet): the
	// battle labels by battleLabel
	battle [][2][numBattleLabels]words.Text
}

// The texts a listTable keeps per region.
const (
	tFleetTo     = iota // label: a fleet's move to the region
	tArmyTo             // label: an army's move by land to the region
	tDestroy            // label: destroying the region's factory
	tGroupFleet         // group: the fleet in the region
	tGroupArmy          // group: the armies in the region
	tGroupLand          // group: the armies in the region, by land
	tGroupConvoy        // group: the armies in the region, by convoy
	tGroupBattle        // group: the battles in the region
	numTableTexts
)

// The battle labels a listTable keeps per nation fought and own unit.
const (
	bAgainstArmy  = iota // against an army (a neutral region or own home)
	bAgainstFleet        // against a fleet
	bLying               // against a lying army in a foreign home province
	bStanding            // against a standing army there
	numBattleLabels
)

var listTables sync.Map // *board.Board -> *listTable

// table is the listTable of the state's board, made on first use.
func (s *State) table() *listTable {
	if t, ok := listTables.Load(s.b); ok {
		return t.(*listTable)
	}
	t, _ := listTables.LoadOrStore(s.b, newListTable(s.b))
	return t.(*listTable)
}

func newListTable(b *board.Board) *listTable {
	n := len(b.Regions)
	t := &listTable{regionRef: make([]string, n), ids: make([]string, n), quoted: make([]string, n),
		status: make([]*statusLabels, n)}
	for k := range t.texts {
		t.texts[k] = make([]words.Text, n)
	}
	term := func(id, name string, r int) words.Text {
		return words.New(id).Term(name, b.Regions[r].Term)
	}
	for r, reg := range b.Regions {
		t.regionRef[r], t.ids[r] = game.Ref("region", reg.ID), reg.ID
		if q, ok := appendPlain(nil, reg.ID, true); ok {
			t.quoted[r] = string(q)
		}
		t.texts[tFleetTo][r] = term("imperial.move.fleet", "to", r)
		t.texts[tArmyTo][r] = term("imperial.move.army", "to", r)
		t.texts[tDestroy][r] = term("imperial.move.destroy", "region", r)
		t.texts[tGroupFleet][r] = term("imperial.group.fleet", "region", r)
		t.texts[tGroupArmy][r] = term("imperial.group.army", "region", r)
		t.texts[tGroupLand][r] = term("imperial.group.army_land", "region", r)
		t.texts[tGroupConvoy][r] = term("imperial.group.army_convoy", "region", r)
		t.texts[tGroupBattle][r] = term("imperial.group.battle", "region", r)
		if reg.Kind == board.Home {
			t.status[r] = statusOf(t.texts[tArmyTo][r])
		}
	}
	t.unitRef = make([][]string, len(b.Nations))
	t.battle = make([][2][numBattleLabels]words.Text, len(b.Nations))
	for ni, nat := range b.Nations {
		refs := make([]string, 2*n)
		for r, reg := range b.Regions {
			refs[r] = game.Ref("region", reg.ID, "unit", "army", "nation", nat.ID)
			refs[n+r] = game.Ref("region", reg.ID, "unit", "fleet", "nation", nat.ID)
		}
		t.unitRef[ni] = refs
		for k, mine := range []string{"army", "fleet"} {
			t.battle[ni][k] = battleLabels(nat.Term, mine)
		}
	}
	return t
}

// battleLabels are the labels of a battle fought by one's unit of kind
// mine against the nation named by term.
func battleLabels(term, mine string) [numBattleLabels]words.Text {
	var out [numBattleLabels]words.Text
	nat := words.Named{Name: "nation", Arg: words.Term(term)}
	unit := words.Named{Name: "unit", Arg: words.Term(unitKey(mine))}
	target := func(kind string) words.Named { return words.Named{Name: "target", Arg: words.Term(unitKey(kind))} }
	out[bAgainstArmy] = words.Make("imperial.move.battle", nat, unit, target("army"))
	out[bAgainstFleet] = words.Make("imperial.move.battle", nat, unit, target("fleet"))
	out[bLying] = words.Make("imperial.move.battle_lying", nat, unit)
	out[bStanding] = words.Make("imperial.move.battle_standing", nat, unit)
	return out
}

// text is the table's text of kind k for region r.
func (t *listTable) text(k, r int) words.Text { return t.texts[k][r] }

// unit is the reference of nation ni's unit marker of kind in region r.
func (t *listTable) unit(ni, r int, kind string) string {
	if kind == "fleet" {
		return t.unitRef[ni][len(t.regionRef)+r]
	}
	return t.unitRef[ni][r]
}
