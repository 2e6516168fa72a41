package grader

import (
	"fmt"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"
)

// A sender is written grader.SenderClient or grader.SenderServer (and ""
// grader.SenderUnknown), never "client" or "server": TestOneVocabulary
// keeps other packages from defining the words, and this test keeps them
// from spelling them out where a sender is compared or set. Without type
// information, a sender is what is named like one: an identifier or field
// From, from, Sender or sender (a selector ending in one, or through one,
// as in from.Str; a call of one, as in from(i)). Words that only look like
// senders stay free: an exercise kind "server", a log's direction words
// mapped to senders, a JSON member, a page's words.
func TestSendersUseTheJudgesWords(t *testing.T) {
	scan := func(fset *token.FileSet, _ string, f *ast.File) []string { return senderLiteralProblems(fset, f) }
	for _, p := range scanSources(t, scan) {
		t.Error(p)
	}
}

// The scan must find what it is for, or the test above passes for nothing.
func TestSenderLiteralScanFinds(t *testing.T) {
	const src = `package p

func f(ex *E, from func(int) string, s *sel) {
	if ex.Sender == "client" {}
	if "server" != ex.From {}
	if s.from.Str == "server" {}
	if from(1) == "client" {}
	switch ex.Sender {
	case "", "server":
	}
	ex.Sender = "client"
	var sender string
	sender = "server"
	_ = Options{Sender: "client"}
	_ = &selector{from: "server"}
	_ = sender
}

func fine(ex *E, w string) string {
	if ex.Kind == "server" {}
	switch w {
	case "client", "c2s":
	}
	ex.Label = "client"
	_ = Options{Kind: "server"}
	add("client", "{}")
	if ex.Sender == SenderClient {}
	return map[string]string{"client": "x"}["server"]
}
`
	fset := token.NewFileSet()
	f, err := goparser.ParseFile(fset, "p.go", src, goparser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := senderLiteralProblems(fset, f)
	var lines []string
	for _, p := range got {
		lines = append(lines, p[:strings.Index(p, ": ")])
	}
	want := []string{"p.go:4:18", "p.go:5:5", "p.go:6:19", "p.go:7:16", "p.go:9:11", "p.go:11:14",
		"p.go:13:11", "p.go:14:22", "p.go:15:22"}
	if fmt.Sprint(lines) != fmt.Sprint(want) {
		t.Errorf("found at %v, want %v:\n%s", lines, want, strings.Join(got, "\n"))
	}
}

var senderName = regexp.MustCompile(`^(From|from|Sender|sender)$`)

// namesSender reports whether e is named like a sender: from, x.From,
// from.Str, from(i).
func namesSender(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return senderName.MatchString(e.Name)
	case *ast.SelectorExpr:
		return senderName.MatchString(e.Sel.Name) || namesSender(e.X)
	case *ast.CallExpr:
		return namesSender(e.Fun)
	case *ast.ParenExpr:
		return namesSender(e.X)
	case *ast.StarExpr:
		return namesSender(e.X)
	}
	return false
}

// senderLiteral reports whether e is the literal "client" or "server".
func senderLiteral(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Kind == token.STRING && senderWord[lit.Value]
}

func senderLiteralProblems(fset *token.FileSet, f *ast.File) []string {
	var out []string
	report := func(n ast.Node, what string) {
		out = append(out, fmt.Sprintf("%s: %s %s: use grader.SenderClient or grader.SenderServer",
			fset.Position(n.Pos()), what, n.(*ast.BasicLit).Value))
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op != token.EQL && n.Op != token.NEQ {
				break
			}
			if senderLiteral(n.Y) && namesSender(n.X) {
				report(n.Y, "a sender compared with")
			}
			if senderLiteral(n.X) && namesSender(n.Y) {
				report(n.X, "a sender compared with")
			}
		case *ast.SwitchStmt:
			if n.Tag == nil || !namesSender(n.Tag) {
				break
			}
			for _, st := range n.Body.List {
				for _, e := range st.(*ast.CaseClause).List {
					if senderLiteral(e) {
						report(e, "a sender switched on")
					}
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if i < len(n.Rhs) && len(n.Lhs) == len(n.Rhs) && namesSender(lhs) && senderLiteral(n.Rhs[i]) {
					report(n.Rhs[i], "a sender set to")
				}
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && senderName.MatchString(k.Name) && senderLiteral(n.Value) {
				report(n.Value, "a sender set to")
			}
		}
		return true
	})
	return out
}
