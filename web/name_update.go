package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// nameUpdate sets the learner's optional display name from the progress
// page's form; an empty name makes the learner anonymous again.
func (s *Server) nameUpdate(c *gin.Context) error {
	l := langOf(c)
	if err := parseForm(c, i18n.ExerciseFor(l)); err != nil {
		return err
	}
	learner, err := s.requireLearner(c)
	if err != nil {
		return err
	}
	if _, err := s.store.SetDisplayName(c.Request.Context(), learner.ID, c.PostForm("name")); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, "/"+string(l)+"/progress?done=name")
	return nil
}
