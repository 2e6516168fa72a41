package grader

import (
	"regexp"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
)

// codeSpan is text in code font, which French typography leaves alone.
var codeSpan = regexp.MustCompile("`[^`]*`")

// TestCorpusFrenchTypography renders every diagnostic of the corpus in
// French, placeholders filled in, and holds the sentences to French
// typography: the catalog is checked template by template in TestCatalog,
// and this catches what the code adds around it (suggestions, type names,
// lists, the lesson's name).
func TestCorpusFrenchTypography(t *testing.T) {
	seen := 0
	for _, c := range loadCorpus(t) {
		for _, d := range Check(c.msg, c.opts(i18n.FR)).Diagnostics {
			seen++
			prose := codeSpan.ReplaceAllString(d.Message, "``")
			checkFrench(t, c.name+" "+d.Code, prose)
		}
	}
	if seen < 100 {
		t.Fatalf("only %d French diagnostics rendered; the corpus should give more", seen)
	}
}
