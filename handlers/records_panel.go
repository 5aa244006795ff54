package handlers

import (
	"html/template"
	"strconv"
	"strings"
)

// panelHTML writes the game page's records panel as
// templates/records_panel.html does (TestRecordsPanelAsTheTemplateWrote):
// every finished game's first view has one, and executing the template
// cost as much as reading the rating changes it shows.
func panelHTML(r *reader, v panelView) template.HTML {
	var b strings.Builder
	b.Grow(1536 + 256*len(v.Changes) + 160*len(v.Departures))
	b.WriteString("\n")
	if v.Import != nil {
		writeImportNote(&b, r, v)
	}
	b.WriteString("\n")
	if len(v.Changes) > 0 {
		writeRatingChanges(&b, r, v.Changes)
	}
	b.WriteString("\n")
	if v.Finished {
		id := strconv.FormatInt(v.GameID, 10)
		b.WriteString("\n<section class=\"downloads\">\n  <h2>" + escapeText(r.sp.T("pages.records.keep")) + "</h2>\n  ")
		b.WriteString(`<p><a class="button" href="/games/` + id + `/export.json" download>` + escapeText(r.sp.T("pages.records.download_record")) + "</a>\n     ")
		b.WriteString(`<a class="button" href="/games/` + id + `/log.txt" download>` + escapeText(r.sp.T("pages.records.download_log")) + "</a></p>\n  ")
		b.WriteString("<p><small>" + escapeText(r.sp.T("pages.records.about")) + "</small></p>\n</section>\n")
	}
	b.WriteString("\n")
	return template.HTML(b.String())
}

// writeImportNote writes where an imported game came from and, replayed
// under its site's rules, where they departed from the rule book.
func writeImportNote(b *strings.Builder, r *reader, v panelView) {
	sp, im := r.sp, v.Import
	imported := "pages.records.imported"
	if v.SiteRules {
		imported = "pages.records.imported_site"
	}
	b.WriteString("\n<section class=\"imported\">\n  \n  <p><small>" + escapeText(sp.T(imported, "source", v.Source, "date", r.dateTime(im.ImportedAt))))
	if im.Notes != "" {
		b.WriteString(" " + escapeText(sp.T("pages.records.import_notes", "notes", im.Notes)))
	}
	b.WriteString("</small></p>\n  ")
	if v.SiteRules {
		if len(v.Departures) > 0 {
			b.WriteString("\n  <p><small>" + escapeText(sp.T("pages.records.departures")) + "</small></p>\n  <ul class=\"departures\">")
			for _, d := range v.Departures {
				b.WriteString("\n    <li><small>" + escapeText(sp.T("pages.records.departure", "entry", d.Entry, "site", d.Site, "book", d.Book)) + "</small></li>")
			}
			b.WriteString("\n  </ul>\n  ")
		} else {
			b.WriteString("\n  <p><small>" + escapeText(sp.T("pages.records.no_departures")) + "</small></p>\n  ")
		}
		b.WriteString("\n  ")
	}
	b.WriteString("\n</section>\n")
}

// writeRatingChanges writes everyone's rating change in a rated game.
func writeRatingChanges(b *strings.Builder, r *reader, changes []changeRow) {
	sp := r.sp
	b.WriteString("\n<section class=\"rating-changes\">\n  <h2>" + escapeText(sp.T("pages.records.changes")) + "</h2>\n  <div class=\"wide\"><table>\n  ")
	b.WriteString("<thead><tr><th>" + escapeText(sp.T("pages.records.player")) + "</th><th>" + escapeText(sp.T("pages.records.before")) +
		"</th><th>" + escapeText(sp.T("pages.records.after")) + "</th><th>" + escapeText(sp.T("pages.records.change")) + "</th></tr></thead>\n  <tbody>")
	for _, c := range changes {
		b.WriteString(`<tr><td><a href="/players/` + strconv.FormatInt(c.MemberID, 10) + `">` + escapeText(c.Name) + "</a>")
		if c.Dropped {
			b.WriteString(" <small>" + escapeText(sp.T("pages.records.dropped")) + "</small>")
		}
		b.WriteString("</td>\n    <td>" + escapeText(c.Before) + "</td><td>" + escapeText(c.After) + "</td><td>" + escapeText(c.Diff) + "</td></tr>")
	}
	b.WriteString("</tbody>\n  </table></div>\n</section>\n")
}
