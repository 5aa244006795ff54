package handlers

import (
	"html/template"
	"strings"
	"testing"
)

// htmlText escapes as html/template does, in text and in a quoted
// attribute, so rows written by hand read as the templates wrote them.
func TestHTMLTextIsTheTemplates(t *testing.T) {
	tmpl := template.Must(template.New("").Parse(`{{.}}|<a title="{{.}}">`))
	for _, s := range []string{"", "Anna", "a+b & c", `<b>"x"</b>`, "O'Neil", "nul\x00here", "bad\xffutf8\xc3",
		"Zoë 张 🎲", "\ufdd0\ufffe", "1,234", "–", "+"} {
		var want strings.Builder
		if err := tmpl.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		htmlText(&b, s)
		b.WriteString(`|<a title="`)
		htmlText(&b, s)
		b.WriteString(`">`)
		if b.String() != want.String() {
			t.Errorf("%q: %q, the template writes %q", s, b.String(), want.String())
		}
	}
}
