package handlers

import (
	"html/template"
	"strings"
)

// The form's fieldsets of moves and the board's list of acts are written
// here, once per form, rather than by game.html on every request: a
// decision in a maneuver lists a hundred moves and acts, each an escaped
// JSON value in an attribute, executed again for every view and reload.
// What is written is what the template wrote (form_html_test.go).

// groupsHTML writes the fieldsets of f's groups.
func groupsHTML(groups []moveGroup) template.HTML {
	if len(groups) == 0 {
		return ""
	}
	var b strings.Builder
	n := 0
	for _, g := range groups {
		n += 64 + len(g.Name)
		for _, m := range g.Moves {
			n += 128 + 2*len(m.ID) + len(m.Value) + len(m.Label) + len(m.Why)
		}
	}
	b.Grow(n + n/4) // escaped JSON grows
	for _, g := range groups {
		b.WriteString("\n    <fieldset>\n      <legend>" + escapeText(g.Name) + "</legend>\n      ")
		for _, m := range g.Moves {
			id := escapeText(m.ID)
			if m.Why != "" {
				b.WriteString(`<div class="choice off"><input type="radio" name="move" id="` + id + `" disabled aria-describedby="` + id + `-why"><label for="` + id + `">`)
				b.WriteString(escapeText(m.Label) + `</label> <small class="why" id="` + id + `-why">` + escapeText(m.Why) + "</small></div>\n      ")
				continue
			}
			b.WriteString(`<div class="choice"><input type="radio" name="move" id="` + id + `" value="` + escapeText(m.Value) + `" required><label for="` + id + `">`)
			b.WriteString(escapeText(m.Label) + "</label></div>\n      ")
		}
		b.WriteString("\n    </fieldset>\n    ")
	}
	return template.HTML(b.String())
}

// actsHTML writes the board's acts as the items of the script's list.
func actsHTML(acts []boardAct) template.HTML {
	if len(acts) == 0 {
		return ""
	}
	var b strings.Builder
	n := 0
	for _, a := range acts {
		n += 96 + len(a.Value) + len(a.Label) + len(a.Group) + len(a.Pick) + len(a.Target) + len(a.Why)
	}
	b.Grow(n + n/4)
	for _, a := range acts {
		b.WriteString("<li")
		if a.Value != "" {
			b.WriteString(` data-move="` + escapeText(a.Value) + `"`)
		}
		b.WriteString(` data-pick="` + escapeText(a.Pick) + `"`)
		if a.Target != "" {
			b.WriteString(` data-target="` + escapeText(a.Target) + `"`)
		}
		b.WriteString(` data-group="` + escapeText(a.Group) + `"`)
		if a.Why != "" {
			b.WriteString(` data-why="` + escapeText(a.Why) + `"`)
		}
		b.WriteString(">" + escapeText(a.Label) + "</li>\n    ")
	}
	return template.HTML(b.String())
}
