package web

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// notDomain are the packages of the module that web imports without
// wiring them to HTTP: its own views and assets, and the words and the
// rendering every page uses, the cell every CSV writes.
var notDomain = map[string]string{
	"web/view":          "the templ views, part of the web layer",
	"web/pagevm":        "the builders of the views' models, part of the web layer",
	"static":            "the embedded assets",
	"internal/i18n":     "the words of both languages",
	"internal/markdown": "the rendering of lessons and JSON",
	"internal/csvcell":  "the spreadsheet-safe cell every CSV writes",
}

// The domain packages web wires to HTTP are named twice, in the package
// comment (server.go) and in docs/architecture.md's import arrows ("web → {…}"):
// both name exactly the packages of the module that web imports, aside
// from notDomain; the arrow "web/pagevm → {…}" names those of web/pagevm.
func TestDomainPackagesNamedAsImported(t *testing.T) {
	t.Parallel()
	imported, comment := domainImports(t, ".")
	if len(imported) < 5 {
		t.Fatalf("only %v read as web's imports", imported)
	}

	set := func(list string) []string {
		var out []string
		for _, n := range strings.Split(list, ",") {
			out = append(out, strings.TrimSpace(n))
		}
		slices.Sort(out)
		return out
	}
	m := regexp.MustCompile(`to HTTP \(([^:]+):`).FindStringSubmatch(strings.Join(strings.Fields(comment), " "))
	if m == nil {
		t.Fatal(`the package comment has no list "to HTTP (a, b, …:"`)
	}
	if got := set(m[1]); !slices.Equal(got, imported) {
		t.Errorf("the package comment names %v; web imports %v", got, imported)
	}

	b, err := os.ReadFile("../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(b)), " ")
	m = regexp.MustCompile(`web → \{([^}]+)\}`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatal("docs/architecture.md has no arrow `web → {…}`")
	}
	if got := set(m[1]); !slices.Equal(got, imported) {
		t.Errorf("docs/architecture.md's arrow web → {…} names %v; web imports %v", got, imported)
	}

	// The builders of the view models have their own arrow.
	builders, _ := domainImports(t, "pagevm")
	m = regexp.MustCompile(`web/pagevm → \{([^}]+)\}`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatal("docs/architecture.md has no arrow `web/pagevm → {…}`")
	}
	if got := set(m[1]); !slices.Equal(got, builders) {
		t.Errorf("docs/architecture.md's arrow web/pagevm → {…} names %v; web/pagevm imports %v", got, builders)
	}
}

// domainImports are the packages of the module that the package in dir
// imports, aside from notDomain, sorted, and the package's comment.
func domainImports(t *testing.T, dir string) (imported []string, comment string) {
	t.Helper()
	const mod = "github.com/mcpplayground/playground/"
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if f.Doc != nil && strings.HasPrefix(f.Doc.Text(), "Package web ") {
			comment = f.Doc.Text()
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if rest, ok := strings.CutPrefix(p, mod); ok && notDomain[rest] == "" {
				seen[strings.TrimPrefix(rest, "internal/")] = true
			}
		}
	}
	for p := range seen {
		imported = append(imported, p)
	}
	slices.Sort(imported)
	return imported, comment
}
