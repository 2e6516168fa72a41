package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// learnerResetShow asks before erasing one learner's progress.
func (s *Server) learnerResetShow(c *gin.Context) error {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	learner, err := s.learnerParam(c, t)
	if err != nil {
		return err
	}
	vm := s.learnerResetVM(c, t, learner)
	s.render(c, http.StatusOK, view.Confirm(s.instructorFrame(c, l, vm.Title), vm))
	return nil
}
