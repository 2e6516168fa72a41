package servercheck

import (
	"sync"
	"testing"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/markdown"
)

// loadServerExercises loads the bundled course's exercises once per test
// binary (most tests here need one of them, and a load takes a good part
// of a second): the tests read them and never change them.
var loadServerExercises = sync.OnceValues(func() ([]*exercise.Exercise, error) {
	exs, err := exercise.Load(exercises.FS, markdown.New(), nil)
	if err != nil {
		return nil, err
	}
	var out []*exercise.Exercise
	for _, ex := range exs {
		if ex.Kind == exercise.KindServer {
			out = append(out, ex)
		}
	}
	return out, nil
})

// serverExercises is the bundled server exercises.
func serverExercises(t testing.TB) []*exercise.Exercise {
	t.Helper()
	out, err := loadServerExercises()
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("the bundled course has no server exercise")
	}
	return out
}
