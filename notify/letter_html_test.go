package notify

import (
	"bytes"
	"html/template"
	"math/rand/v2"
	"strings"
	"testing"

	"rondel/game/words"
)

// templateLetter is the template that wrote a letter's HTML part before
// letter.html wrote it in Go: the reference the Go writer is held to.
var templateLetter = template.Must(template.New("mail").Funcs(template.FuncMap{"safeColour": safeColour}).Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"></head>
<body style="font-family: Georgia, serif; max-width: 40em; color: #222">
<p>{{.Greeting}}</p>
{{range .Paras}}<p>{{.}}</p>
{{end}}{{with .Picture}}<p style="margin: 1em 0"><img src="cid:{{.CID}}" width="{{.Width}}" alt="{{.Alt}}" style="display: block; width: 100%; max-width: {{.Width}}px; height: auto; border: 1px solid #8a7f6a; background: #fbf8f1; color: #222; font-size: 15px"></p>
{{end}}{{range .Lists}}<p><strong>{{.Title}}</strong></p>
<ul>{{range .Items}}<li>{{.}}</li>{{end}}</ul>
{{end}}{{range .After}}<p>{{.}}</p>
{{end}}{{with .Main}}{{if .URL}}<p><a href="{{.URL}}" style="display: inline-block; padding: .5em 1em; background: #7a1f1f; color: #fff; text-decoration: none; border-radius: 4px">{{.Label}}</a></p>
{{end}}{{end}}{{if .Choices}}<p>{{.ChoicesLeadIn}}</p>
<p>{{range .Choices}}<a href="{{.URL}}" style="display: inline-block; margin: 0 .4em .5em 0; padding: .45em .8em; border: 1px solid #7a1f1f; border-radius: 4px; color: #7a1f1f; background: #fff; text-decoration: none">{{.Label}}</a> {{end}}</p>
{{end}}{{with .Picture}}{{if .Legend}}<p style="font-size: small; margin-bottom: .3em"><strong>{{.Title}}</strong></p>
<ul style="font-size: small; padding-left: 1.2em; margin-top: 0">{{range .Legend}}<li>{{if .Colour}}<span style="display: inline-block; width: .9em; height: .9em; margin-right: .3em; vertical-align: -.1em; border: 1px solid #333; background: {{.Colour | safeColour}}"></span>{{end}}{{.Label}}</li>{{end}}</ul>
{{end}}{{end}}<hr>
<p style="font-size: small">{{range $i, $f := .Footer}}{{if $i}} · {{end}}<a href="{{$f.URL}}">{{$f.Label}}</a>{{end}}</p>
</body></html>
`))

// templateHTML is the letter's HTML part as the template wrote it.
func templateHTML(t *testing.T, l letter) string {
	t.Helper()
	var b bytes.Buffer
	data := struct {
		letter
		Lang, ChoicesLeadIn string
	}{l, l.sp.Lang(), l.sp.T("mail.choices")}
	if err := templateLetter.Execute(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// awkward are strings html/template escapes in every way it can: markup,
// quotes, entities, a plus, NUL, noncharacters and the replacement
// character, invalid bytes, non-Latin script, URL schemes good and
// bad, escapes valid and not, spaces and reserved marks.
var awkward = []string{
	"", "plain words", `<b>"Ann" & 'Bob'</b> + 1 > 0`, "nul\x00here", "non\ufdd0char \ufffe \uffff \ufdef \ufdcf",
	"bad \xff byte \xc3", "Gr\u00fc\u00dfe, \u4f60\u597d, \U0001F600", "https://rondel.example/games/7?k=a b&c=d+e#x",
	"javascript:alert(1)", "JavaScript:x", "data:text/html,hi", "mailto:ann@example.org?subject=hi there",
	"HTTP://Example.org/%41%zz%", "x%4", "x%41", "%", "/relative/path:with colon", "no-scheme:here/but", "cid:board-7@rondel",
	"!#$&*+,/:;=?@[]-._~%'()\"<>{}|\\^`", "tab\there\nnewline", "#888888", "#12345g", "red",
}

// randomLetter is a letter of awkward words in every part, with or
// without each optional part.
func randomLetter(r *rand.Rand, sp *words.Speaker) letter {
	pick := func() string { return awkward[r.IntN(len(awkward))] }
	some := func() []string {
		var out []string
		for range r.IntN(3) {
			out = append(out, pick())
		}
		return out
	}
	acts := func() []action {
		var out []action
		for range r.IntN(3) {
			out = append(out, action{pick(), pick()})
		}
		return out
	}
	l := letter{sp: sp, Greeting: pick(), Paras: some(), After: some(), Choices: acts(), Footer: acts()}
	if r.IntN(2) == 0 {
		l.Main = action{pick(), pick()}
	}
	for range r.IntN(3) {
		l.Lists = append(l.Lists, list{Title: pick(), Items: some()})
	}
	if r.IntN(2) == 0 {
		l.Picture = &mailPicture{CID: pick(), Alt: pick(), Width: r.IntN(2000), Title: pick()}
		for range r.IntN(4) {
			l.Picture.Legend = append(l.Picture.Legend, legendLine{Colour: pick(), Label: pick()})
		}
	}
	return l
}

// TestLetterHTMLAsTheTemplateWrote: the Go writer writes every letter as
// the template did, byte for byte, in three languages (the turn mails'
// goldens hold real letters).
func TestLetterHTMLAsTheTemplateWrote(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(20, 4))
	for _, lang := range []string{"en", "de", "zh"} {
		sp := speaker(lang, []string{"Ann", "Bob"})
		for i := range 400 {
			l := randomLetter(r, sp)
			got, err := l.html()
			if err != nil {
				t.Fatal(err)
			}
			if want := templateHTML(t, l); got != want {
				t.Fatalf("%s letter %d differs:\n got: %q\nwant: %q\nletter: %+v", lang, i, got, want, l)
			}
		}
	}
}

// Each awkward string alone in each place a value goes.
func TestLetterHTMLEscapesAsTheTemplate(t *testing.T) {
	t.Parallel()
	sp := speaker("en", []string{"Ann"})
	for _, s := range awkward {
		l := letter{sp: sp, Greeting: s, Paras: []string{s}, Lists: []list{{s, []string{s}}}, After: []string{s},
			Main: action{s, s}, Choices: []action{{s, s}}, Footer: []action{{s, s}, {s, s}},
			Picture: &mailPicture{CID: s, Alt: s, Width: 640, Title: s, Legend: []legendLine{{s, s}}}}
		got, _ := l.html()
		if want := templateHTML(t, l); got != want {
			t.Errorf("%q:\n got: %q\nwant: %q", s, got, want)
		}
	}
	if strings.Contains(templateHTML(t, letter{sp: sp, Main: action{"x", "javascript:alert(1)"}}), "javascript") {
		t.Error("the reference template let a javascript: URL through")
	}
}
