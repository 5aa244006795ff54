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
// board is large, and the load generator shares the machine.
func parseGamePage(body []byte) gamePage {
	var p gamePage
	var form *moveForm
	seatsDepth, seat := 0, -1 // inside <ul class="seats">: nesting depth, current seat
	inSelect := false
	z := html.NewTokenizer(bytes.NewReader(body))
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if form != nil && form.seq != "" && len(form.moves) > 0 {
				p.form = form
			}
			return p
		case html.StartTagToken, html.SelfClosingTagToken:
			name, attrs := tagOf(z)
			switch {
			case name == "ul" && seatsDepth > 0:
				seatsDepth++
			case name == "ul" && hasClass(attrs["class"], "seats"):
				seatsDepth, seat = 1, -1
			case name == "li" && seatsDepth == 1:
				seat++
				p.seats++
				if hasClass(attrs["class"], "to-act") {
					p.toAct = append(p.toAct, seat)
				}
			case name == "form" && strings.HasSuffix(attrs["action"], "/move"):
				form = &moveForm{}
			case form == nil:
			case name == "input" && attrs["name"] == "seq":
				form.seq = attrs["value"]
			case name == "input" && attrs["name"] == "csrf":
				form.csrf = attrs["value"]
			case (name == "input" || name == "button") && attrs["name"] == "move" && attrs["value"] != "":
				form.moves = append(form.moves, attrs["value"])
			case name == "select" && attrs["name"] == "move":
				inSelect = true
			case name == "option" && inSelect && attrs["value"] != "":
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

func tagOf(z *html.Tokenizer) (string, map[string]string) {
	name, more := z.TagName()
	attrs := map[string]string{}
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		attrs[string(k)] = string(v)
	}
	return string(name), attrs
}

func hasClass(class, want string) bool {
	return slices.Contains(strings.Fields(class), want)
}
