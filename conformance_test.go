package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/record"
	"rondel/game/rng"
)

// The conformance test runs every hosted game (games.go), in every
// variant its options allow, through every interface of the contract it
// claims (docs/architecture.md, "Adding a game"): a short seeded random
// game by default, whole games with every position checked under
// RONDEL_LONG=1.

// conformanceChecks names what the test checks of each interface of the
// contract; TestConformanceCoversTheContract fails when game/*.go
// declares an interface this list does not name.
var conformanceChecks = map[string]string{
	"Game":          "New for every variant; Info's words",
	"State":         "listed moves accepted, Apply leaves its receiver, ToAct agrees with LegalMoves, the caretaker's move accepted, words of decisions, moves, events, summary and result",
	"Canonicalizer": "every listed move is its own canonical form, respelled too",
	"Folder":        "folding the moves into a fresh state gives the state Apply gave",
	"Checker":       "invariants hold at every position",
	"Drawer":        "an <svg> document for every viewer in every language",
	"Layerer":       "the map asset and the position over it are <svg> documents for every viewer in every language; every reference of the position names an element of the asset; the position carries every data- reference the whole board carries",
	"Picturer":      "a PNG of the requested width for a seat and a watcher, marks against an earlier position; its legend's words",
	"Describer":     "a deciding seat's situation can be said",
	"Progresser":    "a phase at every position, rounds never go back, the side to move is a side",
	"Sider":         "every side's name can be said",
	"Glancer":       "the glance of a spectator and of every seat: a cell per column, words said, only the viewer's rows marked",
	"Chronicler":    "the chronicle follows the game; its account's words and shapes",
	"Chronicle":     "(with Chronicler)",
	"Withholder":    "every withheld move's words",
	"Ender":         "EndNow scores every seat and leaves the state",
	"Concluder":     "the concluded position is finished, asks nobody and has EndNow's result",
	"Revealer":      "asked of every listed move without failing",
	"OrderTaker":    "every order a seat's order answers is accepted",
	"SubjectNamer":  "every decision's subject can be named",
	"StateV1":       "the version 1 hash can be made",
	"ResultV1":      "a finished game's version 1 result",
	"MoveBufLister": "listing every seat into one reused MoveBuf gives LegalMoves' list at every checked position",
	"Importer":      "refuses what is not its format; a sample log replays to the state it imported",
}

// conformanceCase is one game and variant to play.
type conformanceCase struct {
	name    string
	game    string
	players int
	opts    game.Options
	seed    uint64
}

// conformanceCases plays each hosted game with its default options at its
// most players, and each other choice of each option at few players
// (where the options of small games apply).
func conformanceCases(reg *game.Registry) []conformanceCase {
	var out []conformanceCase
	for _, info := range reg.List() {
		out = append(out, conformanceCase{name: info.ID, game: info.ID, players: info.MaxPlayers, opts: game.Options{}})
		j := 0
		for _, o := range info.Options {
			choices := o.Choices
			if o.Kind == game.OptionBool {
				choices = []string{"true", "false"}
			}
			for _, ch := range choices {
				if ch == o.Default {
					continue
				}
				players := min(info.MinPlayers+j%2, info.MaxPlayers)
				out = append(out, conformanceCase{name: fmt.Sprintf("%s %s=%s", info.ID, o.Name, ch), game: info.ID,
					players: players, opts: game.Options{o.Name: ch}})
				j++
			}
		}
	}
	for i := range out {
		out[i].seed = uint64(4100 + i)
	}
	return out
}

func TestHostedGamesConform(t *testing.T) {
	reg := registry()
	cases := conformanceCases(reg)
	if len(cases) < 10 {
		t.Fatalf("only %d games and variants: %+v", len(cases), cases)
	}
	// Whole games, each checked at every 20th position (and the last) in
	// the quick loop, at every position in the long run.
	const maxMoves = 5000
	every := 20
	if gametest.Long() {
		every = 1
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			claims, moves, over := conform(t, reg, c, maxMoves, every)
			t.Logf("%d players, %d moves (finished %v), claims %s", c.players, moves, over, strings.Join(claims, ", "))
		})
	}
}

// conform plays c and checks it; it returns the interfaces the game's
// states implement, the moves played and whether the game ended.
func conform(t *testing.T, reg *game.Registry, c conformanceCase, maxMoves, every int) (claims []string, moves int, over bool) {
	g, err := reg.Get(c.game)
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	sayAll(t, "the game's info", info)
	names := make([]string, c.players)
	for i := range names {
		names[i] = fmt.Sprintf("Player %d", i+1)
	}
	setup := game.Setup{Players: names, Options: c.opts, Seed: c.seed}
	start, err := g.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	var chron game.Chronicle
	if ch, ok := start.(game.Chronicler); ok {
		chron = ch.Chronicle()
	}
	drawAll(t, start, c.players)
	layersAll(t, start, c.players)
	rec := record.New(c.game, setup)
	src := rng.New(c.seed)
	pc := &positionCheck{players: c.players}
	s, mid := start, start
	var buf game.MoveBuf
	for i := 0; !s.Finished() && len(rec.Moves) < maxMoves; i++ {
		if i%every == 0 {
			pc.check(t, s, i, true)
			checkMoveBuf(t, s, c.players, &buf)
			if t.Failed() {
				t.Fatalf("at move %d", i)
			}
		}
		seat, move := pickMove(t, s, src)
		next, events, err := s.Apply(seat, move)
		if err != nil {
			t.Fatalf("move %d: listed move %s of seat %d refused: %v", i+1, move, seat, err)
		}
		sayAll(t, fmt.Sprintf("the events of move %d", i+1), events)
		if chron != nil {
			chron.Step(next, events)
		}
		rec.Moves = append(rec.Moves, record.Move{Seat: seat, Move: move})
		s = next
		if len(rec.Moves) == maxMoves/2 {
			mid = s
		}
	}
	pc.check(t, s, len(rec.Moves), true)
	drawAll(t, s, c.players)
	layersAll(t, s, c.players)
	checkPicture(t, s, mid)
	checkEnder(t, mid, c.players)
	checkFold(t, g, setup, rec, s)
	checkRecordRoundTrip(t, reg, rec, s)
	checkLegacy(t, s)
	if chron != nil {
		checkAccount(t, chron.Account())
	}
	return claimed(start), len(rec.Moves), s.Finished()
}

// pickMove chooses an open decision and one of its legal moves.
func pickMove(t *testing.T, s game.State, src *rng.Source) (int, json.RawMessage) {
	t.Helper()
	todo := s.ToAct()
	if len(todo) == 0 {
		t.Fatal("not finished, but nobody is asked")
	}
	d := todo[src.Intn(len(todo))]
	legal := s.LegalMoves(d.Seat)
	if len(legal) == 0 {
		t.Fatalf("seat %d is asked (%s) but has no legal move", d.Seat, d.Kind)
	}
	return d.Seat, legal[src.Intn(len(legal))].Move
}

// claimed lists the optional interfaces s implements.
func claimed(s game.State) []string {
	var out []string
	for name, ok := range map[string]bool{
		"Canonicalizer": is[game.Canonicalizer](s), "Folder": is[game.Folder](s), "Checker": is[game.Checker](s),
		"Drawer": is[game.Drawer](s), "Layerer": is[game.Layerer](s), "Picturer": is[game.Picturer](s), "Describer": is[game.Describer](s), "Progresser": is[game.Progresser](s),
		"Sider": is[game.Sider](s), "Glancer": is[game.Glancer](s), "Chronicler": is[game.Chronicler](s), "Withholder": is[game.Withholder](s),
		"Ender": is[game.Ender](s), "Concluder": is[game.Concluder](s), "Revealer": is[game.Revealer](s), "OrderTaker": is[game.OrderTaker](s),
		"SubjectNamer": is[game.SubjectNamer](s), "StateV1": is[game.StateV1](s), "ResultV1": is[game.ResultV1](s),
		"MoveBufLister": is[game.MoveBufLister](s),
	} {
		if ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

func is[I any](s game.State) bool { _, ok := s.(I); return ok }

// checkFold: folding the record's moves into a fresh state gives the
// state the moves applied one by one gave.
func checkFold(t *testing.T, g game.Game, setup game.Setup, rec *record.Record, want game.State) {
	t.Helper()
	s, err := g.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	f, ok := s.(game.Folder)
	if !ok {
		return
	}
	for i, m := range rec.Moves {
		if err := f.Fold(m.Seat, m.Move); err != nil {
			t.Fatalf("Fold of move %d %s: %v", i+1, m.Move, err)
		}
	}
	if a, b := mustJSON(t, s), mustJSON(t, want); !bytes.Equal(a, b) {
		t.Errorf("folding %d moves gave another state than applying them", len(rec.Moves))
	}
}

// checkRecordRoundTrip: the record, written as JSON and read back,
// replays to the same state hash.
func checkRecordRoundTrip(t *testing.T, reg *game.Registry, rec *record.Record, want game.State) {
	t.Helper()
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Decode(data)
	if err != nil {
		t.Fatalf("reading the record back: %v", err)
	}
	got, err := record.Replay(reg, back)
	if err != nil {
		t.Fatalf("replaying the record: %v", err)
	}
	h1, err1 := record.Hash(want)
	h2, err2 := record.Hash(got)
	if err1 != nil || err2 != nil || h1 != h2 {
		t.Errorf("the record replays to hash %s, the game was at %s (%v, %v)", h2, h1, err1, err2)
	}
}

// checkLegacy: a game that keeps version 1 records verifying can hash
// and score as version 1 did.
func checkLegacy(t *testing.T, s game.State) {
	t.Helper()
	if _, ok := s.(game.StateV1); ok {
		if h, err := record.HashFor(1, s); err != nil || h == "" {
			t.Errorf("version 1 hash: %q, %v", h, err)
		}
	}
	if old, ok := s.(game.ResultV1); ok && s.Finished() && old.ResultV1() == nil {
		t.Error("a finished game has no version 1 result")
	}
}

func mustJSON(t *testing.T, s game.State) []byte {
	t.Helper()
	b, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Every interface of the contract has a conformance check (a new one
// needs one here, and a line in docs/architecture.md).
func TestConformanceCoversTheContract(t *testing.T) {
	var missing []string
	for _, name := range contractInterfaces(t) {
		if conformanceChecks[name] == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("interfaces of game/*.go without a conformance check: %v", missing)
	}
}

// importerSamples says where each hosted importer's sample logs are.
var importerSamples = map[string]string{
	"playimperial": filepath.Join("game", "imperial", "playimperial", "testdata"),
}

// Every hosted importer refuses data of another format with an error
// and translates a sample log into a record that replays to the state it
// imported.
func TestHostedImportersConform(t *testing.T) {
	reg := registry()
	for _, im := range reg.Importers() {
		t.Run(im.ID(), func(t *testing.T) {
			for _, junk := range []string{"", "{}", "not json", `{"format":"rondel-game-record"}`} {
				if out, err := im.Import([]byte(junk)); err == nil {
					t.Errorf("%q imported as %+v", junk, out)
				}
			}
			dir, ok := importerSamples[im.ID()]
			if !ok {
				t.Fatalf("no sample logs named for importer %s (importerSamples)", im.ID())
			}
			files, _ := filepath.Glob(filepath.Join(dir, "*.json.gz"))
			slices.Sort(files)
			if len(files) == 0 {
				t.Fatalf("no sample logs in %s", dir)
			}
			for _, f := range files[:min(len(files), 3)] {
				importSample(t, reg, im, f)
			}
		})
	}
}

func importSample(t *testing.T, reg *game.Registry, im game.Importer, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	out, err := im.Import(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	got, err := record.Replay(reg, record.FromImported(out))
	if err != nil {
		t.Fatalf("%s: the imported record does not replay: %v", path, err)
	}
	if h1, h2 := mustHash(t, out.Final), mustHash(t, got); h1 != h2 {
		t.Errorf("%s: the imported record replays to %s, the import ended at %s", path, h2, h1)
	}
}

func mustHash(t *testing.T, s game.State) string {
	t.Helper()
	h, err := record.Hash(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// checkMoveBuf: a MoveBufLister lists every seat into one buffer, reused
// from position to position, exactly what LegalMoves lists (an empty list
// may be nil or not).
func checkMoveBuf(t *testing.T, s game.State, players int, buf *game.MoveBuf) {
	t.Helper()
	l, ok := s.(game.MoveBufLister)
	if !ok {
		return
	}
	for seat := 0; seat < players; seat++ {
		legal, lent := s.LegalMoves(seat), l.ListMoves(buf, seat)
		if len(legal) == 0 && len(lent) == 0 {
			continue
		}
		if a, b := mustMarshal(t, legal), mustMarshal(t, lent); !bytes.Equal(a, b) {
			t.Errorf("seat %d: ListMoves into a reused buffer gives\n%s\nLegalMoves gives\n%s", seat, b, a)
		}
	}
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
