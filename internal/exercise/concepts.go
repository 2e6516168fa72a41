package exercise

import (
	"slices"

	"github.com/mcpplayground/playground/internal/frontmatter"
)

// maxConcepts bounds the concepts one exercise may claim, so that a list
// stays a claim a reader can check.
const maxConcepts = 8

// lintConcepts checks the concepts of course.yaml against the exercises'
// front matter: a concept that no exercise practises is reported at
// course.yaml's "concepts:" line; an exercise that names no concept, or one
// the course does not list (a typo, most often), at its own line 2. A course
// without a concepts list asks for nothing.
func lintConcepts(exs []*Exercise, course Course) []error {
	if len(course.Concepts) == 0 {
		return nil
	}
	var errs []error
	practised := map[string]bool{}
	for _, ex := range exs {
		if len(ex.Concepts) == 0 {
			errs = append(errs, frontmatter.Errorf(ex.File, 2, "exercise %s practises no concept: add `concepts: [...]` from %s's list", ex.ID, CourseFile))
		}
		if len(ex.Concepts) > maxConcepts {
			errs = append(errs, frontmatter.Errorf(ex.File, 2, "%d concepts: an exercise practises at most %d", len(ex.Concepts), maxConcepts))
		}
		for _, c := range ex.Concepts {
			if !slices.Contains(course.Concepts, c) {
				errs = append(errs, frontmatter.Errorf(ex.File, 2, "concept %q is not in %s's concepts list", c, CourseFile))
				continue
			}
			practised[c] = true
		}
	}
	for _, c := range course.Concepts {
		if !practised[c] {
			errs = append(errs, frontmatter.Errorf(CourseFile, course.conceptsLine, "concept %q is practised by no exercise: add it to the concepts of one", c))
		}
	}
	return errs
}
