package main

import (
	"bytes"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// gamePage is what a load client reads from a game page
// (templates/game.html): the seats marked to act and the move form.
type gamePage struct {
	seats int       // seats in the players' list
	toAct []int     // seat numbers, from the players' list
	form  *moveForm // nil: the viewer has nothing to decide
}

// moveForm is the form's hidden fields and every move it offers (radio
// buttons, the options of a list, or the buttons of their own: a form of
// several groups, each on a page of its own, shows only those, End the
// maneuver).
type moveForm struct {
	seq, csrf string
	moves     []string
}

// parseGamePage reads the page with a streaming tokenizer: a page with a
// board is large, and the load generator shares the machine with the
// server, so it reads as little of it as it can: from the players' list
// on (the decision comes after it), past every drawing (an <svg> holds no
// form), and the attributes of the tags it looks at only.
func parseGamePage(body []byte) gamePage {
	var p gamePage
	var form *moveForm
	seatsDepth, seat := 0, -1 // inside <ul class="seats">: nesting depth, current seat
	inSelect := false
	off := startOfSeats(body)
	z := html.NewTokenizer(bytes.NewReader(body[off:]))
	for {
		tt := z.Next()
		off += len(z.Raw())
		switch tt {
		case html.ErrorToken:
			if form != nil && form.seq != "" && len(form.moves) > 0 {
				p.form = form
			}
			return p
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			if tt == html.StartTagToken && string(name) == "svg" {
				if end := bytes.Index(body[off:], []byte("</svg>")); end >= 0 {
					off += end + len("</svg>")
					z = html.NewTokenizer(bytes.NewReader(body[off:]))
				}
				continue
			}
			if !watched[string(name)] {
				continue
			}
			attrs := attrsOf(z, more)
			switch n := string(name); {
			case n == "ul" && seatsDepth > 0:
				seatsDepth++
			case n == "ul" && hasClass(attrs["class"], "seats"):
				seatsDepth, seat = 1, -1
			case n == "li" && seatsDepth == 1:
				seat++
				p.seats++
				if hasClass(attrs["class"], "to-act") {
					p.toAct = append(p.toAct, seat)
				}
			case n == "form" && strings.HasSuffix(attrs["action"], "/move"):
				form = &moveForm{}
			case form == nil:
			case n == "input" && attrs["name"] == "seq":
				form.seq = attrs["value"]
			case n == "input" && attrs["name"] == "csrf":
				form.csrf = attrs["value"]
			case (n == "input" || n == "button") && attrs["name"] == "move" && attrs["value"] != "":
				form.moves = append(form.moves, attrs["value"])
			case n == "select" && attrs["name"] == "move":
				inSelect = true
			case n == "option" && inSelect && attrs["value"] != "":
				form.moves = append(form.moves, attrs["value"])
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "ul":
				seatsDepth = max(0, seatsDepth-1)
			case "select":
				inSelect = false
			case "form":
				if form != nil && form.seq != "" && len(form.moves) > 0 {
					p.form = form
					return p // the decision comes after the players' list
				}
				form = nil
			}
		}
	}
}

// watched are the tags whose attributes parseGamePage reads.
var watched = map[string]bool{"ul": true, "li": true, "form": true, "input": true, "button": true, "select": true, "option": true}

// startOfSeats is where the players' list begins, or 0 when there is none
// or a move form comes before it (then the whole page is read).
func startOfSeats(body []byte) int {
	i := bytes.Index(body, []byte(`<ul class="seats`))
	if i < 0 || bytes.Contains(body[:i], []byte(`/move"`)) {
		return 0
	}
	return i
}

func attrsOf(z *html.Tokenizer, more bool) map[string]string {
	attrs := map[string]string{}
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		attrs[string(k)] = string(v)
	}
	return attrs
}

func hasClass(class, want string) bool {
	return slices.Contains(strings.Fields(class), want)
}
