package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// workshopReset erases every learner once confirmed.
func (s *Server) workshopReset(c *gin.Context) error {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	if c.PostForm("confirm") != "yes" {
		vm, err := s.workshopResetVM(c, t)
		if err != nil {
			return err
		}
		vm.Error = t.ConfirmMissing
		s.render(c, http.StatusUnprocessableEntity, view.Confirm(s.instructorFrame(c, l, vm.Title), vm))
		return nil
	}
	n, err := s.store.ResetWorkshop(c.Request.Context())
	if err != nil {
		return err
	}
	s.consoles.Reset()
	s.dashCache.invalidate()
	s.log.Info("instructor reset the workshop", "learners_removed", n)
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/instructor?done=workshop&n=%d", n))
	return nil
}
