package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// maxLearnerAttempts bounds the attempts one page shows (the export has
// them all).
const maxLearnerAttempts = 300

// learnerAttemptsShow is one learner's attempts for the instructor: each
// answer with what the checker says of it, in the order sent.
func (s *Server) learnerAttemptsShow(c *gin.Context) error {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	learner, err := s.learnerParam(c, t)
	if err != nil {
		return err
	}
	attempts, err := s.store.Attempts(c.Request.Context(), store.AttemptFilter{LearnerID: learner.ID})
	if err != nil {
		return err
	}
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
	cat := s.content.Catalog()
	onExercise := map[string]int{}
	for i, a := range attempts {
		onExercise[a.ExerciseID]++
		if i < first {
			continue
		}
		avm := s.attemptVM(l, t, cat.Exercise, a)
		avm.OnExercise = i18n.Sprintf(l, i18n.InsightFor(l).AttemptN, onExercise[a.ExerciseID])
		vm.Attempts = append(vm.Attempts, avm)
	}
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.LearnerAttempts(s.instructorFrame(c, l, vm.Title), vm))
	return nil
}

// attemptVM grades a stored answer again, in the instructor's language, to
// show its diagnostics and failed checks.
func (s *Server) attemptVM(l i18n.Lang, t *i18n.InstructorUI, find func(string) (*exercise.Exercise, bool), a store.Attempt) view.AttemptVM {
	vm := view.AttemptVM{
		Exercise: view.NavLink{URL: pagevm.InstructorExerciseURL(l, a.ExerciseID), Title: a.ExerciseID},
		At:       a.CreatedAt.Format("15:04"), Passed: a.Passed, Verdict: t.AttemptFailed, Answer: a.Answer,
	}
	if a.Passed {
		vm.Verdict = t.AttemptPassed
	}
	if a.HintsUsed > 0 {
		vm.Hints = i18n.Sprintf(l, t.AttemptHints, a.HintsUsed)
	}
	ex, ok := find(a.ExerciseID)
	if !ok {
		return vm
	}
	vm.Exercise.Title = ex.TextIn(l).Title
	res := ex.Grade(a.Answer, l)
	if fb := pagevm.Feedback(ex, res, a.Answer); fb != nil {
		var all []view.ProblemVM
		if fb.First != nil {
			all = append(all, *fb.First)
		}
		all = append(all, fb.Rest...)
		all = append(all, fb.Notes...)
		for _, p := range all {
			p.RuleURL = s.codeTitles.RuleURL(l, p.Code)
			vm.Problems = append(vm.Problems, p)
		}
	}
	return vm
}
