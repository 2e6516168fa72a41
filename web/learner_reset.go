package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// learnerReset erases one learner's progress once confirmed.
func (s *Server) learnerReset(c *gin.Context) error {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	learner, err := s.learnerParam(c, t)
	if err != nil {
		return err
	}
	if c.PostForm("confirm") != "yes" {
		vm := s.learnerResetVM(c, t, learner)
		vm.Error = t.ConfirmMissing
		s.render(c, http.StatusUnprocessableEntity, view.Confirm(s.instructorFrame(c, l, vm.Title), vm))
		return nil
	}
	if err := s.store.ResetLearner(c.Request.Context(), learner.ID); err != nil {
		return err
	}
	s.dashCache.invalidate()
	s.log.Info("instructor reset a learner", "learner", learner.ID)
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/instructor?done=learner&id=%d", learner.ID))
	return nil
}
