package grader

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/testing/sourcetest"
)

// defaultNamed finds a text that names the default revision: "teaches
// (MCP) (revision) R", "enseigne (la révision) R", "R by default",
// "R (the default)", "R par défaut", "default R".
var defaultNamed = []*regexp.Regexp{
	regexp.MustCompile(`(?:teaches|enseigne)(?: MCP)?(?: la)?(?: revision| révision)? [*\x60]*(20\d\d-\d\d-\d\d)`),
	regexp.MustCompile(`(20\d\d-\d\d-\d\d)[*\x60]* (?:by default|par défaut|\(the default\)|\(par défaut\))`),
	regexp.MustCompile(`\bdefault:? [*\x60]*(20\d\d-\d\d-\d\d)`),
}

// A text that names the one revision taught by default (the page footer
// in both languages, the README, the exercise format, lessons) is no list
// of revisions, which TestRevisionListsAgree holds; it is held to
// DefaultRevision here.
func TestDefaultRevisionNamedRight(t *testing.T) {
	for _, l := range i18n.All {
		if f := i18n.UIFor(l).Footer; !strings.Contains(f, DefaultRevision) {
			t.Errorf("%s: the footer %q does not name the revision taught, %s", l, f, DefaultRevision)
		}
	}
	root := sourcetest.ModuleRoot(t)
	found := 0
	eachText(t, root, func(rel string, b []byte) {
		text := strings.Join(strings.Fields(string(b)), " ")
		for _, re := range defaultNamed {
			for _, m := range re.FindAllStringSubmatch(text, -1) {
				found++
				if m[1] != DefaultRevision {
					t.Errorf("%s: %q names %s as the default revision; it is %s", rel, m[0], m[1], DefaultRevision)
				}
			}
		}
	})
	if found < 5 {
		t.Errorf("only %d texts found naming the default revision: the patterns no longer match how texts write it", found)
	}
}
