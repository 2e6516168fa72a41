package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// judges are the checker's entry points: a call judges a message.
var judges = map[string]bool{"Check": true, "TooLarge": true, "NewSession": true}

// One verdict per message, derived once: web and its builders show the
// reports the exchange (or another domain package) gave, in the page's
// language (grader.Report.In), and never judge a message again. Only the
// HTTP face of the checker, POST /api/validate, calls it.
func TestOnlyValidateCallsTheJudge(t *testing.T) {
	t.Parallel()
	allowed := map[string]bool{"validate_post.go": true}
	seen := 0
	for _, dir := range []string{".", "pagevm", "view"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			for _, call := range judgeCalls(t, path) {
				seen++
				if !allowed[filepath.Base(path)] || dir != "." {
					t.Errorf("%s calls grader.%s: show the exchange's report (Report.In for the page's language) instead of judging again", path, call)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no call of the judge found, not even in validate_post.go: the test reads nothing")
	}
}

// judgeCalls lists the calls of the checker's entry points in a Go file,
// under whatever name it imports the checker.
func judgeCalls(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	name := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); strings.HasSuffix(p, "/internal/grader") {
			name = "grader"
			if imp.Name != nil {
				name = imp.Name.Name
			}
		}
	}
	if name == "" {
		return nil
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == name && judges[sel.Sel.Name] {
			out = append(out, sel.Sel.Name)
		}
		return true
	})
	return out
}
