package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// resumeReissue gives a learner a new resume code (a roster student's
// personal code and link), for one that leaked: the old code stops
// working at once, and the browsers that came in with it are signed out.
func (s *Server) resumeReissue(c *gin.Context) error {
	t := i18n.InstructorFor(langOf(c))
	learner, err := s.learnerParam(c, t)
	if err != nil {
		return err
	}
	learner, err = s.store.ReissueResumeCode(c.Request.Context(), learner.ID)
	if err != nil {
		return err
	}
	s.dashCache.invalidate()
	s.log.Info("instructor reissued a resume code", "learner", learner.ID)
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/instructor/roster?done=code&id=%d", learner.ID))
	return nil
}
