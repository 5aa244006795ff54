package game

import (
	"testing"

	"rondel/game/words"
)

func TestOrderSpecCheckAndDescribe(t *testing.T) {
	plain := OrderSpec{ID: "always", Label: words.New("takeaway.order.cheer")}
	named := OrderSpec{ID: "vote", Label: words.New("takeaway.order.vote"), Param: &OrderParam{Name: "vote",
		Choices: []OrderChoice{{Value: "groan", Label: words.New("takeaway.order.groan")}}}}
	en := words.English()
	for _, c := range []struct {
		spec  OrderSpec
		order Order
		ok    bool
		words string
	}{
		{plain, Order{ID: "always"}, true, "cheer"},
		{plain, Order{ID: "always", Param: "FR"}, false, "cheer"},
		{plain, Order{ID: "vote"}, false, "cheer"},
		{named, Order{ID: "vote", Param: "groan"}, true, "Always groan at a multiple of five"},
		{named, Order{ID: "vote"}, false, "Always  at a multiple of five"},
		{named, Order{ID: "vote", Param: "grumble"}, false, "Always grumble at a multiple of five"}, // an old value is shown as it is
	} {
		if err := c.spec.Check(c.order); (err == nil) != c.ok {
			t.Errorf("%s %+v: check %v, want ok=%v", c.spec.ID, c.order, err, c.ok)
		}
		if got := en.Say(c.spec.Describe(c.order)); got != c.words {
			t.Errorf("%s %+v: %q, want %q", c.spec.ID, c.order, got, c.words)
		}
	}
	if _, ok := FindOrder([]OrderSpec{plain, named}, "vote"); !ok {
		t.Error("FindOrder missed vote")
	}
	if _, ok := FindOrder([]OrderSpec{plain}, "vote"); ok {
		t.Error("FindOrder found what is not there")
	}
}
