package handlers

import (
	"bytes"
	"testing"
	"time"
)

// TestPagesBoundOncePerReader: a page is copied and bound to a reader
// on the reader's first request only, readers are one per language and
// zone, and each bound copy speaks its reader's language (the copies do
// not share their functions).
func TestPagesBoundOncePerReader(t *testing.T) {
	var rs readers
	now := func() time.Time { return time.Date(2026, 5, 2, 9, 0, 0, 0, time.UTC) }
	de, en := rs.get("de", "UTC", now), rs.get("en", "UTC", now)
	if rs.get("de", "UTC", now) != de {
		t.Fatal("a second reader was made for the same language and zone")
	}
	pages, err := parsePages()
	if err != nil {
		t.Fatal(err)
	}
	p := pages["game"]
	first, err := p.get(de)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := p.get(de); again != first {
		t.Error("the page was copied again for the same reader")
	}
	if other, _ := p.get(en); other == first {
		t.Error("two readers share one bound page")
	}
	said := map[string]string{}
	for lang, r := range map[string]*reader{"de": de, "en": en} {
		var buf bytes.Buffer
		if err := p.writePage(&buf, r, benchView()); err != nil {
			t.Fatal(err)
		}
		said[lang] = buf.String()
	}
	if said["de"] == said["en"] {
		t.Error("the German and the English reader got the same page")
	}
	if len(p.by) != 2 {
		t.Errorf("%d bound copies of the page, want 2 (one per reader)", len(p.by))
	}
}
