package main

import (
	"reflect"
	"testing"
)

// The parts of templates/game.html a load client reads; the real pages are
// read in TestLoadAgainstTheServer.
func TestParseGamePage(t *testing.T) {
	const seats = `<form method="post" action="/signout"><input type="hidden" name="csrf" value="other"></form>
<ul class="seats"><li>Ada</li><li class="to-act">Bruno <small>– to act</small></li><li class="to-act">Clara</li></ul>
<ol class="log"><li>1<ul><li>moved</li></ul></li></ol>`
	for _, tc := range []struct {
		name string
		page string
		want gamePage
	}{
		{"nobody's form", seats, gamePage{seats: 3, toAct: []int{1, 2}}},
		{"radio buttons", seats + `<form method="post" action="/games/4/move" class="move">
<input type="hidden" name="csrf" value="tok"><input type="hidden" name="seq" value="17">
<fieldset><input type="radio" name="move" id="m0" value="{&#34;type&#34;:&#34;pass&#34;}" required>
<input type="radio" name="move" id="m1" value='{"type":"bid","n":2}'></fieldset></form>`,
			gamePage{seats: 3, toAct: []int{1, 2}, form: &moveForm{seq: "17", csrf: "tok", moves: []string{`{"type":"pass"}`, `{"type":"bid","n":2}`}}}},
		{"one list", `<ul class="seats"><li class="to-act">Ada</li></ul><form method="post" action="/games/4/move">
<input type="hidden" name="csrf" value="tok"><input type="hidden" name="seq" value="0">
<select id="move-select" name="move" required><option value="">– choose –</option>
<optgroup label="A"><option value="1">one</option><option value="2">two</option></optgroup></select></form>`,
			gamePage{seats: 1, toAct: []int{0}, form: &moveForm{seq: "0", csrf: "tok", moves: []string{"1", "2"}}}},
		{"units to pick, and a button of its own", seats + `<form method="post" action="/games/4/move" class="move">
<input type="hidden" name="csrf" value="tok"><input type="hidden" name="seq" value="17"></form>
<ul class="pick"><li><a href="/games/4?group=ab12">Army in Rome</a></li></ul>
<form method="post" action="/games/4/move" class="move-now"><input type="hidden" name="csrf" value="tok">
<input type="hidden" name="seq" value="17"><button type="submit" name="move" value='{"type":"end_maneuver"}'>End the maneuver</button></form>`,
			gamePage{seats: 3, toAct: []int{1, 2}, form: &moveForm{seq: "17", csrf: "tok", moves: []string{`{"type":"end_maneuver"}`}}}},
		{"drawings skipped, a board before the list", `<svg viewBox="0 0 9 9"><g><text>x</text></g><form action="/games/4/move"><input name="move" value="svg"></form></svg>` +
			seats + `<svg><path d="M0 0"/></svg><form method="post" action="/games/4/move"><input type="hidden" name="csrf" value="tok">
<input type="hidden" name="seq" value="5"><svg><circle r="1"/></svg><input type="radio" name="move" value="a"></form>`,
			gamePage{seats: 3, toAct: []int{1, 2}, form: &moveForm{seq: "5", csrf: "tok", moves: []string{"a"}}}},
		{"a form before the list is read", `<form method="post" action="/games/4/move"><input name="csrf" value="t"><input name="seq" value="2">
<input type="radio" name="move" value="b"></form>` + seats,
			gamePage{form: &moveForm{seq: "2", csrf: "t", moves: []string{"b"}}}},
		{"finished", `<ul class="seats"><li>Ada</li><li>Bruno</li></ul>`, gamePage{seats: 2}},
		{"a form without moves", `<form action="/games/4/move"><input name="seq" value="3"></form>`, gamePage{}},
		{"not html", "\x00<<>>", gamePage{}},
	} {
		if got := parseGamePage([]byte(tc.page)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %+v (form %+v), want %+v (form %+v)", tc.name, got, got.form, tc.want, tc.want.form)
		}
	}
}
