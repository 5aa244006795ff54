package store

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Every error the store returns says which operation failed (errors.go).
// The rule, checked on the source of the store and its packages: a
// function whose last result is an error returns as that error nil, a
// sentinel (a package variable), an error it made (fmt.Errorf,
// errors.New, words.Fail, game.Refuse, wrapErr, a literal), an error it
// was given (a parameter), or an error of a call into its own package,
// which is held to the same rule. What it may not return as it is: the
// error of a call elsewhere (GORM's .Error, database/sql, encoding/json,
// an engine), directly or through a variable. Returns inside function
// literals are the enclosing function's business: their error comes out
// of the call they are passed to (a transaction), which is checked.
//
// bareAllowed lists the functions that may pass another package's error
// on unchanged, and why: keep it short.
var bareAllowed = map[string]string{
	// Each runs a function its caller gave it: that error is the caller's.
	"dialect.go Exclusive": "returns the error of the caller's job",
	"copy.go copyTable":    "returns the error of the caller's each",
	// A refusal in the player's words (words.Fail), shown to them as it is.
	"orders_offer.go CheckOrder": "returns the game's refusal of the order",
}

// errorPackages are the directories (under store/) held to the rule.
// config, lru, pgtest and storetest return no database errors.
var errorPackages = []string{".", "rating"}

func TestErrorsSayTheOperation(t *testing.T) {
	var all []string
	for _, dir := range errorPackages {
		found, err := bareErrors(dir)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, found...)
	}
	for _, f := range all {
		t.Errorf("%s: returns another package's error without saying the operation (wrap it: wrapErr or fmt.Errorf with %%w)", f)
	}
}

// The checker itself finds what it should and passes what it should.
func TestBareErrorsChecker(t *testing.T) {
	src := `package store

import ("encoding/json"; "fmt"; "gorm.io/gorm")

var ErrGone = fmt.Errorf("gone")

func local() error { return nil }

func bad1(tx *gorm.DB) error { return tx.Create(1).Error }
func bad2(b []byte) (int, error) {
	var n int
	err := json.Unmarshal(b, &n)
	if err != nil {
		return 0, err
	}
	return n, nil
}
func bad3(b []byte) (int, error) { var n int; return n, json.Unmarshal(b, &n) }
func good1(tx *gorm.DB) error { return wrapErr(tx.Create(1).Error, "create") }
func good2(b []byte) error {
	if err := json.Unmarshal(b, new(int)); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return ErrGone
}
func good3() error { err := local(); return err }
func good4(err error) error { return err }
func good5(tx *gorm.DB) error { f := func() error { return tx.Error }; return wrapErr(f(), "x") }
func wrapErr(err error, op string) error { return fmt.Errorf(op+": %w", err) }
`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	found, err := bareErrors(dir)
	if err != nil {
		t.Fatal(err)
	}
	var funcs []string
	for _, f := range found {
		funcs = append(funcs, strings.TrimSuffix(strings.Fields(f)[1], ":"))
	}
	if want := []string{"bad1", "bad2", "bad3"}; !slices.Equal(funcs, want) {
		t.Errorf("flagged %v (%q), want %v", funcs, found, want)
	}
}

// OutboxMailByID says "not found" only for a mail that is not there; a
// database that fails is a failure, named.
func TestLookupsKeepNotFoundForNotFound(t *testing.T) {
	ctx := context.Background()
	lookups := []struct {
		name string
		get  func(s *Store) error
	}{
		{"OutboxMailByID", func(s *Store) error { _, err := s.Outbox().ByID(ctx, 4711); return err }},
		{"LocalMailByID", func(s *Store) error { _, err := s.LocalMailByID(ctx, 4711); return err }},
		{"WebhookByID", func(s *Store) error { _, err := s.Webhooks().ByID(ctx, 4711); return err }},
		{"User", func(s *Store) error { _, err := s.User(ctx, 4711); return err }},
	}
	for _, l := range lookups {
		t.Run(l.name, func(t *testing.T) {
			s, _, _ := openTest(t, 0)
			if err := l.get(s); !errors.Is(err, ErrNotFound) {
				t.Fatalf("a missing row: %v, want ErrNotFound", err)
			}
			s.Close() // every query now fails
			err := l.get(s)
			if err == nil || errors.Is(err, ErrNotFound) {
				t.Fatalf("a closed database: %v, want a failure that is not ErrNotFound", err)
			}
			if !strings.HasPrefix(err.Error(), "store: ") {
				t.Errorf("a closed database: %q does not say the store's operation", err)
			}
		})
	}
}

// bareErrors lists "file func: expression" for each return in the
// package in dir that breaks the rule above.
func bareErrors(dir string) ([]string, error) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	pkg := pkgNames{funcs: map[string]bool{}, methods: map[string]bool{}, vars: map[string]bool{}, types: map[string]bool{}}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		pkg.add(f)
	}
	var out []string
	for _, f := range files {
		file := filepath.Base(fset.Position(f.Pos()).Filename)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !returnsError(fd.Type) {
				continue
			}
			bare := pkg.bareReturns(fd)
			if _, ok := bareAllowed[file+" "+fd.Name.Name]; ok {
				if len(bare) == 0 {
					out = append(out, file+" "+fd.Name.Name+": allowed in bareAllowed but needs it no more: remove it there")
				}
				continue
			}
			for _, e := range bare {
				out = append(out, file+" "+fd.Name.Name+": "+exprString(fset, e))
			}
		}
	}
	return out, nil
}

// pkgNames are the names a package declares at its top level.
type pkgNames struct{ funcs, methods, vars, types map[string]bool }

func (p pkgNames) add(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				p.funcs[d.Name.Name] = true
			} else {
				p.methods[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					p.types[s.Name.Name] = true
				case *ast.ValueSpec:
					if d.Tok == token.VAR {
						for _, n := range s.Names {
							p.vars[n.Name] = true
						}
					}
				}
			}
		}
	}
}

func returnsError(t *ast.FuncType) bool {
	if t.Results == nil || len(t.Results.List) == 0 {
		return false
	}
	id, ok := t.Results.List[len(t.Results.List)-1].Type.(*ast.Ident)
	return ok && id.Name == "error"
}

// bareReturns are the error expressions fd returns against the rule.
func (p pkgNames) bareReturns(fd *ast.FuncDecl) []ast.Expr {
	f := p.funcScope(fd)
	var out []ast.Expr
	inspectOutsideLiterals(fd.Body, func(n ast.Node) {
		r, ok := n.(*ast.ReturnStmt)
		if !ok || len(r.Results) == 0 {
			return
		}
		e := r.Results[len(r.Results)-1]
		if !f.acceptable(e, r.Pos()) {
			out = append(out, e)
		}
	})
	return out
}

// funcScope is what one function's body tells about its names.
type funcScope struct {
	pkg       pkgNames
	errParams map[string]bool         // parameters of type error
	ours      map[string]bool         // receiver, parameters and variables of this package's types
	assigned  map[string][]assignment // each variable's assignments in source order
}

type assignment struct {
	pos token.Pos
	rhs ast.Expr
}

func (p pkgNames) funcScope(fd *ast.FuncDecl) funcScope {
	f := funcScope{pkg: p, errParams: map[string]bool{}, ours: map[string]bool{}, assigned: map[string][]assignment{}}
	if fd.Recv != nil && len(fd.Recv.List[0].Names) > 0 {
		f.ours[fd.Recv.List[0].Names[0].Name] = true
	}
	for _, fl := range fd.Type.Params.List {
		t := fl.Type
		if st, ok := t.(*ast.StarExpr); ok {
			t = st.X
		}
		for _, n := range fl.Names {
			switch tt := t.(type) {
			case *ast.Ident:
				f.errParams[n.Name] = tt.Name == "error"
				f.ours[n.Name] = p.types[tt.Name]
			}
		}
	}
	inspectOutsideLiterals(fd.Body, func(n ast.Node) {
		a, ok := n.(*ast.AssignStmt)
		if !ok {
			return
		}
		for i, l := range a.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				continue
			}
			rhs := a.Rhs[0]
			if len(a.Rhs) == len(a.Lhs) {
				rhs = a.Rhs[i]
			}
			f.assigned[id.Name] = append(f.assigned[id.Name], assignment{a.Pos(), rhs})
			if root := rootIdent(rhs); p.madeHere(rhs) || (root != nil && f.ours[root.Name]) {
				f.ours[id.Name] = true // a part of this package's value (s := t.s)
			}
		}
	})
	return f
}

// madeHere reports a call of this package's function or a literal of its type.
func (p pkgNames) madeHere(e ast.Expr) bool {
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = u.X
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		id, ok := e.Type.(*ast.Ident)
		return ok && p.types[id.Name]
	case *ast.CallExpr:
		id, ok := e.Fun.(*ast.Ident)
		return ok && p.funcs[id.Name]
	}
	return false
}

// acceptable reports whether returning e (at pos) keeps the rule.
func (f funcScope) acceptable(e ast.Expr, pos token.Pos) bool {
	switch x := e.(type) {
	case *ast.Ident:
		if x.Name == "nil" || f.pkg.vars[x.Name] || f.errParams[x.Name] {
			return true
		}
		var last ast.Expr // the variable's value: its last assignment before pos
		for _, a := range f.assigned[x.Name] {
			if a.pos < pos {
				last = a.rhs
			}
		}
		switch l := last.(type) {
		case *ast.CallExpr:
			return f.ownCall(l)
		case *ast.UnaryExpr, *ast.CompositeLit:
			return true
		}
		return false
	case *ast.CallExpr:
		return f.ownCall(x)
	case *ast.SelectorExpr:
		return x.Sel.Name != "Error" // a sentinel of another package, not GORM's .Error
	}
	return true // a literal
}

// ownCall reports a call whose error is this package's (held to the rule)
// or one made on the spot.
func (f funcScope) ownCall(c *ast.CallExpr) bool {
	switch fun := c.Fun.(type) {
	case *ast.Ident:
		return f.pkg.funcs[fun.Name] || f.pkg.types[fun.Name]
	case *ast.SelectorExpr:
		if root := rootIdent(fun.X); root != nil && f.ours[root.Name] && f.pkg.methods[fun.Sel.Name] {
			return true
		}
		if x, ok := fun.X.(*ast.Ident); ok {
			switch x.Name + "." + fun.Sel.Name {
			case "fmt.Errorf", "errors.New", "errors.Join", "words.Fail", "game.Refuse":
				return true
			}
		}
	}
	return false
}

func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.CallExpr:
			e = x.Fun // s.Ratings().LadderTable: rooted in s
		default:
			return nil
		}
	}
}

// inspectOutsideLiterals visits the nodes of body that are not inside a
// function literal.
func inspectOutsideLiterals(body *ast.BlockStmt, visit func(ast.Node)) {
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if n != nil {
			visit(n)
		}
		return true
	})
}

func exprString(fset *token.FileSet, e ast.Expr) string {
	pos := fset.Position(e.Pos())
	s := strings.Join(strings.Fields(exprText(pos.Filename, fset, e)), " ")
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return s
}

func exprText(file string, fset *token.FileSet, e ast.Expr) string {
	data, err := os.ReadFile(file)
	if err != nil {
		return "?"
	}
	tf := fset.File(e.Pos())
	return string(data[tf.Offset(e.Pos()):tf.Offset(e.End())])
}
