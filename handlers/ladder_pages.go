package handlers

import (
	"fmt"
	"html/template"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/store"
	"rondel/store/rating"
)

func ordinal(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

func signed(x float64) string {
	if math.Abs(x) < 0.05 {
		return "±0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// duration says a median time to move in rough words.
func duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "–"
	case d < time.Minute:
		return "under a minute"
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%.1f h", d.Hours())
	default:
		return fmt.Sprintf("%.1f days", d.Hours()/24)
	}
}

type ladderIndexPage struct {
	Games []game.Info
	Admin bool // may import games
}

func (a *archive) ladderIndex(c *echo.Context) error {
	return a.s.render(c, http.StatusOK, "ladder_index", "Ladders", ladderIndexPage{Games: a.s.store.Registry().List(),
		Admin: a.s.cfg.IsAdmin(currentUser(c).Email)})
}

// ladderRow is one line of a ladder table, ready to show.
type ladderRow struct {
	Rank        int
	MemberID    int64
	Name        string
	Rating      string
	Games       int
	Wins        int
	Provisional bool
	Timeouts    int
	Median      string
	You         bool
}

type seasonTab struct {
	Name, Link string
	Current    bool
}

type ladderPage struct {
	Kind        string
	Name        string
	Season      string // "" for all time
	Tabs        []seasonTab
	Rows        []ladderRow
	Records     string // link to the games as ndjson
	Provisional int
}

func (a *archive) ladderPage(c *echo.Context) error {
	ctx := c.Request().Context()
	kind, err := a.kindParam(c)
	if err != nil {
		return err
	}
	ls, err := a.book.Ladders(ctx, kind)
	if err != nil {
		return err
	}
	p := ladderPage{Kind: kind, Name: a.s.kindName(kind), Season: c.QueryParam("season"), Provisional: rating.ProvisionalGames,
		Records: "/ladder/" + kind + "/records.ndjson"}
	ladder := ls.AllTime
	p.Tabs = append(p.Tabs, seasonTab{Name: "All time", Link: "/ladder/" + kind, Current: p.Season == ""})
	for i, s := range ls.Seasons {
		link := "/ladder/" + kind + "?season=" + urlQuery(s.Name)
		p.Tabs = append(p.Tabs, seasonTab{Name: "Season " + s.Name, Link: link, Current: s.Name == p.Season})
		if s.Name == p.Season {
			ladder = ls.Season[i]
			p.Records += "?season=" + urlQuery(s.Name)
		}
	}
	if p.Season != "" && seasonIndex(ls.Seasons, p.Season) < 0 {
		return fail(http.StatusNotFound, "No such season", "The club has no season of that name.")
	}
	rel, err := a.s.store.Reliabilities(ctx, kind)
	if err != nil {
		return err
	}
	you := currentUser(c).ID
	for _, st := range ladder.Table() {
		id, _ := strconv.ParseInt(st.Member, 10, 64)
		row := ladderRow{Rank: st.Rank, MemberID: id, Name: st.Member, Rating: ordinal(st.Ordinal), Games: st.Games, Wins: st.Wins,
			Provisional: st.Provisional, Timeouts: rel[st.Member].Timeouts, Median: duration(rel[st.Member].MedianMove), You: id == you}
		if u, err := a.s.store.User(ctx, id); err == nil {
			row.Name = u.Name()
		}
		p.Rows = append(p.Rows, row)
	}
	return a.s.render(c, http.StatusOK, "ladder_page", p.Name+" ladder", p)
}

func urlQuery(s string) string { return strings.ReplaceAll(template.URLQueryEscaper(s), "+", "%20") }

// playerGame is one game on a player's page.
type playerGame struct {
	ID     int64
	Name   string
	Kind   string
	Status string
	Place  int
	Score  string
	Of     int
	Rated  bool
	Change string
	When   time.Time
}

// playerLadder is the player's standing and history on one game's ladder.
type playerLadder struct {
	Kind, Name string
	Standing   rating.Standing
	Rank       int
	Rating     string
	Plot       template.HTML
}

type playerPage struct {
	User    *store.User
	Ladders []playerLadder
	Games   []playerGame
}

func (a *archive) playerPage(c *echo.Context) error {
	ctx := c.Request().Context()
	u, err := a.member(c)
	if err != nil {
		return err
	}
	games, err := a.s.store.GamesOf(ctx, u.ID)
	if err != nil {
		return err
	}
	member := store.MemberID(u.ID)
	p := playerPage{User: u}
	ladders := map[string]*rating.Ladders{}
	for _, info := range a.s.store.Registry().List() {
		ls, err := a.book.Ladders(ctx, info.ID)
		if err != nil {
			return err
		}
		ladders[info.ID] = ls
		st, ok := ls.AllTime.Member(member)
		if !ok {
			continue
		}
		pl := playerLadder{Kind: info.ID, Name: info.Name, Standing: st, Rating: ordinal(st.Ordinal), Plot: historySVG(ls.AllTime.History(member))}
		for _, row := range ls.AllTime.Table() {
			if row.Member == member {
				pl.Rank = row.Rank
			}
		}
		p.Ladders = append(p.Ladders, pl)
	}
	for _, g := range games {
		pg := playerGame{ID: g.ID, Name: g.Name, Kind: a.s.kindName(g.GameID), Status: g.Status, Rated: g.Rated, When: g.CreatedAt}
		if g.FinishedAt != nil {
			pg.When = *g.FinishedAt
		}
		if res := g.GameResult(); res != nil {
			seats, err := a.s.store.Seats(ctx, g.ID)
			if err != nil {
				return err
			}
			if seat := store.SeatOf(seats, u.ID); seat >= 0 && seat < len(res.Places) {
				pg.Place, pg.Of = res.Places[seat], len(res.Places)
				if seat < len(res.Scores) {
					pg.Score = strconv.Itoa(res.Scores[seat])
				}
			}
		}
		if ls := ladders[g.GameID]; ls != nil {
			if r, ok := ls.AllTime.Game(store.LadderGameID(g.ID)); ok {
				for _, ch := range r.Changes {
					if ch.Member == member {
						pg.Change = signed(ch.OrdinalChange())
					}
				}
			}
		}
		p.Games = append(p.Games, pg)
	}
	return a.s.render(c, http.StatusOK, "ladder_player", u.Name(), p)
}

// historySVG draws a member's rating (ordinal) after each game as a line
// plot. Only numbers go into it, so it is safe to embed.
func historySVG(points []rating.Point) template.HTML {
	if len(points) == 0 {
		return ""
	}
	const w, h, left, right, top, bottom = 600.0, 200.0, 44.0, 12.0, 12.0, 28.0
	lo, hi := 0.0, 0.0
	for _, p := range points {
		lo, hi = math.Min(lo, p.Rating.Ordinal()), math.Max(hi, p.Rating.Ordinal())
	}
	lo, hi = math.Floor(lo/5)*5, math.Ceil(hi/5)*5
	if hi-lo < 5 {
		hi = lo + 5
	}
	x := func(i int) float64 {
		if len(points) == 1 {
			return left + (w-left-right)/2
		}
		return left + float64(i)*(w-left-right)/float64(len(points)-1)
	}
	y := func(v float64) float64 { return top + (hi-v)*(h-top-bottom)/(hi-lo) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="rating-history" viewBox="0 0 %g %g" width="100%%" role="img" aria-label="Rating after each game">`, w, h)
	for _, v := range []float64{lo, (lo + hi) / 2, hi} {
		fmt.Fprintf(&b, `<line x1="%g" x2="%g" y1="%.1f" y2="%.1f" stroke="#ccc"/><text x="%g" y="%.1f" font-size="11" text-anchor="end">%s</text>`,
			left, w-right, y(v), y(v), left-4, y(v)+4, ordinal(v))
	}
	if lo < 0 && hi > 0 {
		fmt.Fprintf(&b, `<line x1="%g" x2="%g" y1="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="4 3"/>`, left, w-right, y(0), y(0))
	}
	var path []string
	for i, p := range points {
		path = append(path, fmt.Sprintf("%.1f,%.1f", x(i), y(p.Rating.Ordinal())))
	}
	fmt.Fprintf(&b, `<polyline fill="none" stroke="#2a6" stroke-width="2" points="%s"/>`, strings.Join(path, " "))
	for i, p := range points {
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="#2a6"><title>game %s, %s: %s</title></circle>`,
			x(i), y(p.Rating.Ordinal()), template.HTMLEscapeString(p.Game), p.At.UTC().Format("2006-01-02"), ordinal(p.Rating.Ordinal()))
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="11">game 1</text><text x="%g" y="%g" font-size="11" text-anchor="end">game %d</text></svg>`,
		left, h-8, w-right, h-8, len(points))
	return template.HTML(b.String())
}
