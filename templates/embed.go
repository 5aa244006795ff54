// Package templates holds Rondel's pages (html/template) and its style
// sheet, embedded in the binary.
package templates

import (
	"embed"
	"io/fs"
)

// FS holds the page templates (*.html) and static files (static/).
//
//go:embed *.html static
var FS embed.FS

// Static returns the files served under /static/.
func Static() fs.FS {
	sub, err := fs.Sub(FS, "static")
	if err != nil {
		panic(err) // the directory is embedded above
	}
	return sub
}
