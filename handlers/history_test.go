package handlers

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/words"
)

// pageMove is one move as the history page shows it.
type pageMove struct {
	seq   int
	round string // the heading of its round
	side  string // the name of its turn's side
	link  string // its link to the board after it
}

func pageMoves(t *testing.T, doc *goquery.Document) []pageMove {
	t.Helper()
	var out []pageMove
	doc.Find("section.history section.round").Each(func(_ int, r *goquery.Selection) {
		round := strings.TrimSpace(r.Find("h3").Text())
		r.Find(".turn").Each(func(_ int, tn *goquery.Selection) {
			side := strings.TrimSpace(tn.Find("p.side strong").Text())
			tn.Find("ol.moves > li").Each(func(_ int, li *goquery.Selection) {
				seq, err := strconv.Atoi(strings.TrimSuffix(li.Find(".seq").Text(), "."))
				if err != nil {
					t.Fatalf("a move without its number: %q", li.Text())
				}
				out = append(out, pageMove{seq: seq, round: round, side: side, link: li.Find("a.to-board").AttrOr("href", "")})
			})
		})
	})
	return out
}

// TestHistoryByRoundsPaged: the history of a long game is shown 50 moves a
// page, newest first, under a heading per round and grouped by turn with
// the nation's (or player's) colour and name, as a replay of the log
// says; links lead to older and newer pages (plain links, no script), and
// every move to the board after it, on the same page.
func TestHistoryByRoundsPaged(t *testing.T) {
	t.Parallel()
	e := newEnvOn(t, finishedRegistry())
	for i, golden := range []string{"imperial-standard-4p-v2", "caesars-imperium-colour-sum-3p-v2"} {
		t.Run(golden, func(t *testing.T) {
			prefix := fmt.Sprint("h", i, "-")
			g, rec := importGolden(t, e, golden, prefix)
			// Where the game stood before each move, by a replay of its record.
			en := words.English().WithNames(seatNamesOf(rec))
			round, side := map[int]string{}, map[int]string{}
			reg := finishedRegistry()
			eng, _ := reg.Get(rec.GameID)
			setup, _ := rec.Setup()
			st, _ := eng.New(setup)
			names := map[string]string{}
			for _, s := range st.(game.Sider).Sides() {
				names[s.ID] = en.Say(s.Name)
			}
			note := func(seq int, s game.State) {
				p := s.(game.Progresser).Progress()
				round[seq], side[seq] = fmt.Sprint("Round ", p.Round), names[p.Side]
			}
			note(1, st)
			if _, err := record.ReplayEach(reg, rec, func(i int, s game.State, _ []game.Event) error {
				note(i+2, s)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			last := len(rec.Moves)
			b := e.browser()
			b.signIn(prefix + "0@example.org")
			path := fmt.Sprintf("/games/%d/history", g.ID)
			_, doc := b.get(path)
			seen := map[int]bool{}
			for page := 0; ; page++ {
				moves := pageMoves(t, doc)
				if len(moves) == 0 || len(moves) > historyPageSize {
					t.Fatalf("page %d shows %d moves", page, len(moves))
				}
				if page == 0 && moves[0].seq != last {
					t.Fatalf("the first page starts at move %d, not the newest (%d)", moves[0].seq, last)
				}
				for k, m := range moves {
					if k > 0 && m.seq != moves[k-1].seq-1 {
						t.Fatalf("page %d: move %d after %d", page, m.seq, moves[k-1].seq)
					}
					if m.round != round[m.seq] || m.side != side[m.seq] {
						t.Errorf("move %d under %q, %q; the replay says %q, %q", m.seq, m.round, m.side, round[m.seq], side[m.seq])
					}
					seen[m.seq] = true
				}
				doc.Find("section.history .turn").Each(func(_ int, tn *goquery.Selection) {
					if style := tn.AttrOr("style", ""); !strings.HasPrefix(style, "border-left-color: #") || tn.Find("p.side .chip").Length() != 1 {
						t.Errorf("a turn not shown in its colour: %q", style)
					}
				})
				// A move's link shows the board after it, keeping the page.
				if page == 1 {
					m := moves[7]
					_, board := b.get(path + m.link)
					if h := board.Find("#board h2").Text(); h != fmt.Sprintf("The board after move %d", m.seq) {
						t.Errorf("link %s shows %q", m.link, h)
					}
					cur := board.Find("ol.moves > li.current .seq").Text()
					if again := pageMoves(t, board); cur != fmt.Sprintf("%d.", m.seq) || again[0].seq != moves[0].seq {
						t.Errorf("the board's page marks %q and starts at %d, not %d", cur, again[0].seq, moves[0].seq)
					}
				}
				older, ok := doc.Find(`p.pager a[rel="next"]`).First().Attr("href")
				if !ok {
					if moves[len(moves)-1].seq != 1 {
						t.Fatalf("no older page after move %d", moves[len(moves)-1].seq)
					}
					break
				}
				if _, err := url.Parse(older); err != nil {
					t.Fatal(err)
				}
				_, doc = b.get(path + older)
				if newer := doc.Find(`p.pager a[rel="prev"]`).First().AttrOr("href", ""); newer == "" {
					t.Fatalf("page %d has no link back to newer moves", page+1)
				}
			}
			t.Logf("%d moves over the pages", len(seen))
			if len(seen) != last {
				t.Errorf("the pages show %d of %d moves", len(seen), last)
			}
		})
	}
}

func seatNamesOf(rec *record.Record) []string {
	var out []string
	for _, p := range rec.Players {
		out = append(out, p.Name)
	}
	return out
}
