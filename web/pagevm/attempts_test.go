package pagevm

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
)

// A learner's attempts are numbered from the first, on the page and on
// each exercise, even when only the latest are shown; an exercise no
// longer in the content is named by its id.
func TestLearnerAttempts(t *testing.T) {
	var attempts []store.Attempt
	for i := range maxLearnerAttempts + 2 {
		id := "a"
		if i%2 == 1 {
			id = "b"
		}
		attempts = append(attempts, store.Attempt{ExerciseID: id, Passed: i == maxLearnerAttempts+1})
	}
	vm := CodesOf(nil).LearnerAttempts(&course.Catalog{}, i18n.EN, store.Learner{ID: 7}, attempts)
	last := vm.Attempts[len(vm.Attempts)-1]
	got := []any{vm.Title, vm.Start, len(vm.Attempts), vm.Attempts[0].OnExercise, last.OnExercise, last.Exercise.Title, last.Exercise.URL, last.Verdict}
	want := []any{"#7: attempts", 3, maxLearnerAttempts, "attempt 2", "attempt 151", "b", "/instructor/exercises/b", i18n.InstructorFor(i18n.EN).AttemptPassed}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
