package exercise

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
)

// A message exercise's starter is judged once, at load: StarterCodes are
// the codes grading it finds, in either language, for every bundled
// exercise; the others have none.
func TestStarterCodesJudgedAtLoad(t *testing.T) {
	slugs := lessonSlugs(t)
	exs, err := Load(exercises.FS, markdown.New(), func(s string) bool { return slugs[s] })
	if err != nil {
		t.Fatal(err)
	}
	withCodes := 0
	for _, ex := range exs {
		var want []string
		if ex.Starter != "" && ex.Kind.IsMessage() {
			for _, d := range ex.Grade(ex.Starter, i18n.FR).Report.Diagnostics {
				if !slices.Contains(want, d.Code) {
					want = append(want, d.Code)
				}
			}
		}
		if diff := cmp.Diff(want, ex.StarterCodes()); diff != "" {
			t.Errorf("%s: starter codes (-graded +kept):\n%s", ex.ID, diff)
		}
		if len(want) > 0 {
			withCodes++
		}
	}
	if withCodes < 3 {
		t.Fatalf("%d bundled starters have a diagnostic: too few to say anything", withCodes)
	}
}
