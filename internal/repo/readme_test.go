package repo

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The import arrows of docs/architecture.md ("Imports point one way: `a → {b, c}`; …") are
// true: each names a package that imports the next directly, as go list
// says, and nothing but the programs under cmd/ imports web.
func TestReadmeImportArrows(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list; skipped in -short mode")
	}
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(b)), " ")
	start := strings.Index(text, "Imports point one way:")
	end := strings.Index(text[max(start, 0):], "Nothing imports")
	if start < 0 || end < 0 {
		t.Fatal("docs/architecture.md has no paragraph \"Imports point one way: … Nothing imports\"")
	}
	chains := regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(text[start:start+end], -1)
	imports := goList(t, root)
	checked := 0
	for _, c := range chains {
		steps := strings.Split(c[1], " → ")
		for i := 0; i+1 < len(steps); i++ {
			for _, from := range names(steps[i]) {
				for _, to := range names(steps[i+1]) {
					checked++
					if !slices.Contains(imports[pkgPath(from)], pkgPath(to)) {
						t.Errorf("docs/architecture.md says %s → %s, but %s does not import %s", from, to, pkgPath(from), pkgPath(to))
					}
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d arrows read in docs/architecture.md", checked)
	}
	for p, imps := range imports {
		if slices.Contains(imps, pkgPath("web")) && !strings.HasPrefix(p, "github.com/mcpplayground/playground/cmd/") {
			t.Errorf("%s imports web; only the programs under cmd/ may", p)
		}
	}
}

// names are the packages one step of a chain names: "a" or "{a, b}".
func names(step string) []string {
	step = strings.Trim(strings.TrimSpace(step), "{}")
	var out []string
	for _, n := range strings.Split(step, ",") {
		out = append(out, strings.TrimSpace(n))
	}
	return out
}

// pkgPath is the import path of a package as docs/architecture.md names it.
func pkgPath(name string) string {
	const mod = "github.com/mcpplayground/playground/"
	switch {
	case name == "cmd/playground", name == "mockserver", name == "web", strings.HasPrefix(name, "web/"):
		return mod + name
	}
	return mod + "internal/" + name
}

// goList maps each package of the module to its direct imports.
func goList(t *testing.T, root string) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	m := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) > 0 {
			m[f[0]] = f[1:]
		}
	}
	return m
}
