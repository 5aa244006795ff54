package handlers

import (
	"strconv"
	"strings"
	"time"
)

// A finished game's last moves in words, as its kept page parts hold them
// (finished_pages.go): read back, they spare a first view reading the
// log's last rows and saying their events. Their times stay times: the
// page says them in its reader's zone.
//
// Each move is a line "seq at flags events\n" (at in Unix nanoseconds,
// flags 1 cancelled and 2 take-back), then its player's name, who made
// it for them and each event, every one written as "length\n" and its
// bytes.

// encodeMoveViews writes ms.
func encodeMoveViews(ms []moveView) string {
	var b strings.Builder
	for _, m := range ms {
		flags := 0
		if m.Cancelled {
			flags |= 1
		}
		if m.TakeBack {
			flags |= 2
		}
		for i, n := range []int64{int64(m.Seq), m.At.UnixNano(), int64(flags), int64(len(m.Events))} {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.FormatInt(n, 10))
		}
		b.WriteByte('\n')
		for _, s := range append([]string{m.Who, m.By}, m.Events...) {
			b.WriteString(strconv.Itoa(len(s)))
			b.WriteByte('\n')
			b.WriteString(s)
		}
	}
	return b.String()
}

// moveReader reads what encodeMoveViews wrote; bad is set at the first
// thing that is not.
type moveReader struct {
	s   string
	bad bool
}

// line returns the numbers of the next line.
func (r *moveReader) line() []int64 {
	nl := strings.IndexByte(r.s, '\n')
	if nl < 0 {
		r.bad = true
		return nil
	}
	f := strings.Fields(r.s[:nl])
	r.s = r.s[nl+1:]
	out := make([]int64, len(f))
	for i, x := range f {
		n, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			r.bad = true
		}
		out[i] = n
	}
	return out
}

// str returns the next string.
func (r *moveReader) str() string {
	n := r.line()
	if r.bad || len(n) != 1 || n[0] < 0 || n[0] > int64(len(r.s)) {
		r.bad = true
		return ""
	}
	s := r.s[:n[0]]
	r.s = r.s[n[0]:]
	return s
}

// decodeMoveViews reads moves encodeMoveViews wrote; ok false if s is not
// such.
func decodeMoveViews(s string) ([]moveView, bool) {
	r := &moveReader{s: s}
	var out []moveView
	for r.s != "" && !r.bad {
		h := r.line()
		if r.bad || len(h) != 4 || h[3] < 0 || h[3] > int64(len(r.s)) {
			return nil, false
		}
		m := moveView{Seq: int(h[0]), At: time.Unix(0, h[1]).UTC(), Cancelled: h[2]&1 != 0, TakeBack: h[2]&2 != 0}
		m.Who, m.By = r.str(), r.str()
		if h[3] > 0 {
			m.Events = make([]string, h[3])
			for i := range m.Events {
				m.Events[i] = r.str()
			}
		}
		out = append(out, m)
	}
	return out, !r.bad
}
