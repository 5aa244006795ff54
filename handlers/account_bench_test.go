package handlers

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/words"
)

// goldenAccount is the account a golden record's game keeps when it ends,
// as the store writes it.
func goldenAccount(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "game", "record", "testdata", "golden", name+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := record.Decode(data)
	if err != nil {
		tb.Fatal(err)
	}
	acc, err := record.Account(finishedRegistry(), rec)
	if err != nil {
		tb.Fatal(err)
	}
	out, err := json.Marshal(acc)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// BenchmarkAccountView: what a finished game's first view spends on its
// account once the store has read its row: decoding it, saying it and
// drawing its plots.
func BenchmarkAccountView(b *testing.B) {
	data := goldenAccount(b, "imperial-standard-4p-v2")
	sp := words.Default().Speaker("de", nil)
	b.ReportAllocs()
	for b.Loop() {
		acc, err := game.ReadAccount(data)
		if err != nil {
			b.Fatal(err)
		}
		sayAccount(sp, acc)
	}
}

// BenchmarkReadAccount: decoding a stored account alone (store.Account's
// part after its row is read).
func BenchmarkReadAccount(b *testing.B) {
	data := goldenAccount(b, "imperial-standard-4p-v2")
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := game.ReadAccount(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAccountHTML: writing a said account as the page's HTML, its
// plots drawn (the rest of the account's part of a first view).
func BenchmarkAccountHTML(b *testing.B) {
	acc, err := game.ReadAccount(goldenAccount(b, "imperial-standard-4p-v2"))
	if err != nil {
		b.Fatal(err)
	}
	r := testReader("de")
	a := sayAccount(r.sp, acc)
	b.ReportAllocs()
	for b.Loop() {
		accountHTML(r, a)
	}
}
