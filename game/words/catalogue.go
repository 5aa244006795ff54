package words

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// The translation files: locales/<domain>.<lang>.toml. A translator edits
// them as text; go-i18n reads the language from the file name.
//
//go:embed locales/*.toml
var localeFS embed.FS

// Languages Rondel speaks, the first being the fallback for a message a
// translation lacks.
var Languages = []string{"en", "de", "zh"}

// Catalogue is every message in every language. It is built once and only
// read afterwards, so one catalogue serves every request at once.
type Catalogue struct {
	bundle  *i18n.Bundle
	matcher language.Matcher
	// messages by language and id, for checks and term lookups.
	messages map[string]map[string]*i18n.Message
	// compiled by language and id (compiled.go): what Say uses.
	compiled map[string]map[string]entry
	// placeholders by language and id, found once on loading: Check runs
	// after every move of every self-played game.
	placeholders map[string]map[string][]string
	// slow says what the appending sayer (say.go) leaves to the string
	// one: set once by Load, never changed.
	slow slowSayers
}

var loadDefault = sync.OnceValues(func() (*Catalogue, error) { return Load(localeFS) })

// Default returns the catalogue embedded in the binary. It panics if the
// embedded files are broken: a test loads them, so a broken file never
// ships.
func Default() *Catalogue {
	c, err := loadDefault()
	if err != nil {
		panic(fmt.Sprintf("words: the embedded catalogue is broken: %v", err))
	}
	return c
}

// English is the default catalogue's English speaker with no seat names:
// for logs, errors' Error() strings and command-line tools.
func English() *Speaker { return Default().Speaker("en", nil) }

// Load reads every locales/*.toml file of fsys.
func Load(fsys fs.FS) (*Catalogue, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	c := &Catalogue{bundle: b, messages: map[string]map[string]*i18n.Message{}, slow: slowSayers{arg: (*Speaker).Arg}}
	files, err := fs.Glob(fsys, "locales/*.toml")
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	for _, f := range files {
		buf, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		mf, err := b.ParseMessageFileBytes(buf, path.Base(f))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		lang := mf.Tag.String()
		if !slices.Contains(Languages, lang) {
			return nil, fmt.Errorf("%s: language %q is not one of %v", f, lang, Languages)
		}
		if c.messages[lang] == nil {
			c.messages[lang] = map[string]*i18n.Message{}
		}
		for _, m := range mf.Messages {
			if _, dup := c.messages[lang][m.ID]; dup {
				return nil, fmt.Errorf("%s: message %q is defined twice", f, m.ID)
			}
			c.messages[lang][m.ID] = m
		}
	}
	tags := make([]language.Tag, len(Languages))
	for i, l := range Languages {
		tags[i] = language.MustParse(l)
	}
	c.matcher = language.NewMatcher(tags)
	c.placeholders = map[string]map[string][]string{}
	for lang, msgs := range c.messages {
		c.placeholders[lang] = map[string][]string{}
		for id, m := range msgs {
			c.placeholders[lang][id] = findPlaceholders(m)
		}
	}
	c.compileAll()
	return c, nil
}

// Match picks the language Rondel speaks that suits the given preferences
// best: a member's setting ("de") or a browser's Accept-Language header
// ("de-CH,de;q=0.9,en;q=0.8"). Anything unknown gives English.
func (c *Catalogue) Match(prefs ...string) string {
	var tags []language.Tag
	for _, p := range prefs {
		if p == "" {
			continue
		}
		ts, _, err := language.ParseAcceptLanguage(p)
		if err != nil {
			continue
		}
		tags = append(tags, ts...)
	}
	if len(tags) == 0 {
		return Languages[0]
	}
	_, i, conf := c.matcher.Match(tags...)
	if conf == language.No {
		return Languages[0]
	}
	return Languages[i]
}

// Has reports whether the catalogue defines id in lang.
func (c *Catalogue) Has(lang, id string) bool {
	_, ok := c.messages[lang][id]
	return ok
}

// HasBytes is Has for an id in bytes, looked up without a string made
// of it (a caller trying ids that mostly do not exist makes none).
func (c *Catalogue) HasBytes(lang string, id []byte) bool {
	_, ok := c.messages[lang][string(id)]
	return ok
}

// IDs lists the message ids defined in lang, sorted.
func (c *Catalogue) IDs(lang string) []string {
	ids := make([]string, 0, len(c.messages[lang]))
	for id := range c.messages[lang] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

var placeholder = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

// Placeholders lists the argument names a message uses in lang, over all
// its plural forms, sorted and without repeats.
func (c *Catalogue) Placeholders(lang, id string) []string {
	return slices.Clone(c.placeholders[lang][id])
}

func findPlaceholders(m *i18n.Message) []string {
	seen := map[string]bool{}
	for _, src := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		for _, sub := range placeholder.FindAllStringSubmatch(src, -1) {
			seen[sub[1]] = true
		}
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// PluralForms lists the plural forms a message defines in lang.
func (c *Catalogue) PluralForms(lang, id string) []string {
	m := c.messages[lang][id]
	if m == nil {
		return nil
	}
	var out []string
	for _, f := range []struct{ name, src string }{{"zero", m.Zero}, {"one", m.One}, {"two", m.Two},
		{"few", m.Few}, {"many", m.Many}, {"other", m.Other}} {
		if f.src != "" {
			out = append(out, f.name)
		}
	}
	return out
}

// Check reports whether t can be said in every language: its id and every
// nested id and term exist, and the arguments are exactly the placeholders
// each translation uses. Engines' tests call it on every Text they emit.
func (c *Catalogue) Check(t Text) error {
	for _, lang := range Languages {
		if !c.Has(lang, t.ID) {
			return fmt.Errorf("message %q has no %s translation", t.ID, lang)
		}
		want := c.placeholders[lang][t.ID] // shared: clone before changing
		got := make([]string, 0, len(t.Args))
		for name := range t.Args.All() {
			got = append(got, name)
		}
		sort.Strings(got)
		for _, name := range got {
			// The count may choose a plural form without being printed.
			if name == CountArg && !slices.Contains(want, name) && len(c.PluralForms(lang, t.ID)) > 1 {
				want = append(slices.Clone(want), name)
				sort.Strings(want)
			}
		}
		if !slices.Equal(got, want) {
			return fmt.Errorf("message %q (%s) uses %v, but the text gives %v", t.ID, lang, want, got)
		}
	}
	for name, a := range t.Args.All() {
		if err := c.checkArg(a); err != nil {
			return fmt.Errorf("message %q, argument %s: %w", t.ID, name, err)
		}
	}
	return nil
}

func (c *Catalogue) checkArg(a Arg) error {
	switch a.Kind() {
	case "":
		return fmt.Errorf("empty argument")
	case "term":
		for _, lang := range Languages {
			if !c.Has(lang, a.s) {
				return fmt.Errorf("term %q has no %s translation", a.s, lang)
			}
		}
	case "text":
		return c.Check(a.more.text)
	case "list":
		for _, item := range a.more.list {
			if err := c.checkArg(item); err != nil {
				return err
			}
		}
	}
	return nil
}
