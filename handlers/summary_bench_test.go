package handlers

import (
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/selfplay"
	"rondel/game/words"
)

// BenchmarkOverviewImperial says the overview of an Imperial position
// in mid-game (a game page's first view does, about 5 KB of HTML).
func BenchmarkOverviewImperial(b *testing.B) {
	benchmarkOverview(b, game.NewRegistry(imperial.New()), "imperial", 4)
}

// BenchmarkOverviewCaesar says the overview of a Cäsars Imperium
// position in mid-game.
func BenchmarkOverviewCaesar(b *testing.B) {
	benchmarkOverview(b, game.NewRegistry(caesar.New()), "caesars-imperium", 3)
}

// benchmarkOverview self-plays 300 moves of kind and says the position's
// overview from its Summary, as a first view does (the summary made each
// time, with the memo warm).
func benchmarkOverview(b *testing.B, reg *game.Registry, kind string, players int) {
	out, err := selfplay.Play(reg, kind, selfplay.Config{Players: players, MaxMoves: 300, NoWordCheck: true}, 5)
	if err != nil {
		b.Fatal(err)
	}
	st := out.Final
	g, _ := reg.Get(kind)
	v := vocab{sp: words.English(), kind: kind, domains: domainsOf(g.Info()), terms: buildTermIndex(words.Default()), memo: &vocabMemo{}}
	b.ReportAllocs()
	for b.Loop() {
		if summaryHTML(v, st.Summary()) == "" {
			b.Fatal("no overview")
		}
	}
}
