package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// instructorExerciseShow is an exercise for its instructor, read-only:
// the statement, starter, accepted answers, hints and checks in words,
// and what the room found hard. The dashboard's and the gradebook's
// exercise links open it: the learner's page would send an instructor
// without a learner cookie to the join form.
func (s *Server) instructorExerciseShow(c *gin.Context) error {
	l := langOf(c)
	ex, ok := s.content.Catalog().Exercise(c.Param("id"))
	if !ok {
		return &httpError{status: http.StatusNotFound, msg: i18n.ExerciseFor(l).ErrUnknownExercise}
	}
	d, err := s.dashCache.get(c.Request.Context(), s.store, s.now(), dashboardCourse(c))
	if err != nil {
		return err
	}
	vm := s.codeTitles.InstructorExercise(s.content.Catalog(), l, ex, d.Exercises)
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.InstructorExercise(s.instructorFrame(c, l, vm.Title), vm))
	return nil
}
