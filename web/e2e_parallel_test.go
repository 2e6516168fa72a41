package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"testing"
)

// The browser tests share one Chromium and each builds its own server,
// database and tab (e2etest): every top-level TestE2E function starts with
// t.Parallel(), so that they run beside each other and not one after
// another before the parallel ones. A test that truly cannot run beside
// others says why in a name that does not start with TestE2E.
func TestBrowserTestsRunInParallel(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var serial []string
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || len(fn.Name.Name) < 7 || fn.Name.Name[:7] != "TestE2E" || fn.Body == nil {
				continue
			}
			if !startsWithParallel(fn.Body) {
				serial = append(serial, f+": "+fn.Name.Name)
			}
		}
	}
	slices.Sort(serial)
	for _, s := range serial {
		t.Errorf("%s does not start with t.Parallel()", s)
	}
}

// startsWithParallel reports whether a function body's first statement is
// t.Parallel().
func startsWithParallel(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	es, ok := body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Parallel" && len(call.Args) == 0
}
