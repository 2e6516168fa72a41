package exercise

import (
	"os"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/exercises"
)

// markdownExamples returns the ~~~markdown blocks of FORMAT.md.
func markdownExamples(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	rest := string(src)
	for {
		_, after, ok := strings.Cut(rest, "\n~~~markdown\n")
		if !ok {
			return out
		}
		block, tail, _ := strings.Cut(after, "\n~~~\n")
		out = append(out, block+"\n")
		rest = tail
	}
}

// The guide's examples are real exercises: they load and pass the linter,
// and the complete example is the bundled file, word for word.
func TestFormatExamples(t *testing.T) {
	ex := markdownExamples(t)
	if len(ex) != 2 {
		t.Fatalf("found %d ~~~markdown examples in FORMAT.md, want 2", len(ex))
	}
	for i, name := range []string{"tools-fix-call-params.md", "errors-reply-unknown-method.md"} {
		exs, errs := load(map[string]string{name: ex[i]})
		if len(errs) > 0 {
			t.Errorf("example %d: %v", i+1, errs)
			continue
		}
		for _, err := range Lint(exs, Course{}) {
			t.Errorf("example %d: %v", i+1, err)
		}
	}
	bundledFile, err := exercises.FS.ReadFile("errors-reply-unknown-method.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(bundledFile) != ex[1] {
		t.Error("the complete example in FORMAT.md differs from exercises/errors-reply-unknown-method.md")
	}
}

// The guide documents every kind, under "The nine kinds", in the order of
// Kinds, and each kind's sections table column.
func TestFormatDocumentsEveryKind(t *testing.T) {
	src, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	start := strings.Index(doc, "\n## The nine kinds\n")
	if start < 0 || len(Kinds) != 9 {
		t.Fatalf("FORMAT.md's \"The nine kinds\" and Kinds (%d) disagree", len(Kinds))
	}
	at := start
	for _, k := range Kinds {
		i := strings.Index(doc[at:], "\n### "+string(k)+"\n")
		if i < 0 {
			t.Errorf("FORMAT.md has no \"### %s\" after the previous kind", k)
			continue
		}
		at += i + 1
	}
}
