package exercise

import (
	"testing"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/lessons"
)

// lessonSlugs lists the bundled lessons' slugs, read from their file names.
func lessonSlugs(t *testing.T) map[string]bool {
	t.Helper()
	entries, err := lessons.FS.ReadDir("en")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		if len(name) > 6 {
			out[name[3:len(name)-3]] = true
		}
	}
	return out
}

// The bundled exercises load, and pass every check-content rule.
func TestBundledExercises(t *testing.T) {
	slugs := lessonSlugs(t)
	exs, err := Load(exercises.FS, markdown.New(), func(s string) bool { return slugs[s] })
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(exs) < 3 {
		t.Fatalf("got %d exercises, want at least 3", len(exs))
	}
	course, err := ReadCourse(exercises.FS)
	if err != nil {
		t.Fatal(err)
	}
	if len(course.Languages) != 2 {
		t.Errorf("course languages = %v, want en and fr", course.Languages)
	}
	for _, err := range Lint(exs, course) {
		t.Error(err)
	}
}
