// Package sourcetest reads the module's own Go source for tests that hold
// a rule of the code: where the module is, and which files call the
// system clock.
package sourcetest

import (
	"fmt"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// ModuleRoot is the folder of the go.mod above the test's package.
func ModuleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the package")
		}
		dir = parent
	}
}

// ClockCalls lists every call of time.Now, time.Since or time.Until in the
// non-test Go files of dir, except in the files that allowed names (with
// the reason they read real time), as "file:line: time.Now".
func ClockCalls(t testing.TB, dir string, allowed map[string]string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	fset := token.NewFileSet()
	var out []string
	for _, path := range files {
		name := filepath.Base(path)
		if strings.HasSuffix(name, "_test.go") || allowed[name] != "" {
			continue
		}
		f, err := goparser.ParseFile(fset, path, nil, goparser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "time" && realTime[sel.Sel.Name] {
				out = append(out, fmt.Sprintf("%s:%d: time.%s", name, fset.Position(sel.Pos()).Line, sel.Sel.Name))
			}
			return true
		})
	}
	return out
}

var realTime = map[string]bool{"Now": true, "Since": true, "Until": true}
