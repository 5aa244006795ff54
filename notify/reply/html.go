package reply

import (
	"strings"

	"golang.org/x/net/html"
)

// blocks are the elements after which the text continues on a new line.
var blocks = map[string]bool{
	"p": true, "div": true, "br": true, "li": true, "tr": true, "table": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"pre": true, "hr": true, "ul": true, "ol": true, "section": true, "article": true,
}

// skipped are the elements whose content is never the player's words:
// scripts, styles, and quotes (mail clients put the quoted turn mail in a
// blockquote; the quote header before it is removed with the plain-text
// quote headers).
var skipped = map[string]bool{"script": true, "style": true, "head": true, "title": true, "blockquote": true}

// htmlText reads an HTML reply as plain text, one line per block.
func htmlText(src string) string {
	z := html.NewTokenizer(strings.NewReader(src))
	var b strings.Builder
	skip := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return b.String()
		case html.TextToken:
			if skip == 0 {
				b.WriteString(strings.Join(strings.Fields(strings.ReplaceAll(string(z.Text()), "\u00a0", " ")), " "))
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if skipped[tag] && tt != html.SelfClosingTagToken {
				if tt == html.StartTagToken {
					skip++
				} else if skip > 0 {
					skip--
				}
				continue
			}
			// A block starts a line; only <br> makes an empty one.
			if skip == 0 && (tag == "br" || blocks[tag] && b.Len() > 0 && !strings.HasSuffix(b.String(), "\n")) {
				b.WriteByte('\n')
			}
		}
	}
}
