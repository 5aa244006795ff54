package handlers

import (
	"html/template"
	"math/rand/v2"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/words"
)

// formPartsTemplate is what game.html said of a form's groups and acts
// before they were written in Go (form_html.go).
const formPartsTemplate = `{{define "groups"}}{{range .Groups}}
    <fieldset>
      <legend>{{.Name}}</legend>
      {{range .Moves}}{{if .Why}}<div class="choice off"><input type="radio" name="move" id="{{.ID}}" disabled aria-describedby="{{.ID}}-why"><label for="{{.ID}}">{{.Label}}</label> <small class="why" id="{{.ID}}-why">{{.Why}}</small></div>{{else}}<div class="choice"><input type="radio" name="move" id="{{.ID}}" value="{{.Value}}" required><label for="{{.ID}}">{{.Label}}</label></div>{{end}}
      {{end}}
    </fieldset>
    {{end}}{{end}}{{define "acts"}}{{range .Acts}}<li{{with .Value}} data-move="{{.}}"{{end}} data-pick="{{.Pick}}"{{with .Target}} data-target="{{.}}"{{end}} data-group="{{.Group}}"{{with .Why}} data-why="{{.}}"{{end}}>{{.Label}}</li>
    {{end}}{{end}}`

// TestFormPartsAsTheTemplateWrote: the forms of self-played positions of
// every hosted kind, in every language (and one of words that need
// escaping), write their groups and acts as the template wrote them.
func TestFormPartsAsTheTemplateWrote(t *testing.T) {
	t.Parallel()
	tpl := template.Must(template.New("form").Parse(formPartsTemplate))
	nasty := `<b> & "q" 'a' +1`
	forms := []*moveForm{{
		Groups: []moveGroup{{Name: nasty, Moves: []moveChoice{{ID: "m-1", Value: `{"a":"<x>"}`, Label: nasty}, {ID: "m'2", Label: "off", Why: nasty}}}, {Name: "empty"}},
		Acts:   []boardAct{{Value: `{"b":1}`, Label: nasty, Group: "g", Pick: "p&", Target: "t"}, {Label: "off", Group: "g", Why: nasty}},
	}}
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
	for _, info := range reg.List() {
		g, _ := reg.Get(info.ID)
		st, err := g.New(game.Setup{Players: []string{"Ann", "Bob", "Cy"}[:max(info.MinPlayers, min(3, info.MaxPlayers))], Seed: 21})
		if err != nil {
			t.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(21, 21))
		for move := 0; move < 240 && !st.Finished(); move++ {
			d := st.ToAct()[0]
			legal := st.LegalMoves(d.Seat)
			if move%20 == 0 {
				for _, lang := range words.Languages {
					sp := words.Default().Speaker(lang, nil)
					forms = append(forms, buildForm(sp, "/games/1", move, nil, legal, withheld(st, d.Seat), ""))
				}
			}
			if st, _, err = st.Apply(d.Seat, legal[rnd.IntN(len(legal))].Move); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, f := range forms {
		f.GroupsHTML, f.ActsHTML = groupsHTML(f.Groups), actsHTML(f.Acts)
		for _, part := range []struct {
			name string
			got  template.HTML
		}{{"groups", f.GroupsHTML}, {"acts", f.ActsHTML}} {
			var want strings.Builder
			if err := tpl.ExecuteTemplate(&want, part.name, f); err != nil {
				t.Fatal(err)
			}
			if string(part.got) != want.String() {
				t.Fatalf("form %d, %s:\n%s\nthe template wrote\n%s", i, part.name, part.got, want.String())
			}
		}
	}
}
