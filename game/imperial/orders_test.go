package imperial

import (
	"slices"
	"testing"

	"rondel/game"
)

func orderIDs(specs []game.OrderSpec) []string {
	var out []string
	for _, s := range specs {
		out = append(out, s.ID)
	}
	return out
}

// Imperial offers its orders with the board's nations as choices; canal
// passage only where the board has canals.
func TestStandingOrdersOffered(t *testing.T) {
	europe, world := table(t), table2030(t, nil, "EU")
	if got := orderIDs(europe.StandingOrders()); !slices.Equal(got, []string{OrderNeverBattle, OrderForceInvestor}) {
		t.Errorf("Imperial offers %v", got)
	}
	specs := world.StandingOrders()
	if got := orderIDs(specs); !slices.Equal(got, []string{OrderNeverBattle, OrderForceInvestor, OrderGrantCanal}) {
		t.Errorf("Imperial 2030 offers %v", got)
	}
	canal, _ := game.FindOrder(specs, OrderGrantCanal)
	if got := testSpeaker.Say(canal.Describe(game.Order{ID: OrderGrantCanal, Param: "EU"})); got != "Grant canal passage to Europe" {
		t.Errorf("canal order in words: %q", got)
	}
	if len(canal.Param.Choices) != 6 || canal.Check(game.Order{ID: OrderGrantCanal, Param: "FR"}) == nil {
		t.Errorf("the 2030 nations are the choices, France is none of them: %+v", canal.Param.Choices)
	}
}

// Never demand a battle against France: Germany, asked whether it demands
// a battle against the French army that entered Cologne, declines; an
// order about another nation, or about canals, does not answer.
func TestNeverBattleOrder(t *testing.T) {
	s := table(t)
	place(s, FR, "belgium", 1, 0, 0)
	place(s, GE, "cologne", 1, 0, 0)
	ns := maneuver(t, s, FR)
	ns, _ = play(t, ns, FR, `{"type":"army","from":"belgium","to":"cologne","hostile":true}`)
	ns, _ = play(t, ns, FR, `{"type":"peace"}`)
	if got := decisions(ns); !slices.Equal(got, []string{"4:demand-battle:GE"}) {
		t.Fatalf("decisions %v, want Germany asked", got)
	}
	for _, o := range []game.Order{{ID: OrderNeverBattle, Param: "IT"}, {ID: OrderForceInvestor}, {ID: OrderGrantCanal, Param: "FR"}} {
		if mv, ok := ns.AnswerOrder(GE, o); ok {
			t.Errorf("order %+v answered with %s", o, mv)
		}
	}
	if mv, ok := ns.AnswerOrder(FR, game.Order{ID: OrderNeverBattle, Param: "FR"}); ok {
		t.Errorf("France is not asked, yet its order answered %s", mv)
	}
	mv, ok := ns.AnswerOrder(GE, game.Order{ID: OrderNeverBattle, Param: "FR"})
	if !ok || string(mv) != `{"type":"no_battle","nation":"GE"}` {
		t.Fatalf("never-battle against France: %s %v", mv, ok)
	}
	if _, _, err := ns.Apply(GE, mv); err != nil {
		t.Fatal(err)
	}
}

// Grant canal passage to Europe: the USA, asked whether Europe's fleet may
// pass Suez, lets it through (rule book 002's canal example).
func TestGrantCanalOrder(t *testing.T) {
	s := table2030(t, nil, "EU")
	eu, us := nationOf(t, s, "EU"), nationOf(t, s, "US")
	s.Flags[regionOf(t, s, "northafrica")] = us
	s.Units[eu][regionOf(t, s, "mediterraneansea")] = Stack{Fleets: 1}
	s = maneuverOf(t, s, "EU")
	s, _ = playMove(t, s, eu, Move{Type: MFleet, From: "mediterraneansea", To: "indianocean"})
	if _, ok := s.AnswerOrder(us, game.Order{ID: OrderGrantCanal, Param: "RU"}); ok {
		t.Error("passage granted to Russia's order while Europe asks")
	}
	mv, ok := s.AnswerOrder(us, game.Order{ID: OrderGrantCanal, Param: "EU"})
	if !ok {
		t.Fatal("the order to let Europe pass did not answer")
	}
	next, _, err := s.Apply(us, mv)
	if err != nil {
		t.Fatal(err)
	}
	if next.(*State).Units[eu][regionOf(t, s, "indianocean")].Fleets != 1 {
		t.Error("the fleet did not pass Suez")
	}
}
