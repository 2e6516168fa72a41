package logimport

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// Every pattern of the reader is compiled once, at package level: a
// regexp.MustCompile inside a function would compile again on each log
// read, for every format tried.
func TestPatternsCompiledOnce(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(fset, name, nil, goparser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, isIdent := sel.X.(*ast.Ident); isIdent && x.Name == "regexp" && strings.HasPrefix(sel.Sel.Name, "MustCompile") {
					t.Errorf("%s: regexp.%s inside %s: compile it once, in a package variable", fset.Position(sel.Pos()), sel.Sel.Name, fn.Name.Name)
				}
				return true
			})
		}
	}
}
