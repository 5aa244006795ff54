package handlers

import (
	"testing"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/game/selfplay"
	"rondel/game/words"
)

// BenchmarkOverviewImperial says the overview of an Imperial position
// in mid-game (a game page's first view does, about 5 KB of HTML).
func BenchmarkOverviewImperial(b *testing.B) {
	reg := game.NewRegistry(imperial.New())
	out, err := selfplay.Play(reg, "imperial", selfplay.Config{Players: 4, MaxMoves: 300, NoWordCheck: true}, 5)
	if err != nil {
		b.Fatal(err)
	}
	st := out.Final
	g, _ := reg.Get("imperial")
	v := vocab{sp: words.English(), kind: "imperial", domains: domainsOf(g.Info()), terms: buildTermIndex(words.Default()), memo: &vocabMemo{}}
	sum := st.Summary()
	b.ReportAllocs()
	for b.Loop() {
		if summaryHTML(v, sum) == "" {
			b.Fatal("no overview")
		}
	}
}
