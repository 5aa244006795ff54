package handlers

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"rondel/store"
)

// The finished games grow without end, so their list pages by keyset:
// "Older" links carry the key of the page's last game
// (finished_after=<end in Unix nanoseconds>.<id>), "Newer" the key of its
// first (finished_before=...), and a page deep in the list costs what the
// first costs. An old ?finished=N link still shows its page (by offset)
// and leads on by keys.

// finishedList reads the page of finished games the query asks for and
// says its games in words.
func (s *Server) finishedList(r *reader, v clubViewer, q url.Values, read func(store.ClubPage) ([]store.Listing, bool, error)) (clubList, error) {
	const name = "finished"
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
		out.Next = clubLink(q, name, name+"_after", clubKeyOf(ls[len(ls)-1]))
	}
	if newer {
		out.Prev = clubLink(q, name, name+"_before", clubKeyOf(ls[0]))
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

func clubKeyOf(l store.Listing) string {
	var at int64
	if l.Game.FinishedAt != nil {
		at = l.Game.FinishedAt.UnixNano()
	}
	return strconv.FormatInt(at, 10) + "." + strconv.FormatInt(l.Game.ID, 10)
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
