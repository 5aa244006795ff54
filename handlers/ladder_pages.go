package handlers

import (
	"fmt"
	"html/template"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/store"
	"rondel/store/rating"
)

// ladderLink is one game's ladder on the index.
type ladderLink struct{ ID, Name string }

type ladderIndexPage struct {
	Games []ladderLink
	Admin bool // may import games
}

func (a *archive) ladderIndex(c *echo.Context) error {
	sp := a.s.speaker(c)
	p := ladderIndexPage{Admin: a.s.cfg.IsAdmin(currentUser(c).Email)}
	for _, info := range a.s.store.Registry().List() {
		p.Games = append(p.Games, ladderLink{ID: info.ID, Name: sp.Say(info.Name)})
	}
	return a.s.render(c, http.StatusOK, "ladder_index", sp.T("pages.ladder.index_title"), p)
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
	Body        template.HTML // the content, written in Go around the rows (ladder_html.go, rows.go)
	Records     string        // link to the games as ndjson
	Provisional int
	// One page of the ladder: places From to To of Total; Better and
	// Lower link to the neighbouring pages ("" at either end), YourPage
	// to the page with the reader's place when it is not this one.
	From, To, Total int
	Better, Lower   string
	YourRank        int
	YourPage        string
}

// ladderPageSize is how many places one page of a ladder shows: a page
// costs what its rows cost to say, so a club of thousands pages them.
const ladderPageSize = 100

func (a *archive) ladderPage(c *echo.Context) error {
	ctx := c.Request().Context()
	kind, err := a.kindParam(c)
	if err != nil {
		return err
	}
	r := a.s.reader(c)
	p := ladderPage{Kind: kind, Name: a.s.kindName(r.sp, kind), Season: c.QueryParam("season"), Provisional: rating.ProvisionalGames,
		Records: "/ladder/" + kind + "/records.ndjson"}
	p.Tabs = append(p.Tabs, seasonTab{Name: r.sp.T("pages.ladder.all_time"), Link: "/ladder/" + kind, Current: p.Season == ""})
	for _, s := range a.seasons {
		link := "/ladder/" + kind + "?season=" + urlQuery(s.Name)
		p.Tabs = append(p.Tabs, seasonTab{Name: r.sp.T("pages.ladder.season", "season", s.Name), Link: link, Current: s.Name == p.Season})
		if s.Name == p.Season {
			p.Records += "?season=" + urlQuery(s.Name)
		}
	}
	if p.Season != "" && seasonIndex(a.seasons, p.Season) < 0 {
		return fail(http.StatusNotFound, "pages.error.no_season")
	}
	you := currentUser(c).ID
	base := "/ladder/" + kind + "?"
	if p.Season != "" {
		base += "season=" + urlQuery(p.Season) + "&"
	}
	if c.QueryParam("page") == "" {
		if err := a.ladderSlice(c, r, &p, base, you); err != nil {
			return err
		}
		p.Body = ladderHTML(r, &p)
		return a.s.render(c, http.StatusOK, "ladder_page", r.sp.T("pages.ladder.title", "game", p.Name), p)
	}
	// An old numbered link (?page=N): the whole ladder with names and
	// reliabilities in one query, cut to the page.
	rows, err := a.s.store.Ratings().LadderPage(ctx, kind, p.Season)
	if err != nil {
		return err
	}
	page := ladderPageOf(c.QueryParam("page"), len(rows))
	p.Total = len(rows)
	for i, l := range rows {
		id, _ := strconv.ParseInt(l.Member, 10, 64)
		if id == you && i/ladderPageSize != page {
			p.YourRank, p.YourPage = l.Rank, base+"page="+strconv.Itoa(i/ladderPageSize+1)
		}
		if i/ladderPageSize != page {
			continue
		}
		p.Rows = append(p.Rows, ladderRow{Rank: l.Rank, MemberID: id, Name: l.Name, Rating: r.decimal(l.Ordinal), Games: l.Games, Wins: l.Wins,
			Provisional: l.Provisional, Timeouts: l.Reliability.Timeouts, Median: r.duration(l.Reliability.MedianMove), You: id == you})
	}
	if len(p.Rows) > 0 {
		p.From, p.To = page*ladderPageSize+1, page*ladderPageSize+len(p.Rows)
	}
	if page > 0 {
		p.Better = base + "page=" + strconv.Itoa(page)
	}
	if p.To < p.Total {
		p.Lower = base + "page=" + strconv.Itoa(page+2)
	}
	p.Body = ladderHTML(r, &p)
	return a.s.render(c, http.StatusOK, "ladder_page", r.sp.T("pages.ladder.title", "game", p.Name), p)
}

// ladderSlice fills p with the page of the ladder the request's key asks
// for (?after, ?before, ?from; none: the top), read from the key
// (Ratings.LadderPageAt), its links carrying the keys of its ends.
func (a *archive) ladderSlice(c *echo.Context, r *reader, p *ladderPage, base string, you int64) error {
	ctx := c.Request().Context()
	var key *store.LadderKey
	seek := store.LadderAfter
	for _, q := range []struct {
		name string
		seek store.LadderSeek
	}{{"after", store.LadderAfter}, {"before", store.LadderBefore}, {"from", store.LadderFrom}} {
		if v := c.QueryParam(q.name); v != "" {
			k, err := store.ParseLadderKey(v)
			if err != nil {
				return fail(http.StatusNotFound, "pages.error.not_found")
			}
			key, seek = &k, q.seek
			break
		}
	}
	sl, err := a.s.store.Ratings().LadderPageAt(ctx, p.Kind, p.Season, key, seek, ladderPageSize)
	if err != nil {
		return err
	}
	if seek == store.LadderBefore && len(sl.Rows) < ladderPageSize {
		// Near the top: the first page, whole.
		if sl, err = a.s.store.Ratings().LadderPageAt(ctx, p.Kind, p.Season, nil, store.LadderAfter, ladderPageSize); err != nil {
			return err
		}
	}
	p.Total = sl.Total
	p.Rows = make([]ladderRow, 0, len(sl.Rows))
	medians := medianWords{r: r}
	for _, l := range sl.Rows {
		id, _ := strconv.ParseInt(l.Member, 10, 64)
		p.Rows = append(p.Rows, ladderRow{Rank: l.Rank, MemberID: id, Name: l.Name, Rating: r.decimal(l.Ordinal), Games: l.Games, Wins: l.Wins,
			Provisional: l.Provisional, Timeouts: l.Reliability.Timeouts, Median: medians.say(l.Reliability.MedianMove), You: id == you})
	}
	if n := len(sl.Rows); n > 0 {
		p.From, p.To = sl.First, sl.First+n-1
		if p.From > 1 {
			p.Better = base + "before=" + url.QueryEscape(sl.Rows[0].Key().String())
		}
		if p.To < p.Total {
			p.Lower = base + "after=" + url.QueryEscape(sl.Rows[n-1].Key().String())
		}
	}
	if !slices.ContainsFunc(p.Rows, func(row ladderRow) bool { return row.You }) {
		k, rank, ok, err := a.s.store.Ratings().LadderPlace(ctx, p.Kind, p.Season, you)
		if err != nil {
			return err
		}
		if ok {
			p.YourRank, p.YourPage = rank, base+"from="+url.QueryEscape(k.String())
		}
	}
	return nil
}

// medianWords says each median time to move once a page: medians are
// kept to two significant digits of seconds, so the hundred rows of a
// page have a few dozen at most, and saying one is a message with its
// argument (reader.duration).
type medianWords struct {
	r    *reader
	said map[time.Duration]string
}

func (m *medianWords) say(d time.Duration) string {
	if w, ok := m.said[d]; ok {
		return w
	}
	if m.said == nil {
		m.said = make(map[time.Duration]string, 16)
	}
	w := m.r.duration(d)
	m.said[d] = w
	return w
}

// ladderPageOf reads ?page (1 for the best places) as a page index from
// 0; anything else, or past the end, is the first page.
func ladderPageOf(q string, places int) int {
	n, err := strconv.Atoi(q)
	if err != nil || n < 1 || (n-1)*ladderPageSize >= places {
		return 0
	}
	return n - 1
}

func urlQuery(s string) string { return strings.ReplaceAll(template.URLQueryEscaper(s), "+", "%20") }

// playerGame is one game on a player's page.
type playerGame struct {
	ID     int64
	Name   string
	Kind   string
	Status string // in words
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
	games, err := a.s.store.GamesOfUser(ctx, u.ID)
	if err != nil {
		return err
	}
	r := a.s.reader(c)
	p := playerPage{User: u}
	for _, info := range a.s.store.Registry().List() {
		st, ok, err := a.s.store.Ratings().LadderStanding(ctx, info.ID, u.ID)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		points, err := a.s.store.Ratings().RatingHistory(ctx, info.ID, u.ID)
		if err != nil {
			return err
		}
		p.Ladders = append(p.Ladders, playerLadder{Kind: info.ID, Name: r.sp.Say(info.Name), Standing: st, Rank: st.Rank,
			Rating: r.decimal(st.Ordinal), Plot: historySVG(r, points)})
	}
	changes, err := a.s.store.Ratings().MemberRatingChanges(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, l := range games {
		g := l.Game
		pg := playerGame{ID: g.ID, Name: g.Name, Kind: a.s.kindName(r.sp, g.Kind), Status: statusWords(r.sp, g.Status), Rated: g.Rated, When: g.CreatedAt}
		if g.FinishedAt != nil {
			pg.When = *g.FinishedAt
		}
		if res := g.GameResult(); res != nil {
			if seat := store.SeatOf(l.Seats, u.ID); seat >= 0 && seat < len(res.Places) {
				pg.Place, pg.Of = res.Places[seat], len(res.Places)
				if seat < len(res.Scores) {
					pg.Score = r.sp.Number(res.Scores[seat])
				}
			}
		}
		if ch, ok := changes[g.ID]; ok {
			pg.Change = r.signed(ch.OrdinalChange())
		}
		p.Games = append(p.Games, pg)
	}
	return a.s.render(c, http.StatusOK, "ladder_player", u.Name(), p)
}

// historySVG draws a member's rating (ordinal) after each game as a line
// plot. Its words are escaped, so it is safe to embed.
func historySVG(r *reader, points []rating.Point) template.HTML {
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
	esc := template.HTMLEscapeString
	fmt.Fprintf(&b, `<svg class="rating-history" viewBox="0 0 %g %g" width="100%%" role="img" aria-label="%s">`, w, h, esc(r.sp.T("pages.player.plot")))
	for _, v := range []float64{lo, (lo + hi) / 2, hi} {
		fmt.Fprintf(&b, `<line x1="%g" x2="%g" y1="%.1f" y2="%.1f" stroke="#ccc"/><text x="%g" y="%.1f" font-size="11" text-anchor="end">%s</text>`,
			left, w-right, y(v), y(v), left-4, y(v)+4, esc(r.decimal(v)))
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
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="#2a6"><title>%s</title></circle>`,
			x(i), y(p.Rating.Ordinal()), esc(r.sp.T("pages.player.point", "game", p.Game, "date", r.date(p.At), "rating", r.decimal(p.Rating.Ordinal()))))
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="11">%s</text><text x="%g" y="%g" font-size="11" text-anchor="end">%s</text></svg>`,
		left, h-8, esc(r.sp.T("pages.player.game_n", "n", 1)), w-right, h-8, esc(r.sp.T("pages.player.game_n", "n", len(points))))
	return template.HTML(b.String())
}
