package servercheck

import (
	"testing"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/markdown"
)

// serverExercises loads the bundled server exercises.
func serverExercises(t testing.TB) []*exercise.Exercise {
	t.Helper()
	exs, err := exercise.Load(exercises.FS, markdown.New(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []*exercise.Exercise
	for _, ex := range exs {
		if ex.Kind == exercise.KindServer {
			out = append(out, ex)
		}
	}
	if len(out) == 0 {
		t.Fatal("the bundled course has no server exercise")
	}
	return out
}
