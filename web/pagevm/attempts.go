package pagevm

import (
	"fmt"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// maxLearnerAttempts bounds the attempts one page shows (the export has
// them all).
const maxLearnerAttempts = 300

// LearnerAttempts is one learner's attempts for the instructor, in the
// order sent: each answer graded again in the instructor's language, with
// what the checker says of it.
func (codes Codes) LearnerAttempts(cat *course.Catalog, l i18n.Lang, learner store.Learner, attempts []store.Attempt) view.LearnerAttemptsVM {
	t := i18n.InstructorFor(l)
	name := learner.DisplayName
	if name == "" {
		name = fmt.Sprintf("#%d", learner.ID)
	}
	vm := view.LearnerAttemptsVM{T: t, Title: fmt.Sprintf(t.AttemptsTitle, name), BackURL: "/instructor", Start: 1}
	// In the order sent, numbered from the first: attempt 1 is the first
	// answer, on the page and in each exercise's own count, even when only
	// the latest maxLearnerAttempts are shown.
	first := max(0, len(attempts)-maxLearnerAttempts)
	vm.Start = first + 1
	onExercise := map[string]int{}
	for i, a := range attempts {
		onExercise[a.ExerciseID]++
		if i < first {
			continue
		}
		avm := codes.attempt(l, t, cat, a)
		avm.OnExercise = i18n.Sprintf(l, i18n.InsightFor(l).AttemptN, onExercise[a.ExerciseID])
		vm.Attempts = append(vm.Attempts, avm)
	}
	return vm
}

// attempt grades a stored answer again, in the instructor's language, to
// show its diagnostics and failed checks.
func (codes Codes) attempt(l i18n.Lang, t *i18n.InstructorUI, cat *course.Catalog, a store.Attempt) view.AttemptVM {
	vm := view.AttemptVM{
		Exercise: view.NavLink{URL: instructorExerciseURL(l, a.ExerciseID), Title: a.ExerciseID},
		At:       a.CreatedAt.Format("15:04"), Passed: a.Passed, Verdict: t.AttemptFailed, Answer: a.Answer,
	}
	if a.Passed {
		vm.Verdict = t.AttemptPassed
	}
	if a.HintsUsed > 0 {
		vm.Hints = i18n.Sprintf(l, t.AttemptHints, a.HintsUsed)
	}
	ex, ok := cat.Exercise(a.ExerciseID)
	if !ok {
		return vm
	}
	vm.Exercise.Title = ex.TextIn(l).Title
	res := ex.Grade(a.Answer, l)
	if fb := Feedback(ex, res, a.Answer); fb != nil {
		eachProblem(fb, func(p *view.ProblemVM) {
			p.RuleURL = codes.RuleURL(l, p.Code)
			vm.Problems = append(vm.Problems, *p)
		})
	}
	return vm
}
