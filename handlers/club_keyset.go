package handlers

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"rondel/store"
)

// The club page's lists page by keyset: "Older" links carry the key of
// the page's last game (finished_after=<time in Unix nanoseconds>.<id>,
// and open_after, playing_after), "Newer" the key of its first
// (..._before=...), and a page deep in a list costs what the first costs.
// The time is the one the list is ordered by: when the game was made
// (open seats), its last move (in play), its end (finished). An old
// ?finished=N (?open=N, ?playing=N) link still shows its page (by offset)
// and leads on by keys.

// clubKeyed reads the page of list name the query asks for and says its
// games in words; at is the time of a game the list is ordered by.
func (s *Server) clubKeyed(r *reader, v clubViewer, q url.Values, name string, at func(store.Listing) time.Time,
	read func(store.ClubPage) ([]store.Listing, bool, error)) (clubList, error) {
	var pg store.ClubPage
	if k, ok := parseClubKey(q.Get(name + "_after")); ok {
		pg.Key = &k
	} else if k, ok := parseClubKey(q.Get(name + "_before")); ok {
		pg.Key, pg.Back = &k, true
	} else if n, err := strconv.Atoi(q.Get(name)); err == nil && n > 1 && n <= 10000 {
		pg.Offset = (n - 1) * clubPageSize
	}
	ls, more, err := read(pg)
	if err != nil {
		return clubList{}, err
	}
	out := s.clubRows(r, v, name, ls)
	if len(ls) == 0 {
		if pg.Key != nil || pg.Offset > 0 { // past either end: back to the first page
			out.Prev = clubLink(q, name, "", "")
		}
		return out, nil
	}
	older := more || (pg.Key != nil && pg.Back)
	newer := pg.Offset > 0 || (pg.Key != nil && !pg.Back) || (pg.Back && more)
	if older {
		out.Next = clubLink(q, name, name+"_after", clubKeyOf(at, ls[len(ls)-1]))
	}
	if newer {
		out.Prev = clubLink(q, name, name+"_before", clubKeyOf(at, ls[0]))
	}
	return out, nil
}

// clubLink is the club page with q's other lists and filters as they are
// and list name at the key given (none: its first page).
func clubLink(q url.Values, name, param, key string) string {
	u := url.Values{}
	for k, vs := range q {
		u[k] = vs
	}
	for _, k := range []string{name, name + "_after", name + "_before"} {
		u.Del(k)
	}
	if param != "" {
		u.Set(param, key)
	}
	return "/club?" + u.Encode() + "#" + name
}

func clubKeyOf(at func(store.Listing) time.Time, l store.Listing) string {
	return clubKey(at(l), l.Game.ID)
}

// clubKey writes a list's key: a row's time and id.
func clubKey(at time.Time, id int64) string {
	return strconv.FormatInt(at.UnixNano(), 10) + "." + strconv.FormatInt(id, 10)
}

// The times the club's lists are ordered by.
func createdAt(l store.Listing) time.Time  { return l.Game.CreatedAt }
func lastMoveAt(l store.Listing) time.Time { return l.Summary.LastMoveAt }
func finishedAt(l store.Listing) time.Time {
	if l.Game.FinishedAt == nil {
		return time.Time{}
	}
	return *l.Game.FinishedAt
}

func parseClubKey(v string) (store.ClubKey, bool) {
	at, id, ok := strings.Cut(v, ".")
	if !ok {
		return store.ClubKey{}, false
	}
	ns, err1 := strconv.ParseInt(at, 10, 64)
	n, err2 := strconv.ParseInt(id, 10, 64)
	if err1 != nil || err2 != nil || ns < 0 || n <= 0 {
		return store.ClubKey{}, false
	}
	return store.ClubKey{At: time.Unix(0, ns).UTC(), ID: n}, true
}
