package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

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
	vm := s.codeTitles.LearnerAttempts(s.content.Catalog(), l, learner, attempts)
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.LearnerAttempts(s.instructorFrame(c, l, vm.Title), vm))
	return nil
}
