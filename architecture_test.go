package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The map of the code (docs/architecture.md) stays true: its package
// table names every package of the module and nothing else, each
// package's non-test files import only what its row allows, and the house
// rules on the direction of imports hold.

const modulePath = "rondel"

// docPackage is one row of the doc's package table.
type docPackage struct {
	path     string
	anything bool     // a command: may import any package of the module
	allowed  []string // import paths; "x/..." is x and everything under it
}

var backticked = regexp.MustCompile("`([^`]+)`")

// readPackageTable parses the table under "## Packages" in the doc.
func readPackageTable(t *testing.T) map[string]docPackage {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]docPackage{}
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "## ") {
			in = line == "## Packages"
			continue
		}
		if !in || !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 3 {
			t.Fatalf("docs/architecture.md: a package row needs 3 cells: %q", line)
		}
		name := backticked.FindStringSubmatch(cells[0])
		if name == nil {
			t.Fatalf("docs/architecture.md: no package in %q", cells[0])
		}
		p := docPackage{path: name[1]}
		switch may := strings.TrimSpace(cells[2]); may {
		case "anything":
			p.anything = true
		case "nothing":
		default:
			for _, m := range backticked.FindAllStringSubmatch(may, -1) {
				p.allowed = append(p.allowed, m[1])
			}
			if len(p.allowed) == 0 {
				t.Fatalf("docs/architecture.md: %s may import %q: say anything, nothing or list packages", p.path, may)
			}
		}
		if _, dup := rows[p.path]; dup {
			t.Fatalf("docs/architecture.md names %s twice", p.path)
		}
		rows[p.path] = p
	}
	if len(rows) == 0 {
		t.Fatal("docs/architecture.md: no package table under ## Packages")
	}
	return rows
}

// modulePackages walks the repository for directories holding Go files
// and returns each package's imports of this module by its non-test
// files (test-only packages have none).
func modulePackages(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		pkg := importPath(filepath.Dir(path))
		if _, ok := pkgs[pkg]; !ok {
			pkgs[pkg] = nil
		}
		if strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkgs[pkg] = append(pkgs[pkg], moduleImports(f)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for p, imps := range pkgs {
		slices.Sort(imps)
		pkgs[p] = slices.Compact(imps)
	}
	return pkgs
}

func importPath(dir string) string {
	if dir == "." {
		return modulePath
	}
	return modulePath + "/" + filepath.ToSlash(dir)
}

func moduleImports(f *ast.File) []string {
	var out []string
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		if p == modulePath || strings.HasPrefix(p, modulePath+"/") {
			out = append(out, p)
		}
	}
	return out
}

// under reports whether p is pattern or, for "x/...", x or below it.
func under(p, pattern string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return p == base || strings.HasPrefix(p, base+"/")
	}
	return p == pattern
}

func TestArchitectureDocNamesEveryPackage(t *testing.T) {
	doc := readPackageTable(t)
	pkgs := modulePackages(t)
	var missing, stale []string
	for p := range pkgs {
		if _, ok := doc[p]; !ok {
			missing = append(missing, p)
		}
	}
	for p := range doc {
		if _, ok := pkgs[p]; !ok {
			stale = append(stale, p)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	if len(missing) > 0 {
		t.Errorf("packages missing from docs/architecture.md's table: %v", missing)
	}
	if len(stale) > 0 {
		t.Errorf("docs/architecture.md names packages that do not exist: %v", stale)
	}
	if len(pkgs) < 20 {
		t.Errorf("found only %d packages walking the tree: %v", len(pkgs), slices.Sorted(func(yield func(string) bool) {
			for p := range pkgs {
				if !yield(p) {
					return
				}
			}
		}))
	}
}

func TestImportsFollowTheArchitectureDoc(t *testing.T) {
	doc := readPackageTable(t)
	for p, imps := range modulePackages(t) {
		row, ok := doc[p]
		if !ok || row.anything {
			continue // a missing row is the test above's failure
		}
		for _, imp := range imps {
			if !slices.ContainsFunc(row.allowed, func(a string) bool { return under(imp, a) }) {
				t.Errorf("%s imports %s, which its row in docs/architecture.md does not allow", p, imp)
			}
		}
	}
}

// The house rules, stated on their own so that a loosened row in the doc
// cannot loosen them: dependencies point one way, and the service knows a
// game only through the contract.
func TestHouseRulesOnImports(t *testing.T) {
	pkgs := modulePackages(t)
	var engines []string // the packages of the hosted games and importers
	for _, g := range hostedGames() {
		engines = append(engines, pkgOf(g)+"/...")
	}
	for _, im := range hostedImporters(hostedGames()) {
		engines = append(engines, pkgOf(im)+"/...")
	}
	rules := []struct {
		who       string
		forbidden []string
	}{
		{"rondel/game/...", []string{"rondel/store/...", "rondel/notify/...", "rondel/handlers/...", "rondel/templates/..."}},
		{"rondel/store/...", []string{"rondel/notify/...", "rondel/handlers/...", "rondel/templates/..."}},
		{"rondel/notify/...", append([]string{"rondel/handlers/...", "rondel/templates/..."}, engines...)},
		// Handlers change games through the store alone (issue 19): what a
		// change sets off is the store's observer's business.
		{"rondel/handlers/...", append([]string{"rondel/notify/..."}, engines...)},
	}
	checked := 0
	for _, r := range rules {
		for p, imps := range pkgs {
			if !under(p, r.who) {
				continue
			}
			checked++
			for _, imp := range imps {
				for _, f := range r.forbidden {
					if under(imp, f) {
						t.Errorf("%s imports %s (%s may not import %s)", p, imp, r.who, f)
					}
				}
			}
		}
	}
	if len(engines) < 3 || checked < 15 {
		t.Errorf("the rules met %d packages and %d engines: the walk or the registry is wrong", checked, len(engines))
	}
}

// pkgOf is the import path of the package that defines v's type.
func pkgOf(v any) string {
	tp := reflect.TypeOf(v)
	if tp.Kind() == reflect.Pointer {
		tp = tp.Elem()
	}
	return tp.PkgPath()
}

// The doc's "Adding a game" checklist names every interface of the game
// contract (game/*.go).
func TestArchitectureDocListsTheContract(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range contractInterfaces(t) {
		if !strings.Contains(string(data), "`game."+name+"`") {
			t.Errorf("docs/architecture.md's checklist does not name game.%s", name)
		}
	}
}

// contractInterfaces lists the interface types declared in package game.
func contractInterfaces(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("game", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if _, ok := ts.Type.(*ast.InterfaceType); ok && ts.Name.IsExported() {
					out = append(out, ts.Name.Name)
				}
			}
		}
	}
	sort.Strings(out)
	if len(out) < 15 {
		t.Fatalf("found %d interfaces in game/*.go: %v", len(out), out)
	}
	return out
}
