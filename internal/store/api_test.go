package store

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/testing/sourcetest"
)

// The store's API is what the program uses: every exported method of Store
// is called from a non-test file of the module (its own package's included,
// outside the method itself). A method only tests call belongs in the tests
// (as attemptCodes does), or the tests read what the program reads (as the
// dashboard's sums). The check is by name, so a test-only method that shares
// its name with a method the program calls elsewhere slips through; it
// never blames a method the program uses.
func TestEveryMethodIsUsedByTheProgram(t *testing.T) {
	root := sourcetest.ModuleRoot(t)
	methods := map[string]string{} // exported method of *Store -> file
	called := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := goparser.ParseFile(fset, path, nil, goparser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		collectUses(f, filepath.ToSlash(rel), methods, called)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(methods) < 20 {
		t.Fatalf("found %d methods of Store: the walk missed the package", len(methods))
	}
	var unused []string
	for name, file := range methods {
		if !called[name] {
			unused = append(unused, file+": Store."+name)
		}
	}
	sort.Strings(unused)
	for _, u := range unused {
		t.Errorf("%s is called by no non-test file: move it into the tests, or let the tests use what the program uses", u)
	}
}

// collectUses records the exported methods of *Store that f declares, and
// the names f calls as a selector outside their own declaration.
func collectUses(f *ast.File, rel string, methods map[string]string, called map[string]bool) {
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if ok && strings.HasPrefix(rel, "internal/store/") && isStoreMethod(fn) && fn.Name.IsExported() {
			methods[fn.Name.Name] = rel
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && (fn == nil || sel.Sel.Name != fn.Name.Name) {
				called[sel.Sel.Name] = true
			}
			return true
		})
	}
}

func isStoreMethod(fn *ast.FuncDecl) bool {
	if fn.Recv == nil || len(fn.Recv.List) != 1 {
		return false
	}
	star, ok := fn.Recv.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	id, ok := star.X.(*ast.Ident)
	return ok && id.Name == "Store"
}
