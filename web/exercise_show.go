package web

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// exerciseShow is an exercise page. It shows the learner's last answer and
// its feedback (graded again, so it follows the page's language), or the
// starter with ?start=1 or before any attempt. Opened from the review
// (?review=1) it is recall: the starter (or blank choices), the hints
// folded, the solution hidden, and what tripped the learner before; the
// form's answer comes back to ?review=1&answered=1, with its feedback.
func (s *Server) exerciseShow(c *gin.Context) error {
	l := langOf(c)
	x := i18n.ExerciseFor(l)
	ex, cat, err := s.exerciseParam(c, x)
	if err != nil {
		return err
	}
	rec, err := s.exerciseProgress(c, ex)
	if err != nil {
		return err
	}
	st := pagevm.ExerciseState{Progress: rec.progress, Answer: ex.Starter, Review: c.Query("review") != ""}
	if rec.found {
		if st.Card, err = s.reviewCard(c.Request.Context(), rec.learner.ID, ex.ID); err != nil {
			return err
		}
	}
	if rec.found && c.Query("start") == "" && (!st.Review || c.Query("answered") != "") {
		a, err := s.store.LastAttempt(c.Request.Context(), rec.learner.ID, ex.ID)
		switch {
		case err == nil:
			res := ex.Grade(a.Answer, l)
			st.Answer, st.Result = a.Answer, &res
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
	}
	s.renderExercise(c, http.StatusOK, l, cat, ex, st)
	return nil
}

// exerciseVM builds ex's page with the server's rule titles, script and
// clock.
func (s *Server) exerciseVM(l i18n.Lang, cat *course.Catalog, ex *exercise.Exercise, st pagevm.ExerciseState) view.ExerciseVM {
	st.ScriptURL, st.Now = s.assets.URL("js/exercise.js"), s.now()
	return pagevm.Exercise(s.codeTitles, l, cat, ex, st)
}

// renderExercise writes an exercise page; it is never cached, since it
// shows one learner's work.
func (s *Server) renderExercise(c *gin.Context, status int, l i18n.Lang, cat *course.Catalog, ex *exercise.Exercise, st pagevm.ExerciseState) {
	vm := s.exerciseVM(l, cat, ex, st)
	f := s.frame(c, l, vm.Title, "exercises")
	f.Description = vm.KindLabel
	if vm.Next != nil {
		f.NextURL = vm.Next.URL
	}
	c.Header("Cache-Control", "no-store")
	s.render(c, status, view.Exercise(f, vm))
}
