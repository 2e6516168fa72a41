package grader

import (
	"fmt"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/testing/sourcetest"
)

// The JSON-RPC words are defined once, here (message.go), and every package
// uses them: no other package of the module defines a sender or a message
// kind constant, an id-key function of its own, a struct that decodes a
// JSON-RPC envelope, or parses Accept-Language (i18n.Match does). The
// source files are read with go/ast, tests and generated files aside.
func TestOneVocabulary(t *testing.T) {
	for _, p := range scanSources(t, vocabularyProblems) {
		t.Error(p)
	}
}

// scanSources runs scan on every non-test Go file of the module outside
// the judge (internal/grader), testdata and hidden folders aside, and
// returns what it reports.
func scanSources(t *testing.T, scan func(fset *token.FileSet, rel string, f *ast.File) []string) []string {
	t.Helper()
	root := sourcetest.ModuleRoot(t)
	fset := token.NewFileSet()
	var problems []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "internal/grader/") {
			return nil
		}
		f, err := goparser.ParseFile(fset, path, nil, goparser.SkipObjectResolution)
		if err != nil {
			return err
		}
		problems = append(problems, scan(fset, rel, f)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return problems
}

// allowedConsts are constants spelled like a sender that are something else,
// or that cannot use the judge's words.
var allowedConsts = map[string]string{
	"internal/exercise.KindServer":             "an exercise kind (the learner writes a server), not a sender",
	"internal/exercise.KindClient":             "an exercise kind (the learner writes a client), not a sender",
	"internal/testing/schematest.senderClient": "the judge's own tests import schematest, so it cannot import the judge",
	"internal/testing/schematest.senderServer": "the judge's own tests import schematest, so it cannot import the judge",
}

var (
	kindConst  = regexp.MustCompile(`^Kind(Request|Notification|Response|Error|Invalid)$`)
	idKeyFunc  = regexp.MustCompile(`(?i)^(id_?key|key_?of_?id|keyof)$`)
	senderWord = map[string]bool{`"client"`: true, `"server"`: true}
)

func vocabularyProblems(fset *token.FileSet, rel string, f *ast.File) []string {
	pkg := filepath.ToSlash(filepath.Dir(rel))
	var out []string
	report := func(n ast.Node, format string, args ...any) {
		out = append(out, fset.Position(n.Pos()).String()+": "+fmt.Sprintf(format, args...))
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if _, ok := allowedConsts[pkg+"."+name.Name]; ok {
					continue
				}
				if kindConst.MatchString(name.Name) {
					report(name, "%s defines a message kind: use grader.%s", name.Name, name.Name)
				}
				if i < len(n.Values) {
					if lit, ok := n.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING && senderWord[lit.Value] {
						report(name, "%s = %s defines a sender: use grader.SenderClient or grader.SenderServer", name.Name, lit.Value)
					}
				}
			}
		case *ast.FuncDecl:
			if idKeyFunc.MatchString(n.Name.Name) && !calls(n, "grader", "IDKeyOf") {
				report(n, "%s keys ids by a rule of its own: use grader.IDKeyOf", n.Name.Name)
			}
		case *ast.StructType:
			for _, fld := range n.Fields.List {
				if fld.Tag != nil && strings.Contains(fld.Tag.Value, `json:"jsonrpc"`) {
					report(fld, "a struct decoding the JSON-RPC envelope: use grader.ReadEnvelope or grader.ReadMembers")
				}
			}
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && x.Name == "language" && n.Sel.Name == "ParseAcceptLanguage" && pkg != "internal/i18n" {
				report(n, "Accept-Language parsed outside i18n: use i18n.Match or i18n.Negotiate")
			}
		}
		return true
	})
	return out
}

// calls reports whether fn's body calls pkg.name.
func calls(fn *ast.FuncDecl, pkg, name string) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := s.X.(*ast.Ident); ok && x.Name == pkg && s.Sel.Name == name {
				found = true
			}
		}
		return !found
	})
	return found
}
